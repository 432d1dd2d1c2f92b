import type { OrderLine, OrderLineChoice, OrderLineExam } from '@contracts';
import { shortExamName } from '../../../app/format';
import { pickedFrom, type PickedExam } from '../search/ExamPicker';

/** "Ninguno de estos": an ambiguous line the patient answered with none of its alternatives (exam ids are positive). */
export const NONE = 0;

/** One line of the order as the patient reviews it: what the reader made of it, and what the patient decided. */
export interface ReviewLine {
  /** Stable while other lines are read again: React's key and the ids of the line's controls. */
  key: number;
  line: OrderLine;
  /** RECOGNISED: the exams the patient unticked (every exam is ticked at first). */
  unticked: number[];
  /** AMBIGUOUS: the alternative chosen, `NONE`, or null while the patient has not chosen (never chosen for them). */
  chosen: number | null;
  /** UNKNOWN: the exams the patient looked up for the line in the exam box. */
  found: PickedExam[];
}

export interface Review {
  lines: ReviewLine[];
  nextKey: number;
}

export const EMPTY_REVIEW: Review = { lines: [], nextKey: 1 };

/** What happens to a review: events, as the store's actions are. */
export type ReviewEvent =
  | { type: 'orderRead'; lines: OrderLine[] }
  | { type: 'examToggled'; key: number; examId: number }
  | { type: 'alternativeChosen'; key: number; examId: number }
  | { type: 'lineReread'; key: number; text: string; lines: OrderLine[] }
  | { type: 'examsFound'; key: number; exams: PickedExam[] }
  | { type: 'reviewCleared' };

const unknownLine = (text: string): OrderLine => ({ text, status: 'UNKNOWN', exams: [], alternatives: [], reason: null });

function linesOf(lines: OrderLine[], firstKey: number): ReviewLine[] {
  return lines.map((line, index) => ({ key: firstKey + index, line, unticked: [], chosen: null, found: [] }));
}

function changeLine(review: Review, key: number, change: (line: ReviewLine) => ReviewLine): Review {
  return { ...review, lines: review.lines.map((line) => (line.key === key ? change(line) : line)) };
}

export function reviewReducer(review: Review, event: ReviewEvent): Review {
  switch (event.type) {
    case 'orderRead':
      return { lines: linesOf(event.lines, review.nextKey), nextKey: review.nextKey + event.lines.length };
    case 'examToggled':
      return changeLine(review, event.key, (line) => ({
        ...line,
        unticked: line.unticked.includes(event.examId) ? line.unticked.filter((id) => id !== event.examId) : [...line.unticked, event.examId],
      }));
    case 'alternativeChosen':
      return changeLine(review, event.key, (line) => ({ ...line, chosen: event.examId }));
    case 'examsFound':
      return changeLine(review, event.key, (line) => ({ ...line, found: event.exams }));
    case 'lineReread': {
      // A corrected line may turn into several ("orina completa + urocultivo"), or into nothing the reader knows.
      const read = event.lines.length > 0 ? event.lines : [unknownLine(event.text)];
      const index = review.lines.findIndex((line) => line.key === event.key);
      if (index < 0) return review;
      const lines = [...review.lines];
      lines.splice(index, 1, ...linesOf(read, review.nextKey));
      return { lines, nextKey: review.nextKey + read.length };
    }
    case 'reviewCleared':
      return { ...review, lines: [] };
  }
}

/** An exam as the chips name it: the picker's short name ("Hemograma", not FONASA's whole title), with the order's words for it. */
export const pickedExam = (exam: OrderLineExam, said = ''): PickedExam => pickedFrom({ id: exam.id, name: shortExamName(exam.name) }, said);

/** The exams a review adds to the box, in the order's order: once each, and none the box already has. */
export function examsToAdd(review: Review, inBox: PickedExam[]): PickedExam[] {
  const seen = new Set(inBox.map((exam) => exam.id));
  const added: PickedExam[] = [];
  const add = (exam: PickedExam) => {
    if (seen.has(exam.id)) return;
    seen.add(exam.id);
    added.push(exam);
  };
  for (const { line, unticked, chosen, found } of review.lines) {
    if (line.status === 'RECOGNISED') line.exams.filter((exam) => !unticked.includes(exam.id)).forEach((exam) => add(pickedExam(exam, line.text)));
    const alternative = line.status === 'AMBIGUOUS' ? line.alternatives.find((exam) => exam.id === chosen) : undefined;
    if (alternative) add(pickedExam(alternative, line.text));
    if (line.status === 'UNKNOWN') found.forEach(add);
  }
  return added;
}

/** Ambiguous lines the patient has not answered yet: none of their exams is added. */
export const pendingChoices = (review: Review) => review.lines.filter((line) => line.line.status === 'AMBIGUOUS' && line.chosen === null).length;

/** What the reader learns from: each ambiguous line and the alternative the patient chose for it. */
export function choicesMade(review: Review): OrderLineChoice[] {
  return review.lines.flatMap(({ line, chosen }) => (line.status === 'AMBIGUOUS' && chosen !== null && chosen !== NONE ? [{ text: line.text, examId: chosen }] : []));
}

const list = new Intl.ListFormat('es', { type: 'conjunction' });
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One sentence a person (and a screen reader) takes in first: "Leímos 5 líneas: 3 reconocidas, 1 por elegir y 1 apartada." */
export function reviewSummary(review: Review): string {
  const count = (status: OrderLine['status']) => review.lines.filter((line) => line.line.status === status).length;
  if (review.lines.length === 0) return 'No encontramos exámenes en este texto. Revisa que sea el de tu orden médica.';
  const parts = [
    count('RECOGNISED') > 0 && counted(count('RECOGNISED'), 'reconocida', 'reconocidas'),
    count('AMBIGUOUS') > 0 && `${count('AMBIGUOUS')} por elegir`,
    count('NOT_LAB') > 0 && counted(count('NOT_LAB'), 'apartada', 'apartadas'),
    count('UNKNOWN') > 0 && `${count('UNKNOWN')} sin reconocer`,
  ].filter((part): part is string => typeof part === 'string');
  return `Leímos ${counted(review.lines.length, 'línea', 'líneas')}: ${list.format(parts)}.`;
}

/** The confirm button's words: "Agregar 1 examen", "Agregar 4 exámenes". */
export const addLabel = (n: number) => (n === 0 ? 'Agregar exámenes' : `Agregar ${counted(n, 'examen', 'exámenes')}`);
