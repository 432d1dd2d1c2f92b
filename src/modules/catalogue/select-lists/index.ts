export { SelectListsModule } from './select-lists.module';
export * from './select-lists.events';
export * from './select-lists.errors';
