import { Module } from '@nestjs/common';
import { CreateUfValueHandler } from './commands/create-uf-value/create-uf-value.handler';
import { UpdateUfValueHandler } from './commands/update-uf-value/update-uf-value.handler';
import { UfValuesController } from './http/uf-values.controller';
import { GetCurrentUfValueHandler } from './queries/get-current-uf-value/get-current-uf-value.query';
import { GetUfValueHandler } from './queries/get-uf-value/get-uf-value.query';
import { SearchUfValuesHandler } from './queries/search-uf-values/search-uf-values.query';

/**
 * The UF's value by day (`uf_value`, issue 30): administrators keep it, so that an Isapre plan's cap in UF
 * is quoted in pesos. Other modules read it through `currentUfValue` (index.ts).
 */
@Module({
  controllers: [UfValuesController],
  providers: [CreateUfValueHandler, UpdateUfValueHandler, SearchUfValuesHandler, GetUfValueHandler, GetCurrentUfValueHandler],
})
export class UfValuesModule {}
