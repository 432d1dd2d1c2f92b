import type { Tx } from '../../../platform/database/prisma.service';
import { invalidField } from '../../../platform/http/app-error';

/** A company's comuna must be a comuna (not a region) that exists. */
export async function assertComuna(tx: Tx, comunaId: number): Promise<void> {
  const comuna = await tx.location.findFirst({ where: { id: comunaId, kind: 'COMUNA' }, select: { id: true } });
  if (!comuna) throw invalidField('comunaId', 'La comuna indicada no existe.');
}
