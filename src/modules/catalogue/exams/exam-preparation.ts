import type { Prisma } from '../../../generated/prisma/client';
import type { ExamPreparation } from '../../../contracts/preparation';

/** An exam's sample and preparation as other modules read it (the voucher's lines, the cart's products). */
export const EXAM_PREPARATION_SELECT = {
  sampleKind: true, fastingHours: true, firstMorningUrine: true, collection24h: true, restMinutes: true, morningBefore: true,
  preparationMedicines: true, preparationNote: true,
} as const satisfies Prisma.ExamSelect;

type PreparationRow = Prisma.ExamGetPayload<{ select: typeof EXAM_PREPARATION_SELECT }>;

export const toExamPreparation = ({ preparationMedicines, preparationNote, ...row }: PreparationRow): ExamPreparation => ({
  ...row, medicines: preparationMedicines, note: preparationNote,
});
