import { Module } from '@nestjs/common';
import { GetLaboratoryExamHandler, RemoveLaboratoryExamHandler, SaveLaboratoryExamHandler, SearchLaboratoryExamsHandler } from './laboratory-exams';
import { LaboratoryExamsController } from './laboratory-exams.controller';

/** The write side of the catalogue: every change that matters to search records an event in the outbox. */
@Module({
  controllers: [LaboratoryExamsController],
  providers: [SearchLaboratoryExamsHandler, GetLaboratoryExamHandler, SaveLaboratoryExamHandler, RemoveLaboratoryExamHandler],
})
export class CatalogueModule {}
