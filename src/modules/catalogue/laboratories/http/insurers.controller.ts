import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import { Public } from '../../../../platform/auth/access-policy';
import { ListInsurersQuery } from '../queries/list-insurers/list-insurers.query';

/** Insurers (FONASA and its tramos, Isapres...), for the search form and the laboratory forms. */
@ApiTags('insurers')
@Controller('api/insurer')
export class InsurersController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Previsiones activas: FONASA primero (sus tramos traen parentId), luego las Isapres y las demás, por nombre' })
  list() {
    return this.queries.execute(new ListInsurersQuery());
  }
}
