import { defineEvent, type EventOf } from '../../../platform/messaging/domain-event';

/**
 * Facts about laboratory branches, their attributes and insurers. Every event is filed under the
 * laboratory (aggregate `Laboratory`, id `laboratoryId`), so one laboratory's events keep their
 * order. Payloads carry ids: consumers re-read PostgreSQL, so late or repeated deliveries are harmless.
 */
interface LaboratoryRef {
  laboratoryId: number;
  companyId: number;
}

interface AttributeRef {
  laboratoryAttributeId: number;
  laboratoryId: number;
}

const laboratoryOf = (p: { laboratoryId: number }) => p.laboratoryId;

/** A company opened a new branch (active unless registered closed). */
export const LaboratoryRegistered = defineEvent('LaboratoryRegistered', 'Laboratory', (p: LaboratoryRef) => p.laboratoryId);
/** A branch's data changed: `fields` names what the request changed (`insurerIds` for its insurers). */
export const LaboratoryUpdated = defineEvent('LaboratoryUpdated', 'Laboratory', (p: LaboratoryRef & { fields: string[] }) => p.laboratoryId);
/** The branch leaves search at once; its data and prices stay for history. */
export const LaboratoryClosed = defineEvent('LaboratoryClosed', 'Laboratory', (p: LaboratoryRef) => p.laboratoryId);
/** A laboratory gained an attribute (a select-list value or free text), or one of its attributes changed. */
export const LaboratoryAttributeSet = defineEvent('LaboratoryAttributeSet', 'Laboratory', (p: AttributeRef) => laboratoryOf(p));
/** The attribute no longer applies to this laboratory (deleted, or moved to another laboratory). */
export const LaboratoryAttributeRemoved = defineEvent('LaboratoryAttributeRemoved', 'Laboratory', (p: AttributeRef) => laboratoryOf(p));

export type LaboratoryEvent =
  | EventOf<typeof LaboratoryRegistered>
  | EventOf<typeof LaboratoryUpdated>
  | EventOf<typeof LaboratoryClosed>
  | EventOf<typeof LaboratoryAttributeSet>
  | EventOf<typeof LaboratoryAttributeRemoved>;
