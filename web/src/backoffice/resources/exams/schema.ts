import type { ExamDetail, ExamInput, ExamPreparation, FieldErrors, SampleKind } from '@contracts';

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
  /** Its sample and how the patient prepares (issue 30); texts empty for none. */
  preparation: Omit<ExamPreparation, 'fastingHours' | 'restMinutes' | 'morningBefore' | 'medicines' | 'note'> & {
    fastingHours: number | null; restMinutes: number | null; morningBefore: string; medicines: string; note: string;
  };
}

/** What each sample is called in the form. */
export const SAMPLE_OPTIONS: { label: string; value: SampleKind }[] = [
  { label: 'Sangre venosa (se toma en el laboratorio)', value: 'VENOUS' },
  { label: 'Sangre capilar (punción en el dedo)', value: 'CAPILLARY' },
  { label: 'Orina (la trae el paciente)', value: 'URINE' },
  { label: 'Deposición (la trae el paciente)', value: 'STOOL' },
  { label: 'Hisopado o secreción', value: 'SWAB' },
  { label: 'Otra muestra o procedimiento', value: 'OTHER' },
  { label: 'La toma de muestra va incluida', value: 'INCLUDED' },
];

const noPreparation: ExamValues['preparation'] = {
  sampleKind: 'VENOUS', fastingHours: 0, firstMorningUrine: false, collection24h: false, restMinutes: 0, morningBefore: '', medicines: '', note: '',
};

export const LEVELS = [1, 2, 3] as const;

export const emptyExam: ExamValues = { code: '', name: '', typeExamId: null, description: '', synonyms: [], referenceSynonyms: [], fonasaPrices: [null, null, null], fonasaCopays: [null, null, null], commonness: 0, preparation: noPreparation };

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
  preparation: { ...exam.preparation, morningBefore: exam.preparation.morningBefore ?? '', medicines: exam.preparation.medicines ?? '', note: exam.preparation.note ?? '' },
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
  // '' clears the optional texts and hour, as the API's clearable fields take it.
  preparation: {
    ...values.preparation,
    fastingHours: values.preparation.fastingHours ?? 0,
    restMinutes: values.preparation.restMinutes ?? 0,
    medicines: values.preparation.medicines.trim(),
    note: values.preparation.note.trim(),
  },
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
