export { GeographyModule } from './geography.module';
export * from './geography.events';
export * from './geography.errors';
