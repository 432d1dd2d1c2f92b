import type { ResourceScreens } from '../types';
import SearchHistory from './SearchHistory';

/** /app/reports/searchHistory. */
export default { list: SearchHistory } satisfies ResourceScreens;
