import type { Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';

/** The exam type and category an exam points to must exist (one 400 naming each missing one). */
export async function assertExamReferences(tx: Tx, input: { typeExamId?: number; categoryId?: number | null }): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.typeExamId !== undefined && !(await tx.examType.findUnique({ where: { id: input.typeExamId }, select: { id: true } }))) errors.typeExamId = ['El tipo de examen no existe.'];
  if (input.categoryId && !(await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) errors.categoryId = ['La categoría no existe.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Replaces the synonyms typed by people; the seeded ones (from the reference data) stay. */
export async function replaceManualSynonyms(tx: Tx, examId: number, synonyms: string[]): Promise<void> {
  await tx.examSynonym.deleteMany({ where: { examId, kind: 'manual' } });
  await tx.examSynonym.createMany({ data: [...new Set(synonyms)].map((synonym) => ({ examId, synonym, kind: 'manual' })), skipDuplicates: true });
}
