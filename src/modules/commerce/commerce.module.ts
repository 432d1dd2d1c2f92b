import { Module } from '@nestjs/common';
import { ContentModule } from './content';
import { MediaModule } from './media';
import { OrdersModule } from './orders';
import { ProductsModule } from './products';

/**
 * The storefront's commerce: files and media, banners and sliders, categories and products, and
 * (added by the orders feature) cart, checkout, payments and sales orders. Each part is its own
 * Nest module under this folder; this one gathers them for the feature list.
 */
@Module({
  imports: [MediaModule, ContentModule, ProductsModule, OrdersModule],
  exports: [ProductsModule],
})
export class CommerceModule {}
