import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * The near locations of some comunas changed. `comunaIds` are the *near* side of the pairs added,
 * changed or removed: the laboratories in those comunas now serve a different set of comunas.
 */
// The aggregate is the comuna whose neighbours changed; an import that changes many names none of them
// (the ids are in the payload; a joined list would not fit the outbox's 60-character aggregate id).
export const NearLocationsChanged = defineEvent('NearLocationsChanged', 'Location', (p: { comunaIds: number[] }) => (p.comunaIds.length === 1 ? p.comunaIds[0] : `${p.comunaIds.length} comunas`));

export type GeographyEvent = EventOf<typeof NearLocationsChanged>;
