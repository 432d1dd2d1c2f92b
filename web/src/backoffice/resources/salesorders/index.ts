import type { ResourceScreens } from '../types';
import SalesOrderList from './SalesOrderList';
import SalesOrderShow from './SalesOrderShow';

/** /app/salesorders: orders and their vouchers; no create or edit (orders come from checkout). */
export default { list: SalesOrderList, show: SalesOrderShow } satisfies ResourceScreens;
