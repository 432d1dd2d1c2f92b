export { ImportsModule } from './imports.module';
export * from './imports.events';
export * from './imports.errors';
/** Excel-safe CSV lines (`;`, BOM, formula-injection guard): the one CSV writer of the server. */
export { CSV_BOM, csvLine } from './domain/error-file';
