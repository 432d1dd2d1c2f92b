import { Module } from '@nestjs/common';
import { ExamsModule } from '../exams';
import { CloseLaboratoryHandler } from './commands/close-laboratory/close-laboratory.handler';
import { RegisterLaboratoryHandler } from './commands/register-laboratory/register-laboratory.handler';
import { RemoveLaboratoryAttributeHandler } from './commands/remove-laboratory-attribute/remove-laboratory-attribute.handler';
import { SetLaboratoryAttributeHandler } from './commands/set-laboratory-attribute/set-laboratory-attribute.handler';
import { UpdateLaboratoryAttributeHandler } from './commands/update-laboratory-attribute/update-laboratory-attribute.handler';
import { UpdateLaboratoryHandler } from './commands/update-laboratory/update-laboratory.handler';
import { InsurersController } from './http/insurers.controller';
import { LaboratoriesController } from './http/laboratories.controller';
import { LaboratoryAttributesController } from './http/laboratory-attributes.controller';
import { OwnLaboratoriesController } from './http/own-laboratories.controller';
import { GetLaboratoryAttributeHandler } from './queries/get-laboratory-attribute/get-laboratory-attribute.query';
import { GetLaboratoryPageHandler } from './queries/get-laboratory-page/get-laboratory-page.query';
import { GetOwnLaboratoryHandler } from './queries/get-own-laboratory/get-own-laboratory.query';
import { ListInsurersHandler } from './queries/list-insurers/list-insurers.query';
import { SearchLaboratoryAttributesHandler } from './queries/search-laboratory-attributes/search-laboratory-attributes.query';
import { SearchOwnLaboratoriesHandler } from './queries/search-own-laboratories/search-own-laboratories.query';

/** Laboratory branches: their data, insurers and attributes, and each one's public page. */
@Module({
  imports: [ExamsModule],
  controllers: [LaboratoriesController, OwnLaboratoriesController, LaboratoryAttributesController, InsurersController],
  providers: [
    RegisterLaboratoryHandler, UpdateLaboratoryHandler, CloseLaboratoryHandler,
    SetLaboratoryAttributeHandler, UpdateLaboratoryAttributeHandler, RemoveLaboratoryAttributeHandler,
    SearchOwnLaboratoriesHandler, GetOwnLaboratoryHandler, GetLaboratoryPageHandler,
    SearchLaboratoryAttributesHandler, GetLaboratoryAttributeHandler, ListInsurersHandler,
  ],
})
export class LaboratoriesModule {}
