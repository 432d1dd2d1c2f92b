import type { Actor } from '../../../platform/auth/actor';
import { assertLaboratoryScope } from '../../../platform/cqrs/company-scope';
import type { Tx } from '../../../platform/database/prisma.service';
import { LaboratoryNotFoundError } from './laboratories.errors';

/**
 * The laboratory exists and the caller may touch it (an administrator any, a provider its
 * company's, narrowed to its granted laboratories): 404 for an unknown id, another company's
 * laboratory or one outside the grants (`notFound` says what: the laboratory, or a row of it asked
 * for by its own id). Returns its company.
 */
export async function assertLaboratoryAccess(
  db: Pick<Tx, 'laboratory'>,
  actor: Actor,
  laboratoryId: number,
  notFound: () => Error = () => new LaboratoryNotFoundError(),
): Promise<number> {
  const laboratory = await db.laboratory.findUnique({ where: { id: laboratoryId }, select: { id: true, companyId: true } });
  if (!laboratory) throw notFound();
  assertLaboratoryScope(actor, laboratory, notFound);
  return laboratory.companyId;
}
