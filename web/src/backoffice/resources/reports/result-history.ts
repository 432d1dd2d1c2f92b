import type { ResourceScreens } from '../types';
import ResultHistory from './ResultHistory';

/** /app/reports/resultHistory (a provider: its own branches). */
export default { list: ResultHistory } satisfies ResourceScreens;
