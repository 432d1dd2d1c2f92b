import type { Tx } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';

/** A value belongs to a list that exists (a 400 on `typeId` otherwise). */
export async function assertSelectListTypeExists(tx: Tx, typeId: number | undefined): Promise<void> {
  if (typeId !== undefined && !(await tx.selectListType.findUnique({ where: { id: typeId }, select: { id: true } }))) {
    throw invalidField('typeId', 'La lista indicada no existe.');
  }
}
