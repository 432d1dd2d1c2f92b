import type { ResourceScreens } from '../types';
import { ProductCreate, ProductEdit } from './ProductForm';
import { ProductList } from './ProductList';
import { ProductShow } from './ProductShow';

/** /app/products: packages of exams sold at a branch (an administrator sees every company's, a provider its own). */
export default { list: ProductList, create: ProductCreate, edit: ProductEdit, show: ProductShow } satisfies ResourceScreens;
