import type { ResourceScreens } from '../types';
import ImportCreate from './ImportCreate';
import ImportList from './ImportList';
import ImportShow from './ImportShow';

/** /app/imports: spreadsheets of branches, prices and the FONASA catalogue, reviewed before they are imported. */
export default { list: ImportList, create: ImportCreate, show: ImportShow } satisfies ResourceScreens;
