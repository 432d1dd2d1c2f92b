import { Prisma } from '../../../../generated/prisma/client';
import type { PrismaService, Tx } from '../../../../platform/database/prisma.service';
import { LaboratoryExam, type LaboratoryExamState } from '../domain/laboratory-exam';

/**
 * The offers repository for many offers at once (bulk imports): the same aggregate and the same
 * columns and price history as `PrismaLaboratoryExamRepository`, in a few statements per chunk
 * instead of four per offer.
 */
export const pairKey = (laboratoryId: number, examId: number) => `${laboratoryId}:${examId}`;

/** The offers of these (laboratory, exam) pairs that exist, by `pairKey`; locked (in id order) when `lock`. */
export async function findOffersByPairs(db: Tx | PrismaService, pairs: { laboratoryId: number; examId: number }[], lock: boolean): Promise<Map<string, LaboratoryExam>> {
  if (pairs.length === 0) return new Map();
  const rows = await db.$queryRaw<(LaboratoryExamState & { id: number })[]>`
    SELECT le.id, le.laboratory_id AS "laboratoryId", le.exam_id AS "examId", le.price, le.status::text AS status, le.is_active AS "isActive",
           le.authorized_at AS "authorizedAt", le.authorized_by_id AS "authorizedById", le.rejection_reason AS "rejectionReason"
    FROM laboratory_exam le
    JOIN jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ l: p.laboratoryId, e: p.examId })))}::jsonb) AS p(l int, e int)
      ON le.laboratory_id = p.l AND le.exam_id = p.e
    ORDER BY le.id
    ${lock ? Prisma.sql`FOR UPDATE OF le` : Prisma.empty}`;
  return new Map(rows.map((row) => [pairKey(row.laboratoryId, row.examId), LaboratoryExam.restore(row)]));
}

/**
 * Brings the planner's statistics of the offers up to date after many were written at once (a bulk import): until
 * autovacuum's next pass, a table that went from a few to 200,000 offers is planned as if it still had a few, and a
 * query by (branch, exam) through a bitmap of every authorized offer took 33 s instead of 65 ms. ANALYZE samples a
 * bounded number of rows, so this costs a fraction of a second at any size; in a transaction, it counts the
 * transaction's own rows.
 */
export async function refreshOfferStatistics(tx: Tx): Promise<void> {
  await tx.$executeRaw`ANALYZE laboratory_exam, laboratory_exam_price_history`;
}

/**
 * Saves offers the aggregate changed (new ones inserted, others updated) and appends their price
 * history: one statement for the new offers and one for the changed ones, each with its rows as
 * one JSON parameter; the history rows find their offer's id through the INSERT's or UPDATE's
 * RETURNING, so nothing travels back. A unique violation means someone offered the same exam at
 * the same time: the caller's transaction rolls back and is retried.
 */
export async function saveOffers(tx: Tx, offers: LaboratoryExam[]): Promise<void> {
  for (let start = 0; start < offers.length; start += SAVE_ROWS) await saveSome(tx, offers.slice(start, start + SAVE_ROWS));
}

/**
 * Offers per statement. Their JSON, and the copies Prisma makes of it for its query compiler, stay under V8's
 * large-object size (128 kB), so they die young: an import's 5,000 offers in one statement left 1-2 MB pieces in the
 * large-object space until a full collection, and its commit peaked 10-20 MB higher than its dry run.
 */
const SAVE_ROWS = 300;

async function saveSome(tx: Tx, offers: LaboratoryExam[]): Promise<void> {
  const fresh = offers.filter((o) => o.state.id === undefined);
  const known = offers.filter((o) => o.state.id !== undefined);
  if (fresh.length > 0) {
    const { rows, history } = asJson(fresh);
    await tx.$executeRaw`
      WITH inserted AS (
        INSERT INTO laboratory_exam (laboratory_id, exam_id, price, status, is_active, authorized_at, authorized_by_id, rejection_reason, updated_at)
        SELECT laboratory_id, exam_id, price, status::authorization_status, is_active, authorized_at AT TIME ZONE 'UTC', authorized_by_id, reason, now()
        FROM jsonb_to_recordset(${rows}::jsonb)
          AS v(laboratory_id int, exam_id int, price int, status text, is_active boolean, authorized_at timestamptz, authorized_by_id int, reason text)
        RETURNING id, laboratory_id, exam_id
      )
      INSERT INTO laboratory_exam_price_history (laboratory_exam_id, old_price, new_price, changed_by_id)
      SELECT inserted.id, h.old_price, h.new_price, h.changed_by_id
      FROM jsonb_to_recordset(${history}::jsonb) AS h(laboratory_id int, exam_id int, old_price int, new_price int, changed_by_id int)
      JOIN inserted ON inserted.laboratory_id = h.laboratory_id AND inserted.exam_id = h.exam_id`;
  }
  if (known.length > 0) {
    const { rows, history } = asJson(known);
    await tx.$executeRaw`
      WITH v AS MATERIALIZED (
        SELECT * FROM jsonb_to_recordset(${rows}::jsonb)
          AS v(id int, price int, status text, is_active boolean, authorized_at timestamptz, authorized_by_id int, reason text)
      ), updated AS (
        UPDATE laboratory_exam le
        SET price = v.price, status = v.status::authorization_status, is_active = v.is_active, authorized_at = v.authorized_at AT TIME ZONE 'UTC',
            authorized_by_id = v.authorized_by_id, rejection_reason = v.reason, updated_at = now()
        FROM v WHERE le.id = v.id
        RETURNING le.id
      )
      INSERT INTO laboratory_exam_price_history (laboratory_exam_id, old_price, new_price, changed_by_id)
      SELECT updated.id, h.old_price, h.new_price, h.changed_by_id
      FROM jsonb_to_recordset(${history}::jsonb) AS h(id int, old_price int, new_price int, changed_by_id int)
      JOIN updated ON updated.id = h.id`;
  }
}

function asJson(offers: LaboratoryExam[]) {
  const rows = offers.map(({ state: s }) => ({
    id: s.id, laboratory_id: s.laboratoryId, exam_id: s.examId, price: s.price, status: s.status, is_active: s.isActive,
    authorized_at: s.authorizedAt?.toISOString() ?? null, authorized_by_id: s.authorizedById, reason: s.rejectionReason,
  }));
  const history = offers.flatMap(({ state, priceChanges }) =>
    priceChanges.map((c) => ({ id: state.id, laboratory_id: state.laboratoryId, exam_id: state.examId, old_price: c.oldPrice, new_price: c.newPrice, changed_by_id: c.changedById })),
  );
  return { rows: JSON.stringify(rows), history: JSON.stringify(history) };
}

/**
 * Confirms these offers unchanged today ("vigente desde", issue 30): an import row that repeats the stored price
 * says the laboratory still charges it.
 */
export async function confirmOffers(tx: Tx, offers: LaboratoryExam[]): Promise<void> {
  const ids = offers.map((offer) => offer.state.id).filter((id): id is number => id !== undefined);
  // In SQL: the client's updateMany would also move `updated_at`, the price's "último cambio", and none was made.
  if (ids.length > 0) await tx.$executeRaw`UPDATE laboratory_exam SET confirmed_at = now() WHERE id = ANY(${ids}::int[])`;
}
