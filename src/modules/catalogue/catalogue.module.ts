import { Module } from '@nestjs/common';
import { ExamsController, InsurersController, LaboratoriesController, LaboratoryAttributesController, NearLocationsController, SelectListsController } from './catalogue.controller';
import { GetExamHandler, RetireExamHandler, SaveExamHandler } from './exams';
import { ListInsurersHandler } from './insurers';
import { CloseLaboratoryHandler, GetLaboratoryPageHandler, GetOwnLaboratoryHandler, SaveLaboratoryHandler, SearchOwnLaboratoriesHandler } from './laboratories';
import { DeleteLaboratoryAttributeHandler, GetLaboratoryAttributeHandler, SaveLaboratoryAttributeHandler, SearchLaboratoryAttributesHandler } from './laboratory-attributes';
import { GetLaboratoryExamHandler, RemoveLaboratoryExamHandler, SaveLaboratoryExamHandler, SearchLaboratoryExamsHandler } from './laboratory-exams';
import { LaboratoryExamsController } from './laboratory-exams.controller';
import { DeleteNearLocationHandler, ImportNearLocationsHandler, SaveNearLocationHandler, SearchNearLocationsHandler } from './near-locations';
import {
  DeleteSelectListChildHandler, DeleteSelectListTypeHandler, GetSelectListChildHandler, GetSelectListTypeHandler,
  SaveSelectListChildHandler, SaveSelectListTypeHandler, SearchSelectListTypesHandler,
} from './select-lists';

/** The write side of the catalogue: every change that matters to search records an event in the outbox. */
@Module({
  controllers: [ExamsController, LaboratoriesController, LaboratoryExamsController, LaboratoryAttributesController, SelectListsController, NearLocationsController, InsurersController],
  providers: [
    GetExamHandler, SaveExamHandler, RetireExamHandler,
    SearchOwnLaboratoriesHandler, GetOwnLaboratoryHandler, GetLaboratoryPageHandler, SaveLaboratoryHandler, CloseLaboratoryHandler,
    SearchLaboratoryExamsHandler, GetLaboratoryExamHandler, SaveLaboratoryExamHandler, RemoveLaboratoryExamHandler,
    SearchLaboratoryAttributesHandler, GetLaboratoryAttributeHandler, SaveLaboratoryAttributeHandler, DeleteLaboratoryAttributeHandler,
    SearchSelectListTypesHandler, GetSelectListTypeHandler, SaveSelectListTypeHandler, DeleteSelectListTypeHandler,
    GetSelectListChildHandler, SaveSelectListChildHandler, DeleteSelectListChildHandler,
    SearchNearLocationsHandler, SaveNearLocationHandler, DeleteNearLocationHandler, ImportNearLocationsHandler,
    ListInsurersHandler,
  ],
})
export class CatalogueModule {}
