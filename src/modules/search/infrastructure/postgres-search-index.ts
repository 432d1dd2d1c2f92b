import { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import type { Coverage, ExamQuote, FacetCount, LaboratoryQuote, QuoteQuery, QuoteResults, SearchIndex } from '../search-index';
import { mleBonoColumns } from '../../catalogue/exams';

/**
 * The search index in PostgreSQL (embedded default): the denormalised `search_laboratory` and
 * `search_laboratory_exam` tables, projected with set-based SQL from the write model, queried
 * with GIN indexes on arrays of ids and the (exam, laboratory) primary key of prices.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres' as const;

  constructor(private readonly prisma: PrismaService) {}

  async reindexLaboratories(laboratoryIds: number[], tx?: Tx): Promise<void> {
    if (laboratoryIds.length === 0) return;
    const ids = [...new Set(laboratoryIds)].sort((a, b) => a - b);
    const run = (db: Tx) => project(db, ids);
    await (tx ? run(tx) : this.prisma.$transaction(run, { timeout: 120_000 }));
  }

  async reindexAll(onProgress?: (done: number, total: number) => void) {
    // One transaction: searches keep reading the previous documents until it commits.
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.SearchReindex})`;
        await tx.$executeRaw`DELETE FROM search_laboratory`;
        const ids = (await tx.$queryRaw<{ id: number }[]>`SELECT id FROM laboratory ORDER BY id`).map((r) => r.id);
        const batch = 2000;
        for (let i = 0; i < ids.length; i += batch) {
          await project(tx, ids.slice(i, i + batch), false);
          onProgress?.(Math.min(i + batch, ids.length), ids.length);
        }
        const [counts] = await tx.$queryRaw<{ laboratories: number; prices: number }[]>`
          SELECT (SELECT count(*) FROM search_laboratory)::int AS laboratories, (SELECT count(*) FROM search_laboratory_exam)::int AS prices`;
        return counts;
      },
      { timeout: 30 * 60_000 },
    ).then(async (counts) => {
      await this.prisma.$executeRaw`ANALYZE search_laboratory, search_laboratory_exam`;
      return counts;
    });
  }

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1 FROM search_laboratory LIMIT 1`;
  }

  async search(query: QuoteQuery): Promise<QuoteResults> {
    const statements = searchStatements(query);
    const [rows, comunas, insurers, filterValues] = await Promise.all([
      this.prisma.$queryRaw<QuoteRow[]>(statements.rows),
      ...statements.facets.map((facet) => this.prisma.$queryRaw<FacetCount[]>(facet)),
    ]);
    const offset = (query.currentPage - 1) * query.perPage;
    const total = rows[0]?.full_count ?? (offset > 0 ? await this.count(query) : 0);
    return {
      items: rows.map((row) => toQuote(row, query.examIds)),
      total,
      currentPage: query.currentPage,
      perPage: query.perPage,
      lastPage: Math.max(1, Math.ceil(total / query.perPage)),
      facets: { comunas, insurers, filterValues },
    };
  }

  /** A page past the last one has no rows to carry the count. */
  private async count(query: QuoteQuery): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM search_laboratory l WHERE ${labConditions(query, true)} AND ${offersSome(query)}`;
    return row.n;
  }
}

/**
 * The statements of one search: the page of quotes (or of laboratories, without exams) and the
 * facets (comunas, insurers, attribute values), run in parallel. Exported so that the search
 * benchmark can run the very same SQL straight on the database and compare.
 */
export function searchStatements(query: QuoteQuery): { rows: Prisma.Sql; facets: [Prisma.Sql, Prisma.Sql, Prisma.Sql] } {
  const matched = labConditions(query, true);
  const offset = (query.currentPage - 1) * query.perPage;
  return {
    rows: query.examIds.length > 0 ? quoteStatement(query, matched, offset) : listStatement(query, matched, offset),
    facets: [
      facetStatement(query, labConditions(query, false), Prisma.sql`ARRAY[l.comuna_id]`, 'location'),
      facetStatement(query, matched, Prisma.sql`l.insurer_ids`, 'insurer'),
      facetStatement(query, matched, Prisma.sql`l.filter_value_ids`, 'select_list_child'),
    ],
  };
}

/**
 * Laboratories with what each requested exam they offer costs the patient, whole orders first.
 * `x` is one exam line (see quote-rules.ts for the rules, which `shareSql` writes in SQL).
 */
function quoteStatement(query: QuoteQuery, matched: Prisma.Sql, offset: number): Prisma.Sql {
  const share = shareSql(query.coverage);
  const order = {
    identifierName: Prisma.sql`l.name_folded`,
    total: Prisma.sql`q.total`,
    copay: Prisma.sql`q.copay`,
  }[query.orderBy];
  const direction = query.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return Prisma.sql`
    WITH x AS (
      SELECT p.laboratory_id, p.exam_id, p.price, ${share.bono} AS bono, ${share.cheaper} AS cheaper, ${share.covered} AS covered, ${share.pays} AS pays
      FROM search_laboratory_exam p
      JOIN search_laboratory l ON l.laboratory_id = p.laboratory_id
      WHERE p.exam_id = ANY(${query.examIds}::int[]) AND ${matched}
    ), q AS (
      SELECT laboratory_id, count(*)::int AS offered, sum(price)::int AS total, sum(covered)::int AS coverage, sum(pays)::int AS copay,
             coalesce(sum(pays) FILTER (WHERE bono), 0)::int AS bono_copay,
             json_agg(json_build_array(exam_id, price, covered, pays, bono, cheaper) ORDER BY exam_id) AS exams
      FROM x GROUP BY laboratory_id
    )
    SELECT l.laboratory_id, l.identifier_name, l.address_line1, l.comuna_id, l.lat, l.lng, l.fonasa_level,
           q.offered, q.total, q.coverage, q.copay, q.bono_copay, q.exams, count(*) OVER ()::int AS full_count
    FROM q JOIN search_laboratory l ON l.laboratory_id = q.laboratory_id
    ORDER BY (q.offered = ${query.examIds.length}) DESC, ${order} ${direction}, l.name_folded, l.laboratory_id
    LIMIT ${query.perPage} OFFSET ${offset}`;
}

/** Without exams: the laboratories themselves, by name. */
function listStatement(query: QuoteQuery, matched: Prisma.Sql, offset: number): Prisma.Sql {
  const direction = query.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return Prisma.sql`
    SELECT l.laboratory_id, l.identifier_name, l.address_line1, l.comuna_id, l.lat, l.lng, l.fonasa_level,
           0 AS offered, 0 AS total, 0 AS coverage, 0 AS copay, 0 AS bono_copay, '[]'::json AS exams, count(*) OVER ()::int AS full_count
    FROM search_laboratory l
    WHERE ${matched}
    ORDER BY l.name_folded ${direction}, l.laboratory_id
    LIMIT ${query.perPage} OFFSET ${offset}`;
}

/** How many matching laboratories carry each value of an array of ids, with the value's name. */
function facetStatement(query: QuoteQuery, matched: Prisma.Sql, values: Prisma.Sql, names: 'location' | 'insurer' | 'select_list_child'): Prisma.Sql {
  return Prisma.sql`
    SELECT f.id, f.count, n.name
    FROM (SELECT v AS id, count(*)::int AS count
          FROM search_laboratory l CROSS JOIN LATERAL unnest(${values}) AS v
          WHERE ${matched} AND ${offersSome(query)}
          GROUP BY v) f
    JOIN ${Prisma.raw(names)} n ON n.id = f.id
    ORDER BY f.count DESC, n.name`;
}


/** Deletes and rebuilds the documents of `ids` (sorted) from the write model. */
async function project(tx: Tx, ids: number[], lock = true): Promise<void> {
  // Two projections of one laboratory at once would collide on its rows: serialise per laboratory.
  if (lock) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.SearchReindex}, id) FROM unnest(${ids}::int[]) AS id ORDER BY id`;
  await tx.$executeRaw`DELETE FROM search_laboratory WHERE laboratory_id = ANY(${ids}::int[])`;
  await tx.$executeRaw`
    INSERT INTO search_laboratory (laboratory_id, identifier_name, name_folded, company_id, comuna_id, region_id, served_comuna_ids,
                                   insurer_ids, filter_value_ids, address_line1, lat, lng, fonasa_level)
    SELECT l.id, l.identifier_name, cl_fold(l.identifier_name), l.company_id, l.comuna_id, c.parent_id,
           ARRAY[l.comuna_id] || ARRAY(SELECT n.location_id FROM near_location n WHERE n.near_location_id = l.comuna_id ORDER BY 1),
           ARRAY(SELECT li.insurer_id FROM laboratory_insurer li JOIN insurer i ON i.id = li.insurer_id WHERE li.laboratory_id = l.id AND i.is_active ORDER BY 1),
           ARRAY(SELECT a.select_list_child_id FROM laboratory_attribute a
                 JOIN select_list_type t ON t.id = a.select_list_type_id
                 JOIN select_list_child ch ON ch.id = a.select_list_child_id
                 WHERE a.laboratory_id = l.id AND t.isfilter AND ch.is_active ORDER BY 1),
           l.address_line1, l.lat, l.lng, l.fonasa_level
    FROM laboratory l
    JOIN company co ON co.id = l.company_id AND co.status = 'APPROVED'
    JOIN location c ON c.id = l.comuna_id
    WHERE l.id = ANY(${ids}::int[]) AND l.is_active`;
  const bono = mleBonoColumns('l', 'e');
  await tx.$executeRaw`
    INSERT INTO search_laboratory_exam (exam_id, laboratory_id, price, mle_arancel, mle_copay)
    SELECT le.exam_id, le.laboratory_id, le.price, ${bono.arancel}, ${bono.copay}
    FROM laboratory_exam le
    JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id
    JOIN laboratory l ON l.id = le.laboratory_id
    JOIN exam e ON e.id = le.exam_id AND e.is_active
    WHERE le.laboratory_id = ANY(${ids}::int[]) AND le.status = 'AUTHORIZED' AND le.is_active`;
}

/**
 * What a laboratory must satisfy, besides offering the exams. The comuna facet (`withLocation`
 * false) drops the comuna but keeps its region, to offer the other comunas around.
 */
function labConditions(query: QuoteQuery, withLocation: boolean): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (withLocation && query.comunaId !== undefined) {
    conditions.push(query.withNearLocations ? Prisma.sql`l.served_comuna_ids @> ARRAY[${query.comunaId}]::int[]` : Prisma.sql`l.comuna_id = ${query.comunaId}`);
  } else if (query.regionId !== undefined) {
    conditions.push(Prisma.sql`l.region_id = ${query.regionId}`);
  }
  if (query.insurerIds?.length) conditions.push(Prisma.sql`l.insurer_ids && ${query.insurerIds}::int[]`);
  for (const group of query.filterValueIds) conditions.push(Prisma.sql`l.filter_value_ids && ${group}::int[]`);
  if (query.laboratoryName) conditions.push(Prisma.sql`l.name_folded LIKE '%' || cl_fold(${escapeLike(query.laboratoryName)}) || '%'`);
  if (query.laboratoryId !== undefined) conditions.push(Prisma.sql`l.laboratory_id = ${query.laboratoryId}`);
  if (query.typeExamId !== undefined) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM search_laboratory_exam t JOIN exam e ON e.id = t.exam_id WHERE t.laboratory_id = l.laboratory_id AND e.type_exam_id = ${query.typeExamId})`);
  }
  return Prisma.join(conditions, ' AND ');
}

/** With an order, only laboratories that offer at least one of its exams are results. */
function offersSome(query: QuoteQuery): Prisma.Sql {
  return query.examIds.length === 0
    ? Prisma.sql`TRUE`
    : Prisma.sql`EXISTS (SELECT 1 FROM search_laboratory_exam p WHERE p.laboratory_id = l.laboratory_id AND p.exam_id = ANY(${query.examIds}::int[]))`;
}

/** One exam line `p` of the order, per the order's insurer: quote-rules.ts `examShare`, in SQL. */
function shareSql(coverage: Coverage): { bono: Prisma.Sql; cheaper: Prisma.Sql; covered: Prisma.Sql; pays: Prisma.Sql } {
  if (coverage.kind === 'FONASA' && coverage.mle) {
    const bono = Prisma.sql`(p.mle_copay IS NOT NULL AND p.mle_copay <= p.price)`;
    return {
      bono,
      cheaper: Prisma.sql`(p.mle_copay IS NOT NULL AND p.mle_copay > p.price)`,
      covered: Prisma.sql`CASE WHEN ${bono} THEN p.mle_arancel - p.mle_copay ELSE 0 END`,
      pays: Prisma.sql`CASE WHEN ${bono} THEN p.mle_copay ELSE p.price END`,
    };
  }
  const covered = coverage.kind === 'PERCENT' ? Prisma.sql`round(p.price * ${coverage.percentage}::numeric / 100)::int` : Prisma.sql`0`;
  return { bono: Prisma.sql`FALSE`, cheaper: Prisma.sql`FALSE`, covered, pays: Prisma.sql`p.price - ${covered}` };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface QuoteRow {
  laboratory_id: number;
  identifier_name: string;
  address_line1: string;
  comuna_id: number;
  lat: number | null;
  lng: number | null;
  fonasa_level: number | null;
  offered: number;
  total: number;
  coverage: number;
  copay: number;
  bono_copay: number;
  /** examId, price, covered, pays, bono, cheaper. */
  exams: [number, number, number, number, boolean, boolean][];
  full_count: number;
}

function toQuote(row: QuoteRow, examIds: number[]): LaboratoryQuote {
  const exams = row.exams.map(([examId, price, coverage, copay, bono, privateCheaper]): ExamQuote => ({ examId, price, coverage, copay, payment: bono ? 'BONO' : 'PRIVATE', privateCheaper }));
  const offered = new Set(exams.map((e) => e.examId));
  return {
    laboratoryId: row.laboratory_id,
    identifierName: row.identifier_name,
    addressLine1: row.address_line1,
    comunaId: row.comuna_id,
    lat: row.lat,
    lng: row.lng,
    fonasaLevel: row.fonasa_level,
    exams,
    missingExamIds: examIds.filter((id) => !offered.has(id)),
    offersAll: examIds.length > 0 && offered.size === examIds.length,
    total: row.total,
    coverage: row.coverage,
    copay: row.copay,
    bonoCopay: row.bono_copay,
    privateCopay: row.copay - row.bono_copay,
  };
}
