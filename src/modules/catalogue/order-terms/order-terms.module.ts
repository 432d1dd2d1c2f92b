import { Module } from '@nestjs/common';
import { CreateOrderTermHandler } from './commands/create-order-term/create-order-term.handler';
import { DeleteOrderTermHandler } from './commands/delete-order-term/delete-order-term.handler';
import { UpdateOrderTermHandler } from './commands/update-order-term/update-order-term.handler';
import { OrderTermsController } from './http/order-terms.controller';
import { GetOrderTermHandler } from './queries/get-order-term/get-order-term.query';
import { SearchOrderTermsHandler } from './queries/search-order-terms/search-order-terms.query';

/**
 * The order reader's vocabulary beyond one exam's synonyms (`order_term`): administrators keep it; the
 * exam look-up (catalogue/exams) reads the table and notices every change by itself.
 */
@Module({
  controllers: [OrderTermsController],
  providers: [CreateOrderTermHandler, UpdateOrderTermHandler, DeleteOrderTermHandler, SearchOrderTermsHandler, GetOrderTermHandler],
})
export class OrderTermsModule {}
