export { LaboratoriesModule } from './laboratories.module';
export * from './laboratories.events';
export * from './laboratories.errors';
