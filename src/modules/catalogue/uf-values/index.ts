export { UfValuesModule } from './uf-values.module';
export * from './uf-values.errors';
export { currentUfValue } from './current-uf-value';
