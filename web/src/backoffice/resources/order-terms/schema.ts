import type { FieldErrors, OrderTerm, OrderTermExam, OrderTermInput, OrderTermKind } from '@contracts';
import { shortExamName } from '../../../app/format';
import type { Picked } from '../../crud/commerceInputs';

/** Each kind as administrators read it, with what it does to a line of an order. */
export const KINDS: { value: OrderTermKind; label: string; tag: string; hint: string }[] = [
  { value: 'PANEL', label: 'Panel', tag: 'cl-tag--ok', hint: 'Pide varios exámenes que se cobran por separado (por ejemplo «perfil bioquímico»): la línea se lee como todos ellos.' },
  { value: 'AMBIGUOUS', label: 'Ambiguo', tag: 'cl-tag--info', hint: 'Puede ser uno de 2 o 3 exámenes (por ejemplo «PCR»): se le pregunta al paciente cuál, nunca se elige por él.' },
  { value: 'NOT_LAB', label: 'No es de laboratorio', tag: 'cl-tag--warn', hint: 'Una imagen, una interconsulta, un procedimiento...: la línea se deja aparte con el motivo que lee el paciente.' },
  { value: 'IGNORE', label: 'Sin efecto', tag: 'cl-tag--muted', hint: 'Palabras que no cambian la orden (por ejemplo «en ayunas»): se quitan de la línea antes de leerla.' },
];

export const kindOf = (kind: OrderTermKind) => KINDS.find((k) => k.value === kind)!;
/** Kinds whose term names exams. */
export const takesExams = (kind: OrderTermKind | null) => kind === 'PANEL' || kind === 'AMBIGUOUS';

export const examLabel = (exam: OrderTermExam) => `${shortExamName(exam.name)} (${exam.codeDotted})`;

/** The form's values: field names equal the API's, so its errors land on them. */
export interface OrderTermValues {
  term: string;
  kind: OrderTermKind | null;
  /** In order: the first is the most common (an ambiguous term's first question). */
  examIds: Picked[];
  reason: string;
}

export const emptyOrderTerm: OrderTermValues = { term: '', kind: null, examIds: [], reason: '' };

export const orderTermValues = (term: OrderTerm): OrderTermValues => ({
  term: term.term,
  kind: term.kind,
  examIds: term.exams.map((exam) => ({ id: exam.id, label: examLabel(exam) })),
  reason: term.reason ?? '',
});

/** What the kind does not take is sent empty: the fields hidden for it are not kept by mistake. */
export const orderTermInput = (v: OrderTermValues): OrderTermInput => ({
  term: v.term.trim(),
  kind: v.kind ?? 'IGNORE',
  examIds: takesExams(v.kind) ? v.examIds.map((e) => e.id) : [],
  reason: v.kind === 'NOT_LAB' ? v.reason.trim() : null,
});

/** What can be told before sending; the API checks the rest (a term already there, an exam's synonym). */
export function validateOrderTerm(v: OrderTermValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.term.trim()) errors.term = ['Escribe el término como aparece en las órdenes.'];
  if (!v.kind) errors.kind = ['Elige el tipo de término.'];
  if (v.kind === 'PANEL' && v.examIds.length < 2) errors.examIds = ['Un panel lleva al menos 2 exámenes.'];
  if (v.kind === 'AMBIGUOUS' && (v.examIds.length < 2 || v.examIds.length > 3)) errors.examIds = ['Un término ambiguo lleva 2 o 3 exámenes.'];
  if (v.kind === 'NOT_LAB' && !v.reason.trim()) errors.reason = ['Escribe el motivo que leerá el paciente.'];
  return errors;
}
