import type { Actor } from '../../../platform/auth/actor';
import { assertCompanyAccess } from '../../../platform/cqrs/company-scope';
import type { Tx } from '../../../platform/database/prisma.service';
import { LaboratoryNotFoundError } from './laboratories.errors';

/**
 * The laboratory exists and the caller may touch it (an administrator any, a provider its
 * company's): 404 for an unknown id, 403 for another company's laboratory. Returns its company.
 */
export async function assertLaboratoryAccess(db: Pick<Tx, 'laboratory'>, actor: Actor, laboratoryId: number): Promise<number> {
  const laboratory = await db.laboratory.findUnique({ where: { id: laboratoryId }, select: { companyId: true } });
  if (!laboratory) throw new LaboratoryNotFoundError();
  assertCompanyAccess(actor, laboratory.companyId);
  return laboratory.companyId;
}
