import { Module } from '@nestjs/common';
import { LocationsController } from './locations.controller';
import { ListComunasOfRegionHandler, ListRegionsHandler } from './queries/list-locations.query';

@Module({
  controllers: [LocationsController],
  providers: [ListRegionsHandler, ListComunasOfRegionHandler],
})
export class LocationsModule {}
