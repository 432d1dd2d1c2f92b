import { Module } from '@nestjs/common';
import { DeleteSavedOrderHandler } from './commands/delete-saved-order/delete-saved-order.handler';
import { SaveOrderHandler } from './commands/save-order/save-order.handler';
import { SavedOrdersController } from './http/saved-orders.controller';
import { ListSavedOrdersHandler } from './queries/list-saved-orders/list-saved-orders.query';

/** Orders a person keeps to quote again later ("Mis órdenes", issue 19). */
@Module({ controllers: [SavedOrdersController], providers: [SaveOrderHandler, DeleteSavedOrderHandler, ListSavedOrdersHandler] })
export class SavedOrdersModule {}
