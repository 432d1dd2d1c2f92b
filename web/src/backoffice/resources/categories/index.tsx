import type { ResourceScreens } from '../types';
import { CategoryCreate, CategoryEdit } from './CategoryForm';
import { CategoryList } from './CategoryList';
import { CategoryShow } from './CategoryShow';

/** /app/categories: how the storefront groups its packages. */
export default { list: CategoryList, create: CategoryCreate, edit: CategoryEdit, show: CategoryShow } satisfies ResourceScreens;
