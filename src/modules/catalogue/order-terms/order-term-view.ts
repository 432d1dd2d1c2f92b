import type { OrderTerm, OrderTermExam } from '../../../contracts/order-terms';
import type { Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/database/prisma.service';
import type { ServerSide } from '../../../platform/http/envelope';

export const ORDER_TERM_SELECT = {
  id: true, term: true, folded: true, kind: true, examIds: true, reason: true, source: true, createdAt: true, updatedAt: true,
} as const satisfies Prisma.OrderTermSelect;

type OrderTermRow = Prisma.OrderTermGetPayload<{ select: typeof ORDER_TERM_SELECT }>;

/** Reads exams by id; the PrismaService and a transaction both do. */
type ExamReader = Pick<Tx, 'exam'>;

/**
 * Terms as the back office reads them: each with its exams in its own order (`exam_ids` is an array,
 * not a relation), all of a page's exams read in one query.
 */
export async function toOrderTerms(db: ExamReader, rows: OrderTermRow[]): Promise<ServerSide<OrderTerm>[]> {
  const ids = [...new Set(rows.flatMap((row) => row.examIds))];
  const exams = ids.length === 0 ? [] : await db.exam.findMany({ where: { id: { in: ids } }, select: { id: true, code: true, codeDotted: true, name: true } });
  const byId = new Map<number, OrderTermExam>(exams.map((exam) => [exam.id, exam]));
  return rows.map(({ examIds, ...row }) => ({ ...row, exams: examIds.flatMap((id) => byId.get(id) ?? []) }));
}

export async function toOrderTerm(db: ExamReader, row: OrderTermRow): Promise<ServerSide<OrderTerm>> {
  return (await toOrderTerms(db, [row]))[0];
}
