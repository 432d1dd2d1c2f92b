import type { Actor } from '../../../../../platform/auth/actor';
import type { Changes } from '../../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../../platform/database/prisma.service';
import { LaboratoryExam } from '../../domain/laboratory-exam';
import { confirmOffers, findOffersByPairs, pairKey, saveOffers } from '../../infrastructure/laboratory-exam-batch';
import { LaboratoryPricesImported, PriceListConfirmed } from '../../pricing.events';

/** A price a batch sets: one branch's price for one exam. */
export interface PriceChange {
  laboratoryId: number;
  examId: number;
  price: number;
}

/** What a change did; a branch that left the company or an exam retired since the batch was checked is refused. */
export type PriceOutcome =
  | { status: 'CREATE' | 'UPDATE'; price: { previous: number | null; next: number }; pending: boolean }
  | { status: 'UNCHANGED' }
  | { status: 'ERROR'; field: 'laboratoryId' | 'examId'; code: 'UNKNOWN_BRANCH' | 'EXAM_RETIRED'; message: string };

/** Whose branches, who sets the prices, and the import they come from (the events and audit rows say so). */
export interface PriceBatchScope {
  actor: Actor;
  companyId: number;
  importId: number;
}

/**
 * Offering and repricing many exams of a company's branches at once (a price import), through the offer aggregate:
 * each price follows the rules of one (a provider's new or changed price waits for an administrator's
 * authorization, a withdrawn offer is restored, its history is kept), but the facts are recorded per branch, not
 * per price: one `LaboratoryPricesImported` naming the exams whose offers changed (the search reindexes just those)
 * and one `PriceListConfirmed` for the prices a row repeated (confirmed as still current). Runs in the caller's
 * transaction, under the offers' locks.
 */
export async function offerMany(tx: Tx, changes: Changes, scope: PriceBatchScope, rows: PriceChange[]): Promise<PriceOutcome[]> {
  // Re-checked now: a branch may have left the company or an exam the catalogue since the rows were checked.
  const liveBranches = new Set((await tx.laboratory.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.laboratoryId))] }, companyId: scope.companyId }, select: { id: true } })).map((l) => l.id));
  const liveExams = new Set((await tx.exam.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.examId))] }, isActive: true }, select: { id: true } })).map((e) => e.id));
  const offers = await findOffersByPairs(tx, rows, true);
  const outcomes: PriceOutcome[] = [];
  const changed: LaboratoryExam[] = [];
  const confirmed: LaboratoryExam[] = [];
  const perBranch = new Map<number, { examIds: number[]; offered: number; repriced: number; restored: number }>();
  for (const row of rows) {
    if (!liveBranches.has(row.laboratoryId)) {
      outcomes.push({ status: 'ERROR', field: 'laboratoryId', code: 'UNKNOWN_BRANCH', message: 'La sucursal ya no existe en tu empresa.' });
      continue;
    }
    if (!liveExams.has(row.examId)) {
      outcomes.push({ status: 'ERROR', field: 'examId', code: 'EXAM_RETIRED', message: 'Este examen fue retirado del catálogo.' });
      continue;
    }
    let offer = offers.get(pairKey(row.laboratoryId, row.examId));
    const previous = offer?.state.price;
    if (offer) {
      offer.reinstate(scope.actor);
      offer.setPrice(row.price, scope.actor);
    } else offer = LaboratoryExam.offer(row.laboratoryId, row.examId, row.price, scope.actor);
    // The aggregate's own events say what changed; they are recorded batched per branch below.
    const facts = offer.pullEvents(offer.state.id ?? 0).map((e) => e.type);
    if (facts.length === 0) {
      confirmed.push(offer);
      outcomes.push({ status: 'UNCHANGED' });
      continue;
    }
    changed.push(offer);
    const branch = perBranch.get(row.laboratoryId) ?? { examIds: [], offered: 0, repriced: 0, restored: 0 };
    branch.examIds.push(row.examId);
    if (facts.includes('LaboratoryExamOffered')) branch.offered += 1;
    if (facts.includes('LaboratoryExamPriceChanged')) branch.repriced += 1;
    if (facts.includes('LaboratoryExamRestored')) branch.restored += 1;
    perBranch.set(row.laboratoryId, branch);
    outcomes.push({ status: previous === undefined ? 'CREATE' : 'UPDATE', price: { previous: previous ?? null, next: row.price }, pending: offer.state.status === 'PENDING' });
  }
  await saveOffers(tx, changed);
  for (const [laboratoryId, branch] of perBranch) {
    changes.record(LaboratoryPricesImported({ importId: scope.importId, laboratoryId, ...branch, by: scope.actor.personId }));
    changes.audit('laboratory_exam.imported', 'Laboratory', laboratoryId, { importId: scope.importId, offered: branch.offered, repriced: branch.repriced, restored: branch.restored });
  }
  // A row that repeats the stored price confirms it ("vigente desde", issue 30): one event per branch.
  await confirmOffers(tx, confirmed);
  for (const laboratoryId of new Set(confirmed.map((offer) => offer.state.laboratoryId))) {
    changes.record(PriceListConfirmed({ laboratoryId, by: scope.actor.personId, prices: confirmed.filter((offer) => offer.state.laboratoryId === laboratoryId).length }));
  }
  return outcomes;
}
