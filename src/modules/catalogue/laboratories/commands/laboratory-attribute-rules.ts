import type { Tx } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { DuplicateLaboratoryAttributeError } from '../laboratories.errors';

/** A laboratory attribute as a form sets it: a value of the list, or free text. */
export interface LaboratoryAttributeInput {
  laboratoryId: number;
  selectListTypeId: number;
  selectListChildId?: number | null;
  value?: string | null;
}

/**
 * An attribute holds a value of its list, or (lists without that value) free text, and the list
 * exists: checked on the attribute as it will be stored, whether created or edited.
 */
export async function assertAttributeValue(tx: Tx, attribute: { selectListTypeId: number; selectListChildId: number | null; value: string | null }): Promise<void> {
  if (attribute.selectListChildId) {
    const child = await tx.selectListChild.findUnique({ where: { id: attribute.selectListChildId }, select: { typeId: true } });
    if (!child || child.typeId !== attribute.selectListTypeId) throw invalidField('selectListChildId', 'El valor no pertenece a esa lista.');
  } else if (!attribute.value) {
    throw invalidField('value', 'Elige un valor de la lista o escribe uno.');
  } else if (!(await tx.selectListType.findUnique({ where: { id: attribute.selectListTypeId }, select: { id: true } }))) {
    throw invalidField('selectListTypeId', 'La lista indicada no existe.');
  }
}

/** The same list value twice on one laboratory (the unique key refuses it) is a 409. */
export function duplicateAttribute(error: unknown): unknown {
  return uniqueViolation(error) ? new DuplicateLaboratoryAttributeError() : error;
}
