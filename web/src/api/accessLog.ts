import type { AccessLogEntry, AccessRecorded } from '@contracts';
import { api } from './client';

/**
 * The storefront's access log, what the reports count (a module of its own: the storefront loads it without the back
 * office's report hooks). Sent in the background: the progress bar does not move.
 */
export const accessLogCalls = {
  record: (entry: AccessLogEntry): Promise<AccessRecorded> => api.postQuietly('/api/log-access', entry),
};
