import { VISIT_FEE_KINDS, type OpeningHours, type VisitFeeInput, type VisitFeeKind } from '../../../../../contracts/laboratories';
import type { Actor } from '../../../../../platform/auth/actor';
import type { Changes } from '../../../../../platform/cqrs/unit-of-work';
import type { PrismaService, Tx } from '../../../../../platform/database/prisma.service';
import { LaboratoryRegistered, LaboratoryUpdated } from '../../laboratories.events';
import { replaceVisitFees, toVisitFee } from '../../visit-fees/visit-fees';
import { FONASA_NEEDS_LEVEL, fonasaBonoInsurers, fonasaWithoutLevel, laboratoryColumns, replaceInsurers, settleFonasaFacts } from '../laboratory-fields';

/**
 * A company's branch as a batch states it (a row of a branch import), named by its branch code: a field left
 * undefined keeps what is stored; fees replace only the kinds in `feeKinds`.
 */
export interface BranchChange {
  branchCode: string;
  identifierName: string;
  addressLine1: string;
  comunaId: number;
  phone?: string | null;
  email?: string | null;
  openingHours?: OpeningHours[];
  fonasaLevel?: number | null;
  insurerIds?: number[];
  fees?: VisitFeeInput[];
  feeKinds?: VisitFeeKind[];
}

/** What a change will do (check) or did (save); a refused one says which field broke which rule. */
export type BranchOutcome =
  | { status: 'CREATE'; laboratoryId?: number }
  | { status: 'UNCHANGED'; laboratoryId: number }
  | { status: 'UPDATE'; laboratoryId: number; fields: string[] }
  | { status: 'ERROR'; field: 'branchCode' | 'fonasaLevel'; code: 'UNKNOWN_BRANCH' | 'FONASA_WITHOUT_LEVEL'; message: string };

interface StoredBranch {
  id: number;
  identifierName: string;
  addressLine1: string;
  comunaId: number;
  phone: string | null;
  email: string | null;
  openingHours: OpeningHours[];
  fonasaLevel: number | null;
  insurerIds: number[];
  fees: VisitFeeInput[];
}

/** Who saves, and what the audit rows say the batch came from (an import's id). */
export interface BranchBatchScope {
  actor: Actor;
  companyId: number;
  origin: Record<string, string | number>;
}

/**
 * Registering or updating many branches of a company at once (the branch import), with the rules the branch
 * form's commands apply to one: a provider narrowed to some branches touches only those, FONASA listed for a
 * branch without an MLE level is refused, the database's FONASA facts are settled, and each branch records its
 * own `LaboratoryRegistered` / `LaboratoryUpdated` and audit row. `check` reads only (an import's dry run);
 * `save` writes in the caller's transaction, re-checking against the rows as they are now, under their locks.
 */
export const BranchBatch = {
  async check(db: PrismaService | Tx, scope: BranchBatchScope, branches: BranchChange[]): Promise<BranchOutcome[]> {
    // One after the other: `db` is an import's dry-run transaction, one connection.
    const stored = await storedBranches(db, scope.companyId, branches, false);
    const bono = await fonasaBonoInsurers(db);
    return branches.map((change) => judge(scope, change, stored.get(change.branchCode), bono));
  },

  async save(tx: Tx, changes: Changes, scope: BranchBatchScope, branches: BranchChange[]): Promise<BranchOutcome[]> {
    const stored = await storedBranches(tx, scope.companyId, branches, true);
    const bono = await fonasaBonoInsurers(tx);
    const outcomes: BranchOutcome[] = [];
    for (const change of branches) {
      const branch = stored.get(change.branchCode);
      const outcome = judge(scope, change, branch, bono);
      if (outcome.status === 'ERROR' || outcome.status === 'UNCHANGED') {
        outcomes.push(outcome);
        continue;
      }
      const { insurerIds, fees, feeKinds: _, ...fields } = change;
      if (outcome.status === 'CREATE') {
        const { id } = await tx.laboratory.create({ data: { ...laboratoryColumns(fields), companyId: scope.companyId }, select: { id: true } });
        if (insurerIds?.length) await replaceInsurers(tx, id, insurerIds);
        if (fees?.length) await replaceVisitFees(tx, id, fees);
        changes.record(LaboratoryRegistered({ laboratoryId: id, companyId: scope.companyId }));
        changes.audit('laboratory.registered', 'Laboratory', id, { companyId: scope.companyId, ...scope.origin });
        outcomes.push({ status: 'CREATE', laboratoryId: id });
        continue;
      }
      const changed = outcome.fields;
      await tx.laboratory.update({ where: { id: outcome.laboratoryId }, data: laboratoryColumns(fields) });
      if (insurerIds && changed.includes('insurerIds')) await replaceInsurers(tx, outcome.laboratoryId, insurerIds);
      if (changed.includes('fees')) await replaceVisitFees(tx, outcome.laboratoryId, mergedFees(change, branch!.fees));
      changes.record(LaboratoryUpdated({ laboratoryId: outcome.laboratoryId, companyId: scope.companyId, fields: changed }));
      changes.audit('laboratory.updated', 'Laboratory', outcome.laboratoryId, { fields: changed.join(','), ...scope.origin });
      outcomes.push(outcome);
    }
    await settleFonasaFacts(tx);
    return outcomes;
  },
};

/** One change against the branch stored under its code (none: a new branch). */
function judge(scope: BranchBatchScope, change: BranchChange, branch: StoredBranch | undefined, bono: Set<number>): BranchOutcome {
  // A provider narrowed to some branches (person-visibility grants) updates only those, as on the screens.
  const grants = scope.actor.profile !== 'ADM' ? scope.actor.laboratoryIds : null;
  if (branch && grants && !grants.includes(branch.id)) return { status: 'ERROR', field: 'branchCode', code: 'UNKNOWN_BRANCH', message: 'No tienes acceso a la sucursal con este código.' };
  // As the branch form: only the insurers stated are checked against the level (stated, or the stored one).
  const level = change.fonasaLevel !== undefined ? change.fonasaLevel : (branch?.fonasaLevel ?? null);
  if (fonasaWithoutLevel(change.insurerIds, level, bono)) return { status: 'ERROR', field: 'fonasaLevel', code: 'FONASA_WITHOUT_LEVEL', message: FONASA_NEEDS_LEVEL };
  if (!branch) return { status: 'CREATE' };
  const fields = differences(change, branch);
  return fields.length > 0 ? { status: 'UPDATE', laboratoryId: branch.id, fields } : { status: 'UNCHANGED', laboratoryId: branch.id };
}

async function storedBranches(db: PrismaService | Tx, companyId: number, branches: BranchChange[], lock: boolean): Promise<Map<string, StoredBranch>> {
  const codes = branches.map((b) => b.branchCode);
  if (lock) await db.$queryRaw`SELECT 1 FROM laboratory WHERE company_id = ${companyId} AND branch_code = ANY(${codes}::text[]) ORDER BY id FOR UPDATE`;
  const rows = await db.laboratory.findMany({
    where: { companyId, branchCode: { in: codes } },
    select: {
      id: true, branchCode: true, identifierName: true, addressLine1: true, comunaId: true, phone: true, email: true, openingHours: true, fonasaLevel: true,
      insurers: { select: { insurerId: true } }, fees: { select: { kind: true, amount: true, startsAt: true, endsAt: true }, orderBy: { kind: 'asc' } },
    },
  });
  return new Map(
    rows.map(({ branchCode, insurers, openingHours, fees, ...row }) => [
      branchCode!,
      { ...row, openingHours: (openingHours ?? []) as unknown as OpeningHours[], insurerIds: insurers.map((i) => i.insurerId).sort((a, b) => a - b), fees },
    ]),
  );
}

const sameFees = (a: VisitFeeInput[], b: VisitFeeInput[]) => JSON.stringify(a.map(toVisitFee)) === JSON.stringify(b.map(toVisitFee));
const sameHours = (a: OpeningHours[], b: OpeningHours[]) => JSON.stringify(a.map(({ day, opens, closes }) => [day, opens, closes])) === JSON.stringify(b.map(({ day, opens, closes }) => [day, opens, closes]));

/** The branch's fees after the change: the kinds it states as it states them, the others as stored. */
function mergedFees(change: BranchChange, stored: VisitFeeInput[]): VisitFeeInput[] {
  const kinds = new Set(change.feeKinds ?? []);
  return [...stored.filter((fee) => !kinds.has(fee.kind)), ...(change.fees ?? [])].sort((a, b) => VISIT_FEE_KINDS.indexOf(a.kind) - VISIT_FEE_KINDS.indexOf(b.kind));
}

/** The fields whose stated value differs from the stored one (what `LaboratoryUpdated.fields` lists). */
function differences(change: BranchChange, stored: StoredBranch): string[] {
  const fields: string[] = [];
  for (const field of ['identifierName', 'addressLine1', 'comunaId', 'phone', 'email', 'fonasaLevel'] as const) if (change[field] !== undefined && change[field] !== stored[field]) fields.push(field);
  if (change.openingHours && !sameHours(change.openingHours, stored.openingHours)) fields.push('openingHours');
  if (change.insurerIds && change.insurerIds.join(',') !== stored.insurerIds.join(',')) fields.push('insurerIds');
  if (change.fees && !sameFees(mergedFees(change, stored.fees), stored.fees)) fields.push('fees');
  return fields;
}
