import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * Facts of bulk imports. An import changes thousands of rows, so instead of one event per price
 * (one search projection per row) it records one event per branch per chunk, naming the exams
 * whose offers changed; each offer's change still leaves its price history and the branch an
 * audit row. Payloads carry ids: consumers re-read PostgreSQL.
 */
export const LaboratoryPricesImported = defineEvent(
  'LaboratoryPricesImported',
  'Laboratory',
  (p: { importId: number; laboratoryId: number; examIds: number[]; offered: number; repriced: number; restored: number; by: number }) => p.laboratoryId,
);


/**
 * An import ended: COMPLETED (its rows applied), REJECTED ("todo o nada" with a row in error) or FAILED (the server
 * gave up after its retries). Recorded in the transaction that sets that status, so it is told exactly once.
 */
export const ImportFinished = defineEvent('ImportFinished', 'ImportJob', (p: { importId: number; status: 'COMPLETED' | 'REJECTED' | 'FAILED' }) => p.importId);

/** What an import changed in the catalogue (the search projects it). */
export type ImportEvent = EventOf<typeof LaboratoryPricesImported>;
/** Only people are told of it (a mail); nothing a quote shows depends on it. */
export type ImportFinishedEvent = EventOf<typeof ImportFinished>;
