import type { QuoteSnapshot } from '../../../contracts/kept-quotes';
import { VISIT_FEE_LABELS } from '../../../contracts/laboratories';
import { formatClp } from '../../../platform/chile/money';

/**
 * What changed between a kept quote and the same order quoted now, in the patient's words: each exam's price and
 * what the patient pays for it, exams no longer (or now) offered, the visit's fees and the total to pay.
 */
export function quoteChanges(then: QuoteSnapshot, now: QuoteSnapshot | null, names: Map<number, string>): string[] {
  if (!now) return ['El laboratorio ya no cotiza ninguno de los exámenes de esta orden.'];
  const name = (examId: number) => names.get(examId) ?? `Examen ${examId}`;
  const changes: string[] = [];
  const before = new Map(then.quote.exams.map((e) => [e.examId, e]));
  const after = new Map(now.quote.exams.map((e) => [e.examId, e]));
  for (const [examId, old] of before) {
    const current = after.get(examId);
    if (!current) changes.push(`Ya no ofrece: ${name(examId)}.`);
    else if (current.price !== old.price) changes.push(`${name(examId)}: de ${formatClp(old.price)} a ${formatClp(current.price)}.`);
    else if (current.copay !== old.copay) changes.push(`${name(examId)}: pagas ${formatClp(current.copay)} (antes ${formatClp(old.copay)}).`);
  }
  for (const examId of after.keys()) if (!before.has(examId)) changes.push(`Ahora ofrece: ${name(examId)}.`);
  const fee = (snapshot: QuoteSnapshot) => new Map(snapshot.quote.fees.map((f) => [f.kind, f.amount]));
  const [oldFees, newFees] = [fee(then), fee(now)];
  for (const kind of new Set([...oldFees.keys(), ...newFees.keys()])) {
    const [was, is] = [oldFees.get(kind), newFees.get(kind)];
    if (was === is) continue;
    const label = VISIT_FEE_LABELS[kind];
    if (was === undefined) changes.push(`${label}: ahora cobra ${formatClp(is!)}.`);
    else if (is === undefined) changes.push(`${label}: ya no la cobra aparte.`);
    else changes.push(`${label}: de ${formatClp(was)} a ${formatClp(is)}.`);
  }
  if (changes.length > 0 && then.quote.toPay !== now.quote.toPay) changes.push(`Tú pagas: de ${formatClp(then.quote.toPay)} a ${formatClp(now.quote.toPay)}.`);
  return changes;
}
