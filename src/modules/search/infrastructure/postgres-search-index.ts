import { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import type { Coverage, FacetCount, LaboratoryQuote, QuoteQuery, QuoteResults, SearchIndex } from '../search-index';

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

/** Laboratories with the price of each requested exam they offer, whole orders first. */
function quoteStatement(query: QuoteQuery, matched: Prisma.Sql, offset: number): Prisma.Sql {
  const coverage = coverageSql(query.coverage);
  const order = {
    identifierName: Prisma.sql`l.name_folded`,
    total: Prisma.sql`q.total`,
    copay: Prisma.sql`q.total - q.coverage`,
  }[query.orderBy];
  const direction = query.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return Prisma.sql`
    WITH q AS (
      SELECT p.laboratory_id, count(*)::int AS offered, sum(p.price)::int AS total, sum(${coverage})::int AS coverage,
             json_agg(json_build_array(p.exam_id, p.price, ${coverage}) ORDER BY p.exam_id) AS exams
      FROM search_laboratory_exam p
      JOIN search_laboratory l ON l.laboratory_id = p.laboratory_id
      WHERE p.exam_id = ANY(${query.examIds}::int[]) AND ${matched}
      GROUP BY p.laboratory_id
    )
    SELECT l.laboratory_id, l.identifier_name, l.address_line1, l.comuna_id, l.lat, l.lng, l.fonasa_level,
           q.offered, q.total, q.coverage, q.exams, count(*) OVER ()::int AS full_count
    FROM q JOIN search_laboratory l ON l.laboratory_id = q.laboratory_id
    ORDER BY (q.offered = ${query.examIds.length}) DESC, ${order} ${direction}, l.name_folded, l.laboratory_id
    LIMIT ${query.perPage} OFFSET ${offset}`;
}

/** Without exams: the laboratories themselves, by name. */
function listStatement(query: QuoteQuery, matched: Prisma.Sql, offset: number): Prisma.Sql {
  const direction = query.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  return Prisma.sql`
    SELECT l.laboratory_id, l.identifier_name, l.address_line1, l.comuna_id, l.lat, l.lng, l.fonasa_level,
           0 AS offered, 0 AS total, 0 AS coverage, '[]'::json AS exams, count(*) OVER ()::int AS full_count
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
  await tx.$executeRaw`
    INSERT INTO search_laboratory_exam (exam_id, laboratory_id, price, fonasa_coverage)
    SELECT le.exam_id, le.laboratory_id, le.price,
           CASE s.fonasa_level WHEN 1 THEN e.fonasa_price_level1 - e.fonasa_copay_level1
                               WHEN 2 THEN e.fonasa_price_level2 - e.fonasa_copay_level2
                               WHEN 3 THEN e.fonasa_price_level3 - e.fonasa_copay_level3 END
    FROM laboratory_exam le
    JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id
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

/** The covered amount of one price `p.price`, per the order's insurer. */
function coverageSql(coverage: Coverage): Prisma.Sql {
  switch (coverage.kind) {
    case 'FONASA':
      return coverage.mle ? Prisma.sql`LEAST(p.price, GREATEST(COALESCE(p.fonasa_coverage, 0), 0))` : Prisma.sql`0`;
    case 'PERCENT':
      return Prisma.sql`round(p.price * ${coverage.percentage}::numeric / 100)::int`;
    case 'NONE':
      return Prisma.sql`0`;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface QuoteRow {
  laboratory_id: number;
  identifier_name: string;
  address_line1: string;
  comuna_id: number;
  lat: number | null;
  lng: number | null;
  fonasa_level: number;
  offered: number;
  total: number;
  coverage: number;
  exams: [number, number, number][];
  full_count: number;
}

function toQuote(row: QuoteRow, examIds: number[]): LaboratoryQuote {
  const exams = row.exams.map(([examId, price, coverage]) => ({ examId, price, coverage, copay: price - coverage }));
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
    copay: row.total - row.coverage,
  };
}
