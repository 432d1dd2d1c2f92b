import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '../../../platform/http/openapi/decorators';
import { Public } from '../../../platform/auth/access-policy';
import { IdParam } from '../../../platform/http/validated';
import { ListLocationsQuery } from '../queries/list-locations/list-locations.query';

@ApiTags('locations')
@Controller('api/locations')
export class LocationsController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Regiones de Chile, de norte a sur' })
  regions() {
    return this.queries.execute(new ListLocationsQuery());
  }

  @Public()
  @Get('children/:id')
  @ApiOperation({ summary: 'Comunas de una región' })
  children(@IdParam() regionId: number) {
    return this.queries.execute(new ListLocationsQuery(regionId));
  }
}
