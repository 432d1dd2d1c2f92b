import type { ExamQuote, VisitFeeQuote } from '../../contracts/search';
import type { Coverage, VisitFeeRule } from './search-index';

/** The FONASA bono of an exam at a branch: the arancel and the copay of the branch's MLE level. */
export interface MleBono {
  arancel: number;
  copay: number;
}

/**
 * What the patient pays for one exam at one branch, and who pays the rest (docs/decisions.md,
 * "The quote"). The PostgreSQL adapter computes the same in SQL; the contract suite holds both to it.
 * - FONASA tramos B–D: with a bono, the copay of the branch's level (FONASA pays arancel − copay),
 *   unless the private price is lower than that copay: then paying privately is cheaper.
 * - FONASA tramo A, no insurer, no bono: the private price.
 * - Isapre: the plan percentage of the private price is covered (an estimate), rounded per exam, up to the plan's
 *   cap per exam when the patient gives it (`capped`: "Tope del plan").
 */
export function examShare(coverage: Coverage, examId: number, price: number, bono: MleBono | null): ExamQuote {
  if (coverage.kind === 'FONASA' && coverage.mle && bono) {
    if (bono.copay <= price) return { examId, price, coverage: bono.arancel - bono.copay, copay: bono.copay, payment: 'BONO', privateCheaper: false };
    return { examId, price, coverage: 0, copay: price, payment: 'PRIVATE', privateCheaper: true };
  }
  const share = coverage.kind === 'PERCENT' ? Math.round((price * coverage.percentage) / 100) : 0;
  // The plan's cap per exam bites where its percentage would cover more.
  const capped = coverage.kind === 'PERCENT' && coverage.cap !== undefined && share > coverage.cap;
  const covered = capped ? (coverage as { cap: number }).cap : share;
  return { examId, price, coverage: covered, copay: price - covered, payment: 'PRIVATE', privateCheaper: false, ...(capped && { capped: true }) };
}

/** The order's figures from its exam lines: what the patient pays in all, in bonos and privately. */
export function orderShare(exams: ExamQuote[]) {
  const sum = (pick: (e: ExamQuote) => number) => exams.reduce((total, e) => total + pick(e), 0);
  return {
    total: sum((e) => e.price),
    coverage: sum((e) => e.coverage),
    copay: sum((e) => e.copay),
    bonoCopay: sum((e) => (e.payment === 'BONO' ? e.copay : 0)),
    privateCopay: sum((e) => (e.payment === 'PRIVATE' ? e.copay : 0)),
  };
}

/**
 * A sample-taking fee of the visit, paid as an exam line is (`examShare`): FONASA's bono covers it where the
 * arancel has a code for it (03-07-011 venous adult, 03-07-012 pediatric, 03-07-014 capillary), an Isapre
 * its percentage; otherwise the patient pays it privately.
 */
export function visitFeeShare(coverage: Coverage, kind: VisitFeeQuote['kind'], amount: number, bono: MleBono | null): VisitFeeQuote {
  return { kind, amount, copay: examShare(coverage, 0, amount, bono).copay };
}

/** What the patient pays in all: the exams' copay and the visit's fees. */
export const toPay = (copay: number, fees: VisitFeeQuote[]) => fees.reduce((sum, fee) => sum + fee.copay, copay);

/**
 * The sample taking a visit for these exams needs, once whatever the number of exams: blood from a vein when
 * any exam needs it (a child's pediatric taking first, where the branch charges one), else a finger prick when
 * any exam needs that; nothing when every sample is brought by the patient or its taking is included.
 */
export function visitFeeRules(samples: (string | undefined)[], pediatric: boolean, bonos: Map<VisitFeeRule['kind'], VisitFeeRule['bono']>): VisitFeeRule[] {
  const rule = (kind: VisitFeeRule['kind']): VisitFeeRule => ({ kind, bono: bonos.get(kind) ?? null });
  if (samples.includes('VENOUS')) return pediatric ? [rule('PEDIATRIC'), rule('VENOUS')] : [rule('VENOUS')];
  if (samples.includes('CAPILLARY')) return pediatric ? [rule('PEDIATRIC'), rule('CAPILLARY')] : [rule('CAPILLARY')];
  return [];
}

/** A branch's sample-taking fees as the read models keep them (null: not charged), and its bono level. */
export interface SampleFees {
  fees: Partial<Record<VisitFeeRule['kind'], number | null>>;
  bonoLevel: number | null;
}

/**
 * The sample taking a visit to this branch is charged (the PostgreSQL statement's `visitFeeJoin`, in TypeScript):
 * the first kind of `rules` the branch charges, paid as an exam line is at its bono level.
 */
export function visitFeeFor(rules: VisitFeeRule[], branch: SampleFees, coverage: Coverage): VisitFeeQuote | undefined {
  const level = branch.bonoLevel;
  for (const rule of rules) {
    const amount = branch.fees[rule.kind];
    if (amount === null || amount === undefined) continue;
    const arancel = level === null ? null : (rule.bono?.arancel[level - 1] ?? null);
    const copay = level === null ? null : (rule.bono?.copay[level - 1] ?? null);
    return visitFeeShare(coverage, rule.kind, amount, arancel !== null && copay !== null ? { arancel, copay } : null);
  }
  return undefined;
}
