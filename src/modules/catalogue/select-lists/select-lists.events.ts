import { defineEvent, type EventOf } from '../../../platform/messaging/domain-event';
import type { SelectListFlag } from '../../../contracts/select-lists';

/**
 * Facts about select lists (the types of laboratory attributes and their values). Payloads carry
 * ids: consumers re-read PostgreSQL, so late or repeated deliveries are harmless. An update or a
 * flag event is recorded only when a stored value actually changed; which ones matter to search
 * (a public type's name, `isfilter`...) is the consumer's call.
 */
export const SelectListTypeCreated = defineEvent('SelectListTypeCreated', 'SelectListType', (p: { typeId: number }) => p.typeId);
/** Code, name or sort order of a type changed (`fields` names them); flags have their own event. */
export const SelectListTypeUpdated = defineEvent('SelectListTypeUpdated', 'SelectListType', (p: { typeId: number; fields: string[] }) => p.typeId);
/** `isvisible`, `ispublic` or `isfilter` of a type changed, from its toggle or from an edit. */
export const SelectListFlagChanged = defineEvent('SelectListFlagChanged', 'SelectListType', (p: { typeId: number; flag: SelectListFlag; value: boolean }) => p.typeId);
/** A type and its values are gone, with the attributes of `laboratoryIds` (found before deleting). */
export const SelectListTypeDeleted = defineEvent('SelectListTypeDeleted', 'SelectListType', (p: { typeId: number; laboratoryIds: number[] }) => p.typeId);
export const SelectListValueCreated = defineEvent('SelectListValueCreated', 'SelectListValue', (p: { valueId: number; typeId: number }) => p.valueId);
/** Code, name, order, active or list of a value changed; `typeId` is its list after the change. */
export const SelectListValueUpdated = defineEvent('SelectListValueUpdated', 'SelectListValue', (p: { valueId: number; typeId: number }) => p.valueId);
/** A value is gone, with the attributes of `laboratoryIds` that held it (found before deleting). */
export const SelectListValueDeleted = defineEvent('SelectListValueDeleted', 'SelectListValue', (p: { valueId: number; typeId: number; laboratoryIds: number[] }) => p.valueId);

export type SelectListEvent =
  | EventOf<typeof SelectListTypeCreated>
  | EventOf<typeof SelectListTypeUpdated>
  | EventOf<typeof SelectListFlagChanged>
  | EventOf<typeof SelectListTypeDeleted>
  | EventOf<typeof SelectListValueCreated>
  | EventOf<typeof SelectListValueUpdated>
  | EventOf<typeof SelectListValueDeleted>;
