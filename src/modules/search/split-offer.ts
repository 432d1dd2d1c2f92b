import type { SplitOffer } from '../../contracts/search';
import { visitFeeFor, type SampleFees } from './quote-rules';
import type { Coverage, VisitFeeRule } from './search-index';

/** A branch the order could be split to: what the patient pays there for each exam it offers, and its fees. */
export interface SplitCandidate extends SampleFees {
  laboratoryId: number;
  identifierName: string;
  comunaId: number;
  /** Takes the chosen previsión (else its fee is private, as its exams already are in `lines`). */
  accepts: boolean;
  lines: { examId: number; pays: number }[];
}

/** Candidates of a split, in every adapter: the cheapest few branches for each exam, and the cheapest few with the whole order. */
export const SPLIT_PER_EXAM = 6;
export const SPLIT_WHOLE = 10;

/** A split is offered when it saves at least this share of the best single branch's total, and at least this much. */
export const SPLIT_MIN_SAVING_SHARE = 0.15;
export const SPLIT_MIN_SAVING = 5000;

/**
 * "Hazlo en 2 laboratorios" (issue 30): the two branches that together charge the patient least for the whole
 * order, each exam at the one of the two that charges less for it, each visit with its own sample taking (the one
 * its exams need, `rulesFor`). Offered when no branch has the whole order, or when it saves at least 15 % and
 * $5.000 against the best single branch, its fee counted too; null otherwise.
 */
export function bestSplit(candidates: SplitCandidate[], examIds: number[], rulesFor: (examIds: number[]) => VisitFeeRule[], coverage: Coverage): SplitOffer | null {
  const pays = candidates.map((c) => new Map(c.lines.map((l) => [l.examId, l.pays])));
  const feeOf = (i: number, exams: number[]) => {
    const candidate = candidates[i];
    return visitFeeFor(rulesFor(exams), candidate, candidate.accepts ? coverage : { kind: 'NONE' });
  };
  const visit = (i: number, exams: number[]) => {
    const fee = feeOf(i, exams);
    const exam = exams.reduce((sum, id) => sum + pays[i].get(id)!, 0);
    const { laboratoryId, identifierName, comunaId } = candidates[i];
    return { laboratoryId, identifierName, comunaId, examIds: exams, fees: fee ? [fee] : [], toPay: exam + (fee?.copay ?? 0) };
  };

  let single: ReturnType<typeof visit> | null = null;
  for (let i = 0; i < candidates.length; i++) {
    if (!examIds.every((id) => pays[i].has(id))) continue;
    const whole = visit(i, examIds);
    if (!single || whole.toPay < single.toPay) single = whole;
  }
  let best: { toPay: number; visits: ReturnType<typeof visit>[] } | null = null;
  for (let a = 0; a < candidates.length; a++) {
    for (let b = a + 1; b < candidates.length; b++) {
      const atA: number[] = [];
      const atB: number[] = [];
      let covered = true;
      for (const id of examIds) {
        const [pa, pb] = [pays[a].get(id), pays[b].get(id)];
        if (pa === undefined && pb === undefined) {
          covered = false;
          break;
        }
        if (pb === undefined || (pa !== undefined && pa <= pb)) atA.push(id);
        else atB.push(id);
      }
      if (!covered || atA.length === 0 || atB.length === 0) continue;
      const visits = [visit(a, atA), visit(b, atB)];
      const toPay = visits[0].toPay + visits[1].toPay;
      if (!best || toPay < best.toPay) best = { toPay, visits };
    }
  }
  if (!best) return null;
  const saving = single ? single.toPay - best.toPay : null;
  if (saving !== null && (saving < SPLIT_MIN_SAVING || saving < single!.toPay * SPLIT_MIN_SAVING_SHARE)) return null;
  return {
    toPay: best.toPay,
    saving,
    single: single && { laboratoryId: single.laboratoryId, identifierName: single.identifierName, toPay: single.toPay },
    visits: best.visits,
  };
}
