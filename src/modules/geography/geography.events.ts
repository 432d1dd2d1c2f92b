import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * The near locations of some comunas changed. `comunaIds` are the *near* side of the pairs added,
 * changed or removed: the laboratories in those comunas now serve a different set of comunas.
 */
export const NearLocationsChanged = defineEvent('NearLocationsChanged', 'Location', (p: { comunaIds: number[] }) => p.comunaIds.join(',').slice(0, 200));

export type GeographyEvent = EventOf<typeof NearLocationsChanged>;
