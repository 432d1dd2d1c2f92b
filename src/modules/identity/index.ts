export { IdentityModule } from './identity.module';
export * from './identity.events';
export * from './identity.errors';
