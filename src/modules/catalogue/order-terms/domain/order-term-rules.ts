import type { OrderTermKind } from '../../../../contracts/order-terms';
import type { FieldErrors } from '../../../../platform/http/app-error';

/** What a term of the vocabulary says, as the rules check it. */
export interface OrderTermMeaning {
  kind: OrderTermKind;
  examIds: number[];
  reason: string | null;
}

/** How many exams each kind takes: a panel asks for all of them, an ambiguous term asks the patient between 2 or 3. */
const EXAM_COUNT: Record<OrderTermKind, { min: number; max: number }> = {
  PANEL: { min: 2, max: 30 },
  AMBIGUOUS: { min: 2, max: 3 },
  NOT_LAB: { min: 0, max: 0 },
  IGNORE: { min: 0, max: 0 },
};

const takesExams = (kind: OrderTermKind) => EXAM_COUNT[kind].max > 0;

/**
 * The kind-specific rules, one Spanish message per field: a panel has 2 exams or more, an ambiguous
 * term 2 or 3 (the reader asks among at most 3), an item that is not a laboratory exam has the reason
 * the patient reads and no exams, words that change nothing have neither. An exam listed twice is a slip.
 */
export function orderTermErrors({ kind, examIds, reason }: OrderTermMeaning): FieldErrors {
  const errors: FieldErrors = {};
  const { min, max } = EXAM_COUNT[kind];
  if (kind === 'PANEL' && examIds.length < min) errors.examIds = ['Un panel lleva al menos 2 exámenes, los que pide por separado.'];
  if (kind === 'PANEL' && examIds.length > max) errors.examIds = [`Un panel lleva como máximo ${max} exámenes.`];
  if (kind === 'AMBIGUOUS' && (examIds.length < min || examIds.length > max)) errors.examIds = ['Un término ambiguo lleva 2 o 3 exámenes, el más común primero: se le pregunta al paciente entre ellos.'];
  if (kind === 'NOT_LAB' && examIds.length > 0) errors.examIds = ['Un término que no es un examen de laboratorio no lleva exámenes.'];
  if (kind === 'IGNORE' && examIds.length > 0) errors.examIds = ['Un término que no cambia la orden no lleva exámenes.'];
  if (!errors.examIds && new Set(examIds).size !== examIds.length) errors.examIds = ['Un examen aparece más de una vez.'];
  if (kind === 'NOT_LAB' && !reason?.trim()) errors.reason = ['Escribe el motivo que leerá el paciente, por ejemplo: «Es una imagen (radiografía), no un examen de laboratorio».'];
  if (kind !== 'NOT_LAB' && reason?.trim()) errors.reason = ['Solo un término que no es un examen de laboratorio lleva motivo.'];
  return errors;
}

/**
 * What a term says after an edit of some of its fields. Exams and a reason the new kind does not take
 * are cleared unless the edit sends them (then the rules say they do not belong): changing "PCR" from
 * AMBIGUOUS to NOT_LAB with a reason needs no `examIds: []`.
 */
export function editedMeaning(current: OrderTermMeaning, changes: { kind?: OrderTermKind; examIds?: number[]; reason?: string | null }): OrderTermMeaning {
  const kind = changes.kind ?? current.kind;
  return {
    kind,
    examIds: changes.examIds ?? (takesExams(kind) ? current.examIds : []),
    reason: changes.reason !== undefined ? changes.reason : kind === 'NOT_LAB' ? current.reason : null,
  };
}
