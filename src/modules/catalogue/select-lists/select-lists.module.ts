import { Module } from '@nestjs/common';
import { CreateSelectListTypeHandler } from './commands/create-select-list-type/create-select-list-type.handler';
import { CreateSelectListValueHandler } from './commands/create-select-list-value/create-select-list-value.handler';
import { DeleteSelectListTypeHandler } from './commands/delete-select-list-type/delete-select-list-type.handler';
import { DeleteSelectListValueHandler } from './commands/delete-select-list-value/delete-select-list-value.handler';
import { SetSelectListFlagHandler } from './commands/set-select-list-flag/set-select-list-flag.handler';
import { UpdateSelectListTypeHandler } from './commands/update-select-list-type/update-select-list-type.handler';
import { UpdateSelectListValueHandler } from './commands/update-select-list-value/update-select-list-value.handler';
import { SelectListTypesController } from './http/select-list-types.controller';
import { SelectListValuesController } from './http/select-list-values.controller';
import { GetSelectListTypeHandler } from './queries/get-select-list-type/get-select-list-type.query';
import { GetSelectListTypesByCodeHandler } from './queries/get-select-list-types-by-code/get-select-list-types-by-code.query';
import { GetSelectListValueHandler } from './queries/get-select-list-value/get-select-list-value.query';
import { ListSelectListTypesHandler } from './queries/list-select-list-types/list-select-list-types.query';
import { SearchSelectListTypesHandler } from './queries/search-select-list-types/search-select-list-types.query';

/** Select lists: the types of laboratory attributes (Servicios, Medios de pago...), their values and flags. */
@Module({
  controllers: [SelectListTypesController, SelectListValuesController],
  providers: [
    CreateSelectListTypeHandler, UpdateSelectListTypeHandler, SetSelectListFlagHandler, DeleteSelectListTypeHandler,
    CreateSelectListValueHandler, UpdateSelectListValueHandler, DeleteSelectListValueHandler,
    SearchSelectListTypesHandler, GetSelectListTypeHandler, ListSelectListTypesHandler, GetSelectListTypesByCodeHandler, GetSelectListValueHandler,
  ],
})
export class SelectListsModule {}
