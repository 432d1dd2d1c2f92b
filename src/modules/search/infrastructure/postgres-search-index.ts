import { Prisma } from '../../../generated/prisma/client';
import { AdvisoryLock } from '../../../platform/database/locks';
import { HotPath } from '../../../platform/database/hot-path';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import type { Coverage, ExamQuote, FacetCount, LaboratoryQuote, QuoteQuery, QuoteResults, SearchIndex, SplitCandidate } from '../search-index';
import { SPLIT_PER_EXAM, SPLIT_WHOLE } from '../split-offer';
import { acceptedInsurerIds, activeExamOfPrice, filterValueIds, quotableLaboratoriesAmong, quotablePrice, servedComunaIds } from './quotable';
import type { VisitFeeQuote } from '../../../contracts/search';
import { mleBonoColumns } from '../../catalogue/exams';
import { branchFactsSql, sampleFeeColumns, toBranchFacts, type BranchFactsRow } from '../../catalogue/laboratories';
import { STALE_AFTER_MONTHS } from '../../catalogue/pricing';

/**
 * The search index in PostgreSQL (embedded default): the denormalised `search_laboratory` and
 * `search_laboratory_exam` tables, projected with set-based SQL from the write model, queried
 * with GIN indexes on arrays of ids and a covering (exam, comuna, laboratory) index of prices.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres' as const;
  /** Searches run straight on `pg` (HotPath): the hottest read of the product. Given by the platform, or its own. */
  private readonly reads: HotPath;
  private readonly ownReads: boolean;

  constructor(
    private readonly prisma: PrismaService,
    reads?: HotPath,
  ) {
    this.reads = reads ?? new HotPath(prisma.databaseUrl);
    this.ownReads = !reads;
  }

  async close(): Promise<void> {
    if (this.ownReads) await this.reads.close();
  }

  async reindexLaboratories(laboratoryIds: number[], tx?: Tx): Promise<void> {
    if (laboratoryIds.length === 0) return;
    const ids = [...new Set(laboratoryIds)].sort((a, b) => a - b);
    const run = (db: Tx) => project(db, ids);
    await (tx ? run(tx) : this.prisma.$transaction(run, { timeout: 120_000 }));
  }

  async reindexPrices(laboratoryId: number, examIds: number[], tx?: Tx): Promise<void> {
    if (examIds.length === 0) return;
    const run = (db: Tx) => projectPrices(db, laboratoryId, examIds);
    await (tx ? run(tx) : this.prisma.$transaction(run));
  }

  async confirmPrices(laboratoryId: number, tx?: Tx): Promise<void> {
    const run = (db: Tx) => db.$executeRaw`
      UPDATE search_laboratory_exam p SET confirmed_at = le.confirmed_at
      FROM laboratory_exam le
      WHERE p.laboratory_id = ${laboratoryId} AND le.laboratory_id = p.laboratory_id AND le.exam_id = p.exam_id AND le.confirmed_at IS DISTINCT FROM p.confirmed_at`;
    await (tx ? run(tx) : this.prisma.$transaction(run));
  }

  async reindexAll(onProgress?: (done: number, total: number) => void) {
    // One transaction: searches keep reading the previous documents until it commits.
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.SearchReindex})`;
        await tx.$executeRaw`DELETE FROM search_laboratory`;
        // By comuna: the rebuilt table holds neighbours side by side, so a search reads a dense area's thousands of
        // branches from few pages (6,000,000 prices: 4 ms of a Santiago search were the scattered heap reads).
        const ids = (await tx.$queryRaw<{ id: number }[]>`SELECT id FROM laboratory ORDER BY comuna_id, id`).map((r) => r.id);
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
      // VACUUM too, not only ANALYZE: the rebuilt tables' visibility map is then all-visible, so that
      // searches read prices from the covering index alone (index-only scans) instead of the heap.
      await this.prisma.$executeRaw`VACUUM (ANALYZE) search_laboratory, search_laboratory_card, search_laboratory_exam`;
      return counts;
    });
  }

  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1 FROM search_laboratory LIMIT 1`;
  }

  async search(query: QuoteQuery): Promise<QuoteResults> {
    const [answer] = await this.reads.query<SearchRow>(searchStatement(query));
    return {
      ...(query.withSplitCandidates && { splitCandidates: (answer.split_candidates ?? []).map(toSplitCandidate) }),
      items: (answer.items ?? []).map((row) => toQuote(row, query)),
      total: answer.total,
      currentPage: query.currentPage,
      perPage: query.perPage,
      lastPage: Math.max(1, Math.ceil(answer.total / query.perPage)),
      facets: { comunas: answer.comunas ?? [], insurers: answer.insurers ?? [], filterValues: answer.filter_values ?? [] },
    };
  }
}

/**
 * One search in one statement: the page of quotes (or of laboratories, without exams) with the
 * cards' facts, the total and the three facets (comunas, insurers, attribute values), as one row.
 *
 * Why one statement: the candidate laboratories are matched once (`cand`) and every part reads
 * them; the prices are read in the comunas of those laboratories only, through the covering index
 * (exam_id, comuna_id, laboratory_id) INCLUDE (price, mle_arancel, mle_copay, confirmed_at), instead of every
 * price of the exams nationwide; the per-exam lines (JSON) are built for the page only; and a
 * search is one round trip and one connection, which matters more than parallelism on a loaded
 * server. docs/search-scaling.md has the plans and the figures.
 * Exported so that the search benchmark can run the very same SQL straight on the database.
 */
export function searchStatement(query: QuoteQuery): Prisma.Sql {
  const offset = (query.currentPage - 1) * query.perPage;
  const exams = query.examIds;
  const direction = query.orderSort === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  // `here`: where the results are (comuna, comuna + neighbours or + comunas added, region or anywhere);
  // `region`: the extent of the comuna facet. With a comuna, its neighbourhood (the comuna and those
  // near it, which may lie across a region border): the facet counts within the search and offers the
  // comunas a patient could add, not the whole region's.
  const { here, region } = placeSql(query);
  const home = query.homeCollection;
  // A previsión orders and prices, it never filters: `accepts` is whether the branch takes it.
  // The fee of collection at home in the patient's comuna, part of the quote (0 when not asked).
  const homeFee = home
    ? Prisma.sql`coalesce((SELECT f.fee FROM unnest(${home.laboratoryIds}::int[], ${home.fees}::int[]) AS f(id, fee) WHERE f.id = l.laboratory_id), 0)`
    : Prisma.sql`0`;
  const accepts = query.insurerIds?.length ? Prisma.sql`(l.insurer_ids && ${query.insurerIds}::int[])` : Prisma.sql`TRUE`;
  // The distance orders the candidates only when asked to; otherwise it is worked out for the page's cards alone
  // (its trigonometry for every candidate was a tenth of a dense area's statement at 6,000,000 prices).
  const distance = query.orderBy === 'distance' ? distanceSql(query.origin) : Prisma.sql`NULL::float8`;
  const cand = Prisma.sql`
    cand AS MATERIALIZED (
      SELECT l.laboratory_id, l.comuna_id, l.insurer_ids, l.filter_value_ids, l.name_folded, (${here}) AS here, (${region}) AS in_scope,
             ${accepts} AS accepts, ${distance} AS distance, ${homeFee} AS home_fee,
             l.fee_venous, l.fee_capillary, l.fee_pediatric, l.bono_level
      FROM search_laboratory l
      WHERE ${labConditions(query)} AND ((${here}) OR (${region})) ${exams.length === 0 ? publishesAPrice : Prisma.empty}
    )`;
  // How many hits hold each id of an array column. Branches share their lists (a chain's insurers, its services):
  // the distinct lists are counted first, so a dense area's thousands of branches are not unnested one by one.
  // `unnest` in the select list, not as a lateral function scan: that one fills a tuplestore per list, and was a
  // third of the insurer facet (6,000,000 prices).
  const countEach = (column: 'insurer_ids' | 'filter_value_ids') => Prisma.sql`
    SELECT v AS id, sum(g.n)::int AS count
    FROM (SELECT unnest(ids) AS v, n FROM (SELECT ${Prisma.raw(column)} AS ids, count(*) AS n FROM hits GROUP BY 1) lists) g GROUP BY 1`;
  const facets = Prisma.sql`
    (SELECT json_agg(json_build_object('id', f.id, 'count', f.count, 'name', n.name) ORDER BY f.count DESC, n.name)
     FROM (SELECT comuna_id AS id, count(*)::int AS count FROM scoped GROUP BY 1) f JOIN location n ON n.id = f.id) AS comunas,
    (SELECT json_agg(json_build_object('id', f.id, 'count', f.count, 'name', n.name) ORDER BY f.count DESC, n.name)
     FROM (${countEach('insurer_ids')}) f JOIN insurer n ON n.id = f.id) AS insurers,
    (SELECT json_agg(json_build_object('id', f.id, 'count', f.count, 'name', n.name) ORDER BY f.count DESC, n.name)
     FROM (${countEach('filter_value_ids')}) f JOIN select_list_child n ON n.id = f.id) AS filter_values`;
  const labJson = Prisma.sql`'laboratory_id', l.laboratory_id, 'identifier_name', l.identifier_name, 'address_line1', l.address_line1,
    'comuna_id', l.comuna_id, 'lat', l.lat, 'lng', l.lng, 'fonasa_level', l.fonasa_level, 'accepts', page.accepts, 'distance_km', round((${distanceSql(query.origin)})::numeric, 1),
    'home_fee', page.home_fee, 'facts', card.facts`;

  if (exams.length === 0) {
    const order = (t: string) => {
      const at = Prisma.raw(t);
      return query.orderBy === 'distance' ? Prisma.sql`${at}distance ${direction} NULLS LAST, ${at}name_folded` : Prisma.sql`${at}name_folded ${direction}`;
    };
    return Prisma.sql`
      WITH ${cand},
      hits AS (SELECT * FROM cand WHERE here),
      scoped AS (SELECT * FROM cand WHERE in_scope),
      page AS (SELECT laboratory_id, name_folded, accepts, distance, home_fee FROM hits ORDER BY accepts DESC, ${order('')}, laboratory_id LIMIT ${query.perPage} OFFSET ${offset})
      SELECT (SELECT count(*)::int FROM hits) AS total,
             (SELECT json_agg(json_build_object(${labJson},
                                                'offered', 0, 'total', 0, 'coverage', 0, 'copay', 0, 'bono_copay', 0, 'exams', '[]'::json)
                              ORDER BY page.accepts DESC, ${order('page.')}, page.laboratory_id)
              FROM page JOIN search_laboratory l ON l.laboratory_id = page.laboratory_id
              JOIN search_laboratory_card card ON card.laboratory_id = page.laboratory_id) AS items,
             ${facets}`;
  }

  const share = shareSql(query.coverage);
  const order = { identifierName: Prisma.sql`name_folded`, total: Prisma.sql`total`, copay: Prisma.sql`copay`, distance: Prisma.sql`distance`, toPay: Prisma.sql`to_pay` }[query.orderBy];
  // The exam array on the first column of the index: PostgreSQL 15 searches it one exam at a time
  // for this laboratory, whereas on a second column it would read all the laboratory's prices.
  const pricesOf = (labs: Prisma.Sql) => Prisma.sql`search_laboratory_exam p WHERE p.exam_id = ANY(${exams}::int[]) AND p.laboratory_id = ${labs}`;
  const line = shareSql(query.coverage, Prisma.sql`page.accepts`);
  return Prisma.sql`
    WITH ${cand},
    -- The prices of the order at the laboratories here, read in their comunas only (not nationwide) from
    -- the covering index (exam_id, comuna_id, laboratory_id) INCLUDE (price, mle_arancel, mle_copay, confirmed_at).
    px AS MATERIALIZED (
      SELECT p.laboratory_id, p.exam_id, p.price, p.mle_arancel, p.mle_copay, p.confirmed_at, ${share.pays} AS pays
      FROM search_laboratory_exam p
      WHERE p.exam_id = ANY(${exams}::int[]) AND p.comuna_id = ANY(ARRAY(SELECT DISTINCT comuna_id FROM cand WHERE here))
    ),
    -- Summed per laboratory before meeting the candidates: a dense area has thousands (hashing 4,000 sums beats
    -- sorting 14,000 prices). A branch that does not take the previsión is quoted at its private prices (hits).
    q AS (
      SELECT p.laboratory_id, count(*)::int AS offered, sum(p.price)::int AS total, sum(p.pays)::int AS pays
      FROM px p GROUP BY p.laboratory_id
    ),
    hits AS (
      SELECT h.*, h.copay + coalesce(h.fee_pays, 0) AS to_pay
      FROM (SELECT c.*, q.offered, q.total + c.home_fee AS total, CASE WHEN c.accepts THEN q.pays ELSE q.total END + c.home_fee AS copay, ${visitFeeColumns(query)}
            FROM cand c JOIN q ON q.laboratory_id = c.laboratory_id ${visitFeeJoin(query)}
            WHERE c.here) h
    ),${query.withSplitCandidates ? splitCandidatesSql(query) : Prisma.empty}
    -- The comuna facet: the laboratories of the region that offer some of the exams. Those here are in hits;
    -- for the others only whether they offer one matters (a probe), not their prices: a region can hold
    -- thousands of laboratories around a comuna of a few hundred.
    scoped AS (
      SELECT c.comuna_id FROM cand c
      WHERE c.in_scope AND CASE WHEN c.here THEN EXISTS (SELECT 1 FROM hits h WHERE h.laboratory_id = c.laboratory_id)
                                ELSE EXISTS (SELECT 1 FROM ${pricesOf(Prisma.sql`c.laboratory_id`)}) END
    ),
    -- Those taking the previsión first, then whole orders, then the order asked for.
    page AS (
      SELECT laboratory_id, offered, total, copay, to_pay, fee_kind, fee_amount, fee_pays, name_folded, accepts, distance, home_fee FROM hits
      ORDER BY accepts DESC, (offered = ${exams.length}) DESC, ${order} ${direction} NULLS LAST, name_folded, laboratory_id
      LIMIT ${query.perPage} OFFSET ${offset}
    ),
    -- The lines of the page's laboratories, from the prices already read (px), not read again.
    lines AS (
      SELECT laboratory_id, sum(covered)::int AS coverage, coalesce(sum(pays) FILTER (WHERE bono), 0)::int AS bono_copay,
             json_agg(json_build_array(exam_id, price, covered, pays, bono, cheaper, capped, confirmed_on, stale) ORDER BY exam_id) AS exams
      FROM (SELECT p.laboratory_id, p.exam_id, p.price, ${line.bono} AS bono, ${line.cheaper} AS cheaper, ${line.covered} AS covered, ${line.pays} AS pays,
                   ${line.capped} AS capped,
                   -- "Vigente desde", projected with the price (a confirmed list updates it: confirmPrices).
                   to_char(p.confirmed_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD') AS confirmed_on, p.confirmed_at <= now() - make_interval(months => ${STALE_AFTER_MONTHS}) AS stale
            FROM page JOIN px p ON p.laboratory_id = page.laboratory_id) x
      GROUP BY laboratory_id
    )
    SELECT (SELECT count(*)::int FROM hits) AS total,
           (SELECT json_agg(json_build_object(${labJson},
                                              'offered', page.offered, 'total', page.total, 'copay', page.copay, 'to_pay', page.to_pay,
                                              'fee_kind', page.fee_kind, 'fee_amount', page.fee_amount, 'fee_pays', page.fee_pays,
                                              'coverage', lines.coverage, 'bono_copay', lines.bono_copay, 'exams', lines.exams)
                            ORDER BY page.accepts DESC, (page.offered = ${exams.length}) DESC, page.${order} ${direction} NULLS LAST, page.name_folded, page.laboratory_id)
            FROM page
            JOIN search_laboratory l ON l.laboratory_id = page.laboratory_id
            JOIN search_laboratory_card card ON card.laboratory_id = page.laboratory_id
            JOIN lines ON lines.laboratory_id = page.laboratory_id) AS items,
           ${query.withSplitCandidates ? Prisma.sql`(SELECT json_agg(s ORDER BY s.laboratory_id) FROM split s) AS split_candidates,` : Prisma.empty}
           ${facets}`;
}

/**
 * The branches among which the order could be split in two visits (issue 30, `split-offer.ts`), from the prices the
 * statement already read (px): for each exam the few that charge the patient least for it, and the few cheapest with
 * the whole order, each with what the patient pays for each exam it offers and its sample-taking fees. Only where
 * the search looks (hits): a split is never offered between branches farther apart than the chosen area.
 */
function splitCandidatesSql(query: QuoteQuery): Prisma.Sql {
  return Prisma.sql`
    lab_pays AS (
      SELECT p.laboratory_id, p.exam_id, CASE WHEN h.accepts THEN p.pays ELSE p.price END AS pays
      FROM px p JOIN hits h ON h.laboratory_id = p.laboratory_id
    ),
    picked AS (
      SELECT laboratory_id FROM (SELECT laboratory_id, row_number() OVER (PARTITION BY exam_id ORDER BY pays, laboratory_id) AS r FROM lab_pays) x WHERE r <= ${SPLIT_PER_EXAM}
      UNION
      SELECT laboratory_id FROM (SELECT laboratory_id FROM hits WHERE offered = ${query.examIds.length} ORDER BY to_pay, laboratory_id LIMIT ${SPLIT_WHOLE}) w
    ),
    -- The picked branches' lines in one pass (a subquery per branch would scan every line once per branch).
    picked_lines AS (
      SELECT lp.laboratory_id, json_agg(json_build_array(lp.exam_id, lp.pays) ORDER BY lp.exam_id) AS lines
      FROM lab_pays lp JOIN picked ON picked.laboratory_id = lp.laboratory_id GROUP BY lp.laboratory_id
    ),
    split AS (
      SELECT h.laboratory_id, l.identifier_name, h.comuna_id, h.accepts, h.fee_venous, h.fee_capillary, h.fee_pediatric, h.bono_level, pl.lines
      FROM picked_lines pl JOIN hits h ON h.laboratory_id = pl.laboratory_id JOIN search_laboratory l ON l.laboratory_id = h.laboratory_id
    ),`;
}

function toSplitCandidate(r: SplitRow): SplitCandidate {
  return {
    laboratoryId: r.laboratory_id, identifierName: r.identifier_name, comunaId: r.comuna_id, accepts: r.accepts,
    fees: { VENOUS: r.fee_venous, CAPILLARY: r.fee_capillary, PEDIATRIC: r.fee_pediatric }, bonoLevel: r.bono_level,
    lines: r.lines.map(([examId, pays]) => ({ examId, pays })),
  };
}

/**
 * The sample taking of the visit at hit `c` (quote-rules.ts `visitFeeFor`, in SQL): the first fee kind the order may
 * be charged that the branch charges, as a price line `f` (its amount and FONASA's bono for it at the branch's
 * level), then what the patient pays of it as an exam line is paid (`visitFeeColumns`). Plain expressions, not a
 * subquery per branch: a dense area has thousands of hits.
 */
function visitFeeJoin(query: QuoteQuery): Prisma.Sql {
  const rules = query.visitFees;
  if (rules.length === 0) return Prisma.empty;
  const column = (kind: string) => Prisma.raw(`c.fee_${kind.toLowerCase()}`);
  const first = (value: (rule: QuoteQuery['visitFees'][number]) => Prisma.Sql) =>
    Prisma.sql`CASE ${Prisma.join(rules.map((rule) => Prisma.sql`WHEN ${column(rule.kind)} IS NOT NULL THEN ${value(rule)}`), ' ')} END`;
  const atLevel = (values: readonly (number | null)[] | undefined) => (values ? Prisma.sql`(${[...values]}::int[])[c.bono_level]` : Prisma.sql`NULL::int`);
  return Prisma.sql`CROSS JOIN LATERAL (SELECT ${first((rule) => Prisma.sql`${rule.kind}`)}::text AS kind, ${first((rule) => column(rule.kind))} AS price,
      ${first((rule) => atLevel(rule.bono?.arancel))} AS mle_arancel, ${first((rule) => atLevel(rule.bono?.copay))} AS mle_copay) f`;
}

/** The visit's fee of a hit: its kind, amount and what the patient pays of it (null when none). */
function visitFeeColumns(query: QuoteQuery): Prisma.Sql {
  if (query.visitFees.length === 0) return Prisma.sql`NULL::text AS fee_kind, NULL::int AS fee_amount, NULL::int AS fee_pays`;
  const share = shareSql(query.coverage, Prisma.sql`c.accepts`, 'f');
  return Prisma.sql`f.kind AS fee_kind, f.price AS fee_amount, CASE WHEN f.price IS NOT NULL THEN (${share.pays})::int END AS fee_pays`;
}

/**
 * Where a search looks, on `search_laboratory l`: `here`, where the results are (comuna, comuna + neighbours or +
 * comunas added, region or anywhere; the branches reaching the patient's home when asked), and `region`, the
 * extent of the comuna facet: with a comuna, its neighbourhood (the comuna and those near it, which may lie across a
 * region border), so that the facet counts within the search and offers the comunas a patient could add.
 */
function placeSql(query: QuoteQuery): { here: Prisma.Sql; region: Prisma.Sql } {
  const neighbourhood = query.comunaId !== undefined ? Prisma.sql`l.served_comuna_ids @> ARRAY[${query.comunaId}]::int[]` : undefined;
  const region = neighbourhood ?? (query.regionId !== undefined ? Prisma.sql`l.region_id = ${query.regionId}` : Prisma.sql`TRUE`);
  const home = query.homeCollection;
  const here = home
    ? Prisma.sql`l.laboratory_id = ANY(${home.laboratoryIds}::int[])`
    : query.comunaId === undefined
      ? region
      : query.withNearLocations
        ? neighbourhood!
        : Prisma.sql`l.comuna_id = ANY(${[query.comunaId, ...(query.addedComunaIds ?? [])]}::int[])`;
  return { here, region };
}

/**
 * Kilometres from the chosen comuna to a branch of `cand` (haversine, Earth radius 6371 km): the
 * branch's own coordinates, or its comuna's when it has none. Null without an origin.
 */
function distanceSql(origin: QuoteQuery['origin']): Prisma.Sql {
  if (!origin) return Prisma.sql`NULL::float8`;
  const lat = Prisma.sql`coalesce(l.lat, (SELECT c.lat FROM location c WHERE c.id = l.comuna_id))`;
  const lng = Prisma.sql`coalesce(l.lng, (SELECT c.lng FROM location c WHERE c.id = l.comuna_id))`;
  return Prisma.sql`(12742 * asin(sqrt(power(sin(radians(${lat} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${origin.lng}::float8) / 2), 2))))`;
}

/** Deletes and rebuilds the documents of `ids` (sorted) from the write model. */
async function project(tx: Tx, ids: number[], lock = true): Promise<void> {
  // Two projections of one laboratory at once would collide on its rows: serialise per laboratory.
  if (lock) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.SearchReindex}, id) FROM unnest(${ids}::int[]) AS id ORDER BY id`;
  await tx.$executeRaw`DELETE FROM search_laboratory WHERE laboratory_id = ANY(${ids}::int[])`;
  const fees = sampleFeeColumns('l');
  await tx.$executeRaw`
    INSERT INTO search_laboratory (laboratory_id, identifier_name, name_folded, company_id, comuna_id, region_id, served_comuna_ids,
                                   insurer_ids, filter_value_ids, address_line1, lat, lng, fonasa_level,
                                   fee_venous, fee_capillary, fee_pediatric, bono_level)
    SELECT l.id, l.identifier_name, cl_fold(l.identifier_name), l.company_id, l.comuna_id, c.parent_id,
           ${servedComunaIds}, ${acceptedInsurerIds}, ${filterValueIds},
           l.address_line1, l.lat, l.lng, l.fonasa_level, ${fees.venous}, ${fees.capillary}, ${fees.pediatric}, ${fees.bonoLevel}
    ${quotableLaboratoriesAmong(ids)}
    ORDER BY l.comuna_id, l.id`;
  // The cards of the branches just indexed (the delete above took the old ones with it).
  await tx.$executeRaw`
    INSERT INTO search_laboratory_card (laboratory_id, facts)
    SELECT l.id, ${branchFactsSql('l')} FROM laboratory l JOIN search_laboratory s ON s.laboratory_id = l.id WHERE l.id = ANY(${ids}::int[])`;
  await insertPrices(tx, ids);
}

/**
 * Rebuilds the prices of `examIds` at one laboratory only: a price event no longer rewrites the
 * laboratory's 300 prices (the projection lag of a price change, issue 14). A laboratory that is
 * not in the index (not quotable) gets no prices, as in `project`.
 */
async function projectPrices(tx: Tx, laboratoryId: number, examIds: number[]): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.SearchReindex}, ${laboratoryId})`;
  await tx.$executeRaw`DELETE FROM search_laboratory_exam WHERE laboratory_id = ${laboratoryId} AND exam_id = ANY(${examIds}::int[])`;
  await insertPrices(tx, [laboratoryId], examIds);
}

/** The authorized, active prices of active exams at these (indexed) laboratories, or only of `examIds`. */
async function insertPrices(tx: Tx, laboratoryIds: number[], examIds?: number[]): Promise<void> {
  const bono = mleBonoColumns('l', 'e');
  const exams = examIds ? Prisma.sql`AND le.exam_id = ANY(${examIds}::int[])` : Prisma.empty;
  await tx.$executeRaw`
    INSERT INTO search_laboratory_exam (exam_id, laboratory_id, comuna_id, price, mle_arancel, mle_copay, confirmed_at)
    SELECT le.exam_id, le.laboratory_id, s.comuna_id, le.price, ${bono.arancel}, ${bono.copay}, le.confirmed_at
    FROM laboratory_exam le
    JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id
    JOIN laboratory l ON l.id = le.laboratory_id
    ${activeExamOfPrice}
    WHERE le.laboratory_id = ANY(${laboratoryIds}::int[]) AND ${quotablePrice} ${exams}`;
}

/**
 * Browsing without exams lists the branches that publish a price: one just registered, still empty,
 * is no offer (with exams, offering one of them already says so).
 */
const publishesAPrice = Prisma.sql`AND EXISTS (SELECT 1 FROM search_laboratory_exam x WHERE x.laboratory_id = l.laboratory_id)`;

/** What a laboratory must satisfy besides its place (see `here` in searchStatement) and offering the exams. */
function labConditions(query: QuoteQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  for (const group of query.filterValueIds) conditions.push(Prisma.sql`l.filter_value_ids && ${group}::int[]`);
  if (query.laboratoryName) conditions.push(Prisma.sql`l.name_folded LIKE '%' || cl_fold(${escapeLike(query.laboratoryName)}) || '%'`);
  if (query.laboratoryId !== undefined) conditions.push(Prisma.sql`l.laboratory_id = ${query.laboratoryId}`);
  if (query.typeExamId !== undefined) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM search_laboratory_exam t JOIN exam e ON e.id = t.exam_id WHERE t.laboratory_id = l.laboratory_id AND e.type_exam_id = ${query.typeExamId})`);
  }
  return Prisma.join(conditions, ' AND ');
}

/**
 * One exam line `p` of the order, per the order's insurer: quote-rules.ts `examShare`, in SQL.
 * `accepts`: whether the branch takes the previsión; where it does not, the line is private.
 */
function shareSql(coverage: Coverage, accepts: Prisma.Sql = Prisma.sql`TRUE`, alias = 'p'): { bono: Prisma.Sql; cheaper: Prisma.Sql; covered: Prisma.Sql; pays: Prisma.Sql; capped: Prisma.Sql } {
  const p = Prisma.raw(alias);
  if (coverage.kind === 'FONASA' && coverage.mle) {
    const bono = Prisma.sql`(${accepts} AND ${p}.mle_copay IS NOT NULL AND ${p}.mle_copay <= ${p}.price)`;
    return {
      bono,
      cheaper: Prisma.sql`(${accepts} AND ${p}.mle_copay IS NOT NULL AND ${p}.mle_copay > ${p}.price)`,
      covered: Prisma.sql`CASE WHEN ${bono} THEN ${p}.mle_arancel - ${p}.mle_copay ELSE 0 END`,
      pays: Prisma.sql`CASE WHEN ${bono} THEN ${p}.mle_copay ELSE ${p}.price END`,
      capped: Prisma.sql`FALSE`,
    };
  }
  if (coverage.kind !== 'PERCENT') return { bono: Prisma.sql`FALSE`, cheaper: Prisma.sql`FALSE`, covered: Prisma.sql`0`, pays: Prisma.sql`${p}.price`, capped: Prisma.sql`FALSE` };
  const share = Prisma.sql`round(${p}.price * ${coverage.percentage}::numeric / 100)::int`;
  // The plan's cap per exam, where given, bounds its share ("Tope del plan").
  const capped = coverage.cap === undefined ? Prisma.sql`FALSE` : Prisma.sql`(${accepts} AND ${share} > ${coverage.cap}::int)`;
  const bounded = coverage.cap === undefined ? share : Prisma.sql`LEAST(${share}, ${coverage.cap}::int)`;
  const covered = Prisma.sql`CASE WHEN ${accepts} THEN ${bounded} ELSE 0 END`;
  return { bono: Prisma.sql`FALSE`, cheaper: Prisma.sql`FALSE`, covered, pays: Prisma.sql`${p}.price - ${covered}`, capped };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface SplitRow {
  laboratory_id: number;
  identifier_name: string;
  comuna_id: number;
  accepts: boolean;
  fee_venous: number | null;
  fee_capillary: number | null;
  fee_pediatric: number | null;
  bono_level: number | null;
  lines: [number, number][];
}

/** The one row of a search: the page's laboratories, the total and the facets (json_agg gives null for none). */
interface SearchRow {
  total: number;
  items: QuoteRow[] | null;
  comunas: FacetCount[] | null;
  insurers: FacetCount[] | null;
  filter_values: FacetCount[] | null;
  split_candidates?: SplitRow[] | null;
}

interface QuoteRow {
  laboratory_id: number;
  identifier_name: string;
  address_line1: string;
  comuna_id: number;
  lat: number | null;
  lng: number | null;
  fonasa_level: number | null;
  accepts: boolean;
  distance_km: number | null;
  home_fee: number;
  facts: BranchFactsRow;
  offered: number;
  total: number;
  coverage: number;
  copay: number;
  to_pay?: number;
  fee_kind?: VisitFeeQuote['kind'] | null;
  fee_amount?: number | null;
  fee_pays?: number | null;
  bono_copay: number;
  /** examId, price, covered, pays, bono, cheaper, capped, confirmed on (YYYY-MM-DD), stale. */
  exams: [number, number, number, number, boolean, boolean, boolean, string, boolean][];
}

function toQuote(row: QuoteRow, query: QuoteQuery): LaboratoryQuote {
  const { examIds } = query;
  const exams = row.exams.map(([examId, price, coverage, copay, bono, privateCheaper, capped, confirmedOn, stale]): ExamQuote => ({
    examId, price, coverage, copay, payment: bono ? 'BONO' : 'PRIVATE', privateCheaper, ...(capped && { capped: true as const }), confirmedOn, ...(stale && { stale: true as const }),
  }));
  const offered = new Set(exams.map((e) => e.examId));
  return {
    laboratoryId: row.laboratory_id,
    identifierName: row.identifier_name,
    addressLine1: row.address_line1,
    comunaId: row.comuna_id,
    lat: row.lat,
    lng: row.lng,
    fonasaLevel: row.fonasa_level,
    acceptsInsurer: query.insurerIds?.length ? row.accepts : null,
    distanceKm: row.distance_km,
    ...(query.homeCollection && { homeFee: row.home_fee }),
    facts: toBranchFacts(row.facts, row.comuna_id),
    exams,
    missingExamIds: examIds.filter((id) => !offered.has(id)),
    offersAll: examIds.length > 0 && offered.size === examIds.length,
    fees: row.fee_kind ? [{ kind: row.fee_kind, amount: row.fee_amount!, copay: row.fee_pays! }] : [],
    toPay: row.to_pay ?? row.copay,
    total: row.total,
    coverage: row.coverage,
    copay: row.copay,
    bonoCopay: row.bono_copay,
    privateCopay: row.copay - row.bono_copay - row.home_fee,
  };
}
