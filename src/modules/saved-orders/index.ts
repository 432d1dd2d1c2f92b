export { SavedOrdersModule } from './saved-orders.module';
