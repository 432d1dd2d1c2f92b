import { Module } from '@nestjs/common';
import { AddNearLocationHandler } from './commands/add-near-location/add-near-location.handler';
import { ImportNearLocationsHandler } from './commands/import-near-locations/import-near-locations.handler';
import { RemoveNearLocationHandler } from './commands/remove-near-location/remove-near-location.handler';
import { UpdateNearLocationHandler } from './commands/update-near-location/update-near-location.handler';
import { LocationsController } from './http/locations.controller';
import { NearLocationsController } from './http/near-locations.controller';
import { ListLocationsHandler } from './queries/list-locations/list-locations.query';
import { SearchNearLocationsHandler } from './queries/search-near-locations/search-near-locations.query';

/** Geography: Chile's regions and comunas (reference data), and which comunas count as near each other. */
@Module({
  controllers: [LocationsController, NearLocationsController],
  providers: [
    ListLocationsHandler, SearchNearLocationsHandler,
    AddNearLocationHandler, UpdateNearLocationHandler, RemoveNearLocationHandler, ImportNearLocationsHandler,
  ],
})
export class GeographyModule {}
