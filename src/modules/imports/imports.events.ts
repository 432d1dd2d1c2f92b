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

/** Exams of the catalogue were created or changed by an import (names, types, synonyms, FONASA values). */
export const ExamsImported = defineEvent('ExamsImported', 'Exam', (p: { importId: number; examIds: number[]; created: number[]; by: number }) => `import:${p.importId}`);

export type ImportEvent = EventOf<typeof LaboratoryPricesImported> | EventOf<typeof ExamsImported>;
