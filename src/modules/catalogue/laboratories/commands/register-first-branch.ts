import type { Changes } from '../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../platform/database/prisma.service';
import { LaboratoryRegistered } from '../laboratories.events';
import { assignMissingBranchCodes } from '../branch-codes';

/** The branch a provider names when its company signs up: where it is, to be completed in /app/laboratories. */
export interface FirstBranchInput {
  companyId: number;
  name: string;
  comunaId: number;
  addressLine?: string;
}

/**
 * Registers the first branch of a company that signs up by itself, in the caller's transaction
 * (identity's provider sign-up), so the company, its user and its branch exist together or not at
 * all. The comuna was checked with the company. Nothing of it is quoted until an administrator
 * approves the company.
 */
export async function registerFirstBranch(tx: Tx, changes: Changes, branch: FirstBranchInput): Promise<number> {
  const { id } = await tx.laboratory.create({
    data: { companyId: branch.companyId, identifierName: branch.name, comunaId: branch.comunaId, addressLine1: branch.addressLine ?? '' },
    select: { id: true },
  });
  await assignMissingBranchCodes(tx, [branch.companyId]);
  changes.record(LaboratoryRegistered({ laboratoryId: id, companyId: branch.companyId }));
  return id;
}
