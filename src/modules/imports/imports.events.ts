import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * An import ended: COMPLETED (its rows applied), REJECTED ("todo o nada" with a row in error) or FAILED (the server
 * gave up after its retries). Recorded in the transaction that sets that status, so it is told exactly once.
 */
export const ImportFinished = defineEvent('ImportFinished', 'ImportJob', (p: { importId: number; status: 'COMPLETED' | 'REJECTED' | 'FAILED' }) => p.importId);

/** Only people are told of it (a mail); nothing a quote shows depends on it. */
export type ImportFinishedEvent = EventOf<typeof ImportFinished>;
