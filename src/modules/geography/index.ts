export { GeographyModule } from './geography.module';
export * from './geography.events';
export * from './geography.errors';
/** For the storefront's server-written pages (issue 18): the regions and comunas their place pickers show first. */
export { ListLocationsQuery } from './queries/list-locations/list-locations.query';
