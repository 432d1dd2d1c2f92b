import type { Tx } from '../../../platform/database/prisma.service';
import { ValidationError, invalidField } from '../../../platform/http/app-error';

/** Both ends of a pair are comunas that exist, and not the same one (one 400 naming each wrong field). */
export async function assertNearPair(tx: Tx, pair: { locationId: number; nearLocationId: number }): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const field of ['locationId', 'nearLocationId'] as const) {
    if (!(await tx.location.findFirst({ where: { id: pair[field], kind: 'COMUNA' }, select: { id: true } }))) errors[field] = ['La comuna indicada no existe.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (pair.locationId === pair.nearLocationId) throw invalidField('nearLocationId', 'Una comuna no puede ser cercana de sí misma.');
}
