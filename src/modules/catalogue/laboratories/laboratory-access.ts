import type { Actor } from '../../../platform/auth/actor';
import { assertLaboratoryScope } from '../../../platform/cqrs/company-scope';
import type { Tx } from '../../../platform/database/prisma.service';
import { LaboratoryNotFoundError } from './laboratories.errors';

/**
 * The laboratory exists and the caller may touch it (an administrator any, a provider its
 * company's, narrowed to its granted laboratories): 404 for an unknown id or one outside the
 * grants, 403 for another company's laboratory. Returns its company.
 */
export async function assertLaboratoryAccess(db: Pick<Tx, 'laboratory'>, actor: Actor, laboratoryId: number): Promise<number> {
  const laboratory = await db.laboratory.findUnique({ where: { id: laboratoryId }, select: { id: true, companyId: true } });
  if (!laboratory) throw new LaboratoryNotFoundError();
  assertLaboratoryScope(actor, laboratory, () => new LaboratoryNotFoundError());
  return laboratory.companyId;
}
