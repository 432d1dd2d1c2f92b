import type { ExamDetail } from '../../../contracts/exams';
import type { Prisma } from '../../../generated/prisma/client';
import type { ServerSide } from '../../../platform/http/envelope';
import type { ExamPreparation } from '../../../contracts/preparation';
import { EXAM_PREPARATION_SELECT, toExamPreparation } from './exam-preparation';

/** What `GET /api/exam/{id}` and the commands answer, read in one query. */
export const EXAM_DETAIL_SELECT = {
  id: true, code: true, codeDotted: true, name: true, description: true, isActive: true,
  typeExam: { select: { id: true, code: true, name: true } },
  category: { select: { id: true, name: true } },
  fonasaYear: true, fonasaPriceLevel1: true, fonasaPriceLevel2: true, fonasaPriceLevel3: true,
  fonasaCopayLevel1: true, fonasaCopayLevel2: true, fonasaCopayLevel3: true, commonness: true,
  synonyms: { select: { synonym: true, kind: true }, orderBy: { synonym: 'asc' as const } },
  ...EXAM_PREPARATION_SELECT,
} as const satisfies Prisma.ExamSelect;

type ExamRow = Prisma.ExamGetPayload<{ select: typeof EXAM_DETAIL_SELECT }>;

export function toExamDetail(row: ExamRow): ServerSide<ExamDetail> {
  const { fonasaYear, fonasaPriceLevel1, fonasaPriceLevel2, fonasaPriceLevel3, fonasaCopayLevel1, fonasaCopayLevel2, fonasaCopayLevel3, ...rest } = row;
  const { sampleKind, fastingHours, firstMorningUrine, collection24h, restMinutes, morningBefore, preparationMedicines, preparationNote, ...exam } = rest;
  return {
    ...exam,
    preparation: toExamPreparation({ sampleKind, fastingHours, firstMorningUrine, collection24h, restMinutes, morningBefore, preparationMedicines, preparationNote }),
    fonasa: { year: fonasaYear, prices: [fonasaPriceLevel1, fonasaPriceLevel2, fonasaPriceLevel3], copays: [fonasaCopayLevel1, fonasaCopayLevel2, fonasaCopayLevel3] },
  };
}

/** The stored columns of FONASA values at levels 1–3, from the lists a form sends. */
export function fonasaColumns(prices?: (number | null)[], copays?: (number | null)[]) {
  return {
    ...(prices && { fonasaPriceLevel1: prices[0] ?? null, fonasaPriceLevel2: prices[1] ?? null, fonasaPriceLevel3: prices[2] ?? null }),
    ...(copays && { fonasaCopayLevel1: copays[0] ?? null, fonasaCopayLevel2: copays[1] ?? null, fonasaCopayLevel3: copays[2] ?? null }),
  };
}

/** The stored columns of an exam's preparation, from what a form sends (any part of it). */
export function preparationColumns(preparation?: Partial<ExamPreparation>) {
  if (!preparation) return {};
  const { medicines, note, ...columns } = preparation;
  return { ...columns, ...(medicines !== undefined && { preparationMedicines: medicines }), ...(note !== undefined && { preparationNote: note }) };
}

/** 0301045 is shown and typed as 03-01-045. */
export const dottedCode = (code: string) => `${code.slice(0, 2)}-${code.slice(2, 4)}-${code.slice(4)}`;
