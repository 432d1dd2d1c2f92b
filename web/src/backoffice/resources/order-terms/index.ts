import type { ResourceScreens } from '../types';
import OrderTermCreate from './OrderTermCreate';
import OrderTermEdit from './OrderTermEdit';
import OrderTermList from './OrderTermList';
import OrderTermShow from './OrderTermShow';

/**
 * /app/order-terms: the order reader's vocabulary beyond one exam's synonyms (those are kept on the
 * exam's form): panels, ambiguous terms, what is not a laboratory exam and words that change nothing.
 */
export default { list: OrderTermList, create: OrderTermCreate, edit: OrderTermEdit, show: OrderTermShow } satisfies ResourceScreens;
