import type { OpeningHours } from './laboratories';

/**
 * How a patient prepares for an exam and what sample it needs (issue 30): the exam's own columns, seeded from
 * data/reference/exam-preparation.csv and kept by administrators on the exam form.
 */
export const SAMPLE_KINDS = ['VENOUS', 'CAPILLARY', 'URINE', 'STOOL', 'SWAB', 'OTHER', 'INCLUDED'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

export interface ExamPreparation {
  sampleKind: SampleKind;
  /** 0 when it needs none. */
  fastingHours: number;
  firstMorningUrine: boolean;
  collection24h: boolean;
  restMinutes: number;
  /** "HH:MM": the sample must be taken before this hour of the morning. */
  morningBefore: string | null;
  /** Medicines to ask the doctor about. */
  medicines: string | null;
  note: string | null;
}

/** The whole order's preparation, in plain Spanish: what `combinePreparation` makes of its exams'. */
export interface OrderPreparation {
  /** The longest fasting of the order (0: none). */
  fastingHours: number;
  /** The earliest "come before" of the order, or null. */
  morningBefore: string | null;
  restMinutes: number;
  /** False when the order needs something started the day before (a 24-hour urine collection). */
  oneVisit: boolean;
  /** The sentences to show, in order: fasting and time, rest, what to bring, the day before, medicines, other notes. */
  steps: string[];
}

const NONE = 'Sin preparación especial.';

/**
 * One order's preparation: the longest fasting, the earliest time, the longest rest, everything to bring (once),
 * and whether it cannot be done in one visit. Exams without preparation add nothing.
 */
export function combinePreparation(exams: ExamPreparation[]): OrderPreparation {
  const fastingHours = Math.max(0, ...exams.map((e) => e.fastingHours));
  const morningBefore = exams.map((e) => e.morningBefore).filter((t): t is string => Boolean(t)).sort()[0] ?? null;
  const restMinutes = Math.max(0, ...exams.map((e) => e.restMinutes));
  const dayBefore = exams.some((e) => e.collection24h);
  const steps: string[] = [];
  if (fastingHours > 0) steps.push(`Ayuno de ${fastingHours} horas: solo puedes tomar agua.`);
  if (morningBefore) steps.push(`Ve antes de las ${morningBefore}: algunos exámenes se toman temprano en la mañana.`);
  else if (fastingHours >= 8) steps.push('Ve temprano en la mañana, así el ayuno es el de la noche.');
  if (restMinutes > 0) steps.push(`Llega con ${restMinutes} minutos de anticipación: necesitas reposo antes de la muestra.`);
  // An exam's own note on its urine says it better than the general sentence (orina completa: "segundo chorro...").
  if (exams.some((e) => e.firstMorningUrine && !e.note)) steps.push('Lleva la primera orina de la mañana en un frasco estéril, con aseo genital previo.');
  if (exams.some((e) => e.sampleKind === 'STOOL')) steps.push('Lleva la muestra de deposición en el frasco que entrega el laboratorio.');
  if (dayBefore) steps.push('Tu orden incluye orina de 24 horas: empieza a juntarla el día anterior a tu visita, en el bidón que entrega el laboratorio.');
  // "Levotiroxina: tomarla después de la muestra" names its medicine; other texts are introduced.
  for (const text of unique(exams.map((e) => e.medicines))) steps.push(sentence(text.includes(':') ? text : `Medicamentos: ${text}`));
  for (const text of unique(exams.map((e) => e.note))) steps.push(sentence(text));
  return { fastingHours, morningBefore, restMinutes, oneVisit: !dayBefore, steps: steps.length > 0 ? steps : [NONE] };
}

/** One exam's preparation as one line (the voucher's lines): its steps, or "Sin preparación especial.". */
export const examPreparationText = (exam: ExamPreparation): string => combinePreparation([exam]).steps.join(' ');

/**
 * When to go, for a branch's hours: the earliest opening of a weekday, and whether it leaves time for an order
 * that must be taken before a given hour ("Abre a las 08:00: ve entre las 08:00 y las 09:00").
 */
export function visitTimeAdvice(preparation: OrderPreparation, hours: OpeningHours[]): string | null {
  const weekday = hours.filter((h) => h.day >= 1 && h.day <= 5).map((h) => h.opens).sort()[0];
  if (!weekday) return null;
  const { morningBefore, fastingHours } = preparation;
  if (morningBefore && weekday >= morningBefore) return `Este laboratorio abre a las ${weekday} de lunes a viernes: después de la hora en que tu orden pide la muestra (antes de las ${morningBefore}). Confirma con el laboratorio.`;
  if (morningBefore) return `Abre a las ${weekday} de lunes a viernes: ve entre las ${weekday} y las ${morningBefore}.`;
  if (fastingHours > 0) return `Abre a las ${weekday} de lunes a viernes: ve temprano, en ayunas.`;
  return null;
}

const unique = (texts: (string | null)[]) => [...new Set(texts.filter((t): t is string => Boolean(t?.trim())).map((t) => t.trim()))];
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
