import { combinePreparation, type OrderPreparation } from '../../../../contracts/preparation';
import type { PrismaService, Tx } from '../../../../platform/database/prisma.service';
import { EXAM_PREPARATION_SELECT, toExamPreparation } from '../../../catalogue/exams';

/** The visit's preparation for an order's lines: every exam bought, alone or in a package, combined (issue 30). */
export async function orderPreparation(db: PrismaService | Tx, lines: { examId: number | null; productId: number | null }[]): Promise<OrderPreparation> {
  const examIds = lines.flatMap((line) => (line.examId !== null ? [line.examId] : []));
  const productIds = lines.flatMap((line) => (line.productId !== null ? [line.productId] : []));
  const [exams, packaged] = await Promise.all([
    db.exam.findMany({ where: { id: { in: examIds } }, select: EXAM_PREPARATION_SELECT }),
    db.productExam.findMany({ where: { productId: { in: productIds } }, select: { exam: { select: EXAM_PREPARATION_SELECT } } }),
  ]);
  return combinePreparation([...exams, ...packaged.map((p) => p.exam)].map(toExamPreparation));
}
