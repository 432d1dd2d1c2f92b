import { Module } from '@nestjs/common';
import { CreateCategoryHandler } from './commands/create-category/create-category.handler';
import { UpdateCategoryHandler } from './commands/update-category/update-category.handler';
import { CreateProductHandler } from './commands/create-product/create-product.handler';
import { DeleteProductHandler } from './commands/delete-product/delete-product.handler';
import { UpdateProductHandler } from './commands/update-product/update-product.handler';
import { CategoriesController } from './http/categories.controller';
import { ProductsController, ProviderProductsController } from './http/products.controller';
import { ProductCatalogue } from './product-catalogue';
import { FindCoveringPackagesHandler } from './queries/find-covering-packages/find-covering-packages.query';
import { GetCategoryHandler } from './queries/get-category/get-category.query';
import { GetProductHandler } from './queries/get-product/get-product.query';
import { SearchCategoriesHandler } from './queries/search-categories/search-categories.query';
import { SearchProductsHandler } from './queries/search-products/search-products.query';

/** Categories and products (packages of exams a laboratory branch sells), for the storefront, administrators and providers. */
@Module({
  controllers: [CategoriesController, ProductsController, ProviderProductsController],
  providers: [
    CreateCategoryHandler, UpdateCategoryHandler, SearchCategoriesHandler, GetCategoryHandler,
    CreateProductHandler, UpdateProductHandler, DeleteProductHandler, SearchProductsHandler, GetProductHandler, FindCoveringPackagesHandler,
    ProductCatalogue,
  ],
  exports: [ProductCatalogue],
})
export class ProductsModule {}
