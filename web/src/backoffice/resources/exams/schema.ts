import type { ExamDetail, ExamInput, FieldErrors } from '@contracts';

/** The exam form's values: field paths equal the API's, so `fonasaPrices.0` errors land on level 1. */
export interface ExamValues {
  code: string;
  name: string;
  typeExamId: number | null;
  description: string;
  /** Only the synonyms people added here: the reference ones (FONASA abbreviations, lay names) are not edited. */
  synonyms: string[];
  /** Shown beside them, never sent. */
  referenceSynonyms: string[];
  fonasaPrices: (number | null)[];
  fonasaCopays: (number | null)[];
  /** 0–100: how commonly it is ordered, the search box's prior; empty is 0. */
  commonness: number | null;
}

export const LEVELS = [1, 2, 3] as const;

export const emptyExam: ExamValues = { code: '', name: '', typeExamId: null, description: '', synonyms: [], referenceSynonyms: [], fonasaPrices: [null, null, null], fonasaCopays: [null, null, null], commonness: 0 };

export const examValues = (exam: ExamDetail): ExamValues => ({
  code: exam.code,
  name: exam.name,
  typeExamId: exam.typeExam.id,
  description: exam.description ?? '',
  synonyms: exam.synonyms.filter((s) => s.kind === 'manual').map((s) => s.synonym),
  referenceSynonyms: exam.synonyms.filter((s) => s.kind !== 'manual').map((s) => s.synonym),
  fonasaPrices: LEVELS.map((l) => exam.fonasa.prices[l - 1] ?? null),
  fonasaCopays: LEVELS.map((l) => exam.fonasa.copays[l - 1] ?? null),
  commonness: exam.commonness,
});

export const examInput = (values: ExamValues): ExamInput => ({
  code: values.code.replace(/\D/g, ''),
  name: values.name.trim(),
  typeExamId: values.typeExamId ?? 0,
  // '' clears it: the API's clearable fields take an empty string (as forms send them) for none.
  description: values.description.trim(),
  synonyms: values.synonyms.map((s) => s.trim()).filter(Boolean),
  fonasaPrices: values.fonasaPrices,
  fonasaCopays: values.fonasaCopays,
  commonness: values.commonness ?? 0,
});

/** What can be told before sending; the API checks the rest (a code already taken...). */
export function validateExam(values: ExamValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^\d{7}$/.test(values.code.replace(/\D/g, ''))) errors.code = ['El código FONASA tiene 7 dígitos (por ejemplo 0301045).'];
  if (!values.name.trim()) errors.name = ['Ingresa el nombre del examen.'];
  if (values.typeExamId === null) errors.typeExamId = ['Elige el tipo de examen.'];
  LEVELS.forEach((level, i) => {
    const price = values.fonasaPrices[i];
    const copay = values.fonasaCopays[i];
    if (price !== null && copay !== null && copay > price) errors[`fonasaCopays.${i}`] = [`El copago no puede superar el arancel del nivel ${level}.`];
  });
  return errors;
}
