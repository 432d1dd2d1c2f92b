import { HttpStatus, Inject, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../../platform/auth/actor';
import { Prisma } from '../../../../generated/prisma/client';
import { HotPath } from '../../../../platform/database/hot-path';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { AppError, type FieldErrors } from '../../../../platform/http/app-error';
import { JOB_QUEUE, QueueName, type JobQueue, type NewJob } from '../../../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import type { Logger } from 'pino';
import type { QuoteRequest } from '../../http/quote-request';
import { SearchAnswerCache, toSearchAnswer } from '../../search-answer-cache';
import { SearchReferences } from '../../search-references';
import type { SerializedJson } from '../../../../platform/http/serialized-json';
import { SEARCH_INDEX, type Coverage, type QuoteQuery, type QuoteResults, type SearchIndex, type SplitCandidate } from '../../search-index';
import { visitFeeRules } from '../../quote-rules';
import { bestSplit } from '../../split-offer';
import { STALE_AFTER_MONTHS } from '../../../catalogue/pricing';
import { PriceStats } from '../../price-stats';
import type { SearchHistoryBatch, SearchHistoryJob } from '../../../reports';
import { branchFactsSql, toBranchFacts, type BranchFactsRow } from '../../../catalogue/laboratories';
import type { LaboratoryQuote } from '../../../../contracts/search';
import { combinePreparation } from '../../../../contracts/preparation';
import { currentUfValue } from '../../../catalogue/uf-values';

/**
 * `POST /api/laboratory/search`: a quote per laboratory for the exams of a medical order (`QuoteResults`),
 * answered serialized (see `SearchAnswer`).
 */
export class SearchLaboratoriesQuery extends Query<SerializedJson> {
  constructor(
    readonly request: QuoteRequest,
    readonly actor: Actor | undefined,
  ) {
    super();
  }
}

/**
 * The search history is handed to its queue in batches: at most this many searches, this late. The writer's cost per
 * search falls with the batch (its rollup rows are shared by more searches, its statements by more rows): 250 searches
 * a batch cost PostgreSQL 0.55 ms and 220 buffers a search, 25 a batch 1.3 ms and 730 (issue 32, docs/search-scaling.md).
 * What a process killed in between had not handed over is lost: at most half a second of the reports' history.
 */
const HISTORY_BATCH = 500;
const HISTORY_DELAY_MS = 500;

@QueryHandler(SearchLaboratoriesQuery)
export class SearchLaboratoriesHandler implements IQueryHandler<SearchLaboratoriesQuery>, OnModuleDestroy {
  private readonly log: Logger;
  private readonly history: SearchHistoryJob[] = [];
  private historyTimer?: NodeJS.Timeout;

  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: HotPath,
    private readonly answers: SearchAnswerCache,
    private readonly references: SearchReferences,
    private readonly priceStats: PriceStats,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'search' });
  }

  async execute({ request, actor }: SearchLaboratoriesQuery): Promise<SerializedJson> {
    const started = performance.now();
    // Who asks and from which visit change nothing in the answer: the same order asked again is answered from memory.
    const filters = { ...request, personId: undefined, session: undefined };
    const answer = await this.answers.answer(JSON.stringify(filters), async () => toSearchAnswer(await this.quote(request)));
    const tookMs = Math.round(performance.now() - started);
    // One laboratory's quote of an order is its page opened from a quote ("Tu orden en este laboratorio"),
    // not a search: the access log counts it as a view of that laboratory, the search history leaves it out.
    if (request.laboratoryId) return answer.body;
    // Reports must never slow the answer or fail it: the history goes through a queue.
    const job: SearchHistoryJob = {
      filters,
      resultCount: answer.total,
      tookMs,
      session: request.session ?? null,
      personId: actor?.personId ?? null,
      // What each laboratory shown quoted, as the patient saw it (the reports' "what a search showed").
      laboratories: answer.shown.map((item, i) => {
        const ordered = request.exams.length > 0;
        return { laboratoryId: item.laboratoryId, position: (request.currentPage - 1) * request.perPage + i + 1, total: ordered ? item.total : null, copay: ordered ? item.copay : null, offersAll: ordered ? item.offersAll : undefined };
      }),
      // The moment of the search, not of the batch's write.
      at: new Date().toISOString(),
      key: randomUUID(),
    };
    this.history.push(job);
    if (this.history.length >= HISTORY_BATCH) void this.flushHistory();
    else this.historyTimer ??= setTimeout(() => void this.flushHistory(), HISTORY_DELAY_MS);
    return answer.body;
  }

  /** The quote of an order, as the index answers it, with the card facts it does not answer. */
  private async quote(request: QuoteRequest): Promise<QuoteResults> {
    const query = await this.resolve(request);
    const { splitCandidates, ...results }: QuoteResults & { splitCandidates?: SplitCandidate[] } = await this.index.search(query);
    const split = splitCandidates && (await this.split(query, splitCandidates, request.pediatric === true));
    if (split) results.split = split;
    // No dead ends: when the comuna (and its neighbours) has nothing, the nearest laboratories that quote the order.
    if (results.total === 0 && query.origin && !query.homeCollection) results.nearest = await this.nearest(query);
    const shown = [...results.items, ...(results.nearest ?? [])];
    const [stats] = await Promise.all([
      query.regionId !== undefined && query.examIds.length > 0 ? this.priceStats.of(query.regionId, query.examIds) : undefined,
      this.addFacts(shown),
      this.addFreshness(shown),
    ]);
    if (stats) results.priceStats = stats;
    if (query.ufCap) results.uf = query.ufCap;
    if (query.examIds.length > 0) {
      const known = await this.references.current();
      results.preparation = combinePreparation(query.examIds.flatMap((id) => known.examPreparations.get(id) ?? []));
    }
    return results;
  }

  /**
   * When each price shown was last set or confirmed ("vigente desde") and whether that is over 6 months ago, where the
   * index did not answer it (the PostgreSQL index reads it in its statement; Elasticsearch does not keep it): read from
   * the write model for the page's lines only (one indexed read of a few dozen pairs).
   */
  private async addFreshness(quotes: LaboratoryQuote[]): Promise<void> {
    const lines = quotes.flatMap((q) => q.exams.filter((e) => e.confirmedOn === undefined).map((e) => ({ laboratoryId: q.laboratoryId, line: e })));
    if (lines.length === 0) return;
    const rows = await this.reads.query<{ laboratory_id: number; exam_id: number; confirmed_on: string; stale: boolean }>(Prisma.sql`
      SELECT le.laboratory_id, le.exam_id, to_char(le.confirmed_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD') AS confirmed_on,
             le.confirmed_at <= now() - make_interval(months => ${STALE_AFTER_MONTHS}) AS stale
      FROM laboratory_exam le
      JOIN unnest(${lines.map((l) => l.laboratoryId)}::int[], ${lines.map((l) => l.line.examId)}::int[]) AS pair(laboratory_id, exam_id)
        ON le.laboratory_id = pair.laboratory_id AND le.exam_id = pair.exam_id`);
    const byPair = new Map(rows.map((r) => [`${r.laboratory_id}:${r.exam_id}`, r]));
    for (const { laboratoryId, line } of lines) {
      const row = byPair.get(`${laboratoryId}:${line.examId}`);
      if (!row) continue;
      line.confirmedOn = row.confirmed_on;
      if (row.stale) line.stale = true;
    }
  }

  /**
   * "Hazlo en 2 laboratorios" for an order of 2 exams or more, on the first page of a search of an area (not one
   * laboratory's quote, not at home): the best split of the area's candidates, when it is worth offering.
   */
  private async split(query: QuoteQuery, candidates: SplitCandidate[], pediatric: boolean) {
    const known = await this.references.current();
    const rulesFor = (examIds: number[]) => visitFeeRules(examIds.map((id) => known.examPreparations.get(id)?.sampleKind), pediatric, known.sampleTakingBonos);
    return bestSplit(candidates, query.examIds, rulesFor, query.coverage);
  }

  /**
   * The facts of the cards shown (hours, walk-in, home collection, FONASA bono) where the index did not
   * answer them (the PostgreSQL index reads them in its statement; Elasticsearch does not keep them):
   * read from the write model for these few branches only, in one round trip by primary key.
   */
  private async addFacts(quotes: LaboratoryQuote[]): Promise<void> {
    const missing = quotes.filter((q) => !q.facts);
    if (missing.length === 0) return;
    const rows = await this.reads.query<{ id: number; facts: BranchFactsRow }>(Prisma.sql`
      SELECT l.id, ${branchFactsSql('l')} AS facts FROM laboratory l WHERE l.id = ANY(${missing.map((q) => q.laboratoryId)}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r.facts]));
    for (const quote of missing) {
      const facts = byId.get(quote.laboratoryId);
      if (facts) quote.facts = toBranchFacts(facts, quote.comunaId);
    }
  }

  /**
   * Up to 3 laboratories nearest to the chosen comuna, under the same conditions otherwise: in its
   * region, or anywhere when the region has none. Within the region first because the search ranks
   * whole orders before distance: nationwide, a whole order 600 km away would come before a
   * laboratory of the region 100 km away that lacks one exam.
   */
  private async nearest(query: QuoteQuery) {
    const around = { ...query, withSplitCandidates: false, comunaId: undefined, withNearLocations: false, orderBy: 'distance' as const, orderSort: 'asc' as const, currentPage: 1, perPage: 3 };
    const inRegion = query.regionId === undefined ? [] : (await this.index.search(around)).items;
    return inRegion.length > 0 ? inRegion : (await this.index.search({ ...around, regionId: undefined })).items;
  }

  /**
   * Hands the searches of the last moments to the queue as one job, written in one transaction: under
   * load, one queue round trip per search cost more of the API's time than reading the answer back, and
   * one job per search cost the worker more than the search itself (issue 14 profiles).
   */
  private async flushHistory(): Promise<void> {
    clearTimeout(this.historyTimer);
    this.historyTimer = undefined;
    const searches = this.history.splice(0);
    if (searches.length === 0) return;
    const batch: NewJob<SearchHistoryBatch> = { name: 'searches', data: { searches }, jobId: randomUUID() };
    await this.queue.addBulk(QueueName.SearchHistory, [batch]).catch((err: unknown) => this.log.warn({ err, searches: searches.length }, 'search history not recorded'));
  }

  async onModuleDestroy(): Promise<void> {
    await this.flushHistory();
  }

  /**
   * Checks references (against `SearchReferences`: in memory while changes are heard) and works out
   * how the insurer covers the order.
   */
  private async resolve(request: QuoteRequest): Promise<QuoteQuery> {
    // `nearLocations` as a list: comunas added to the chosen one (the comuna facet).
    const added = Array.isArray(request.nearLocations) ? request.nearLocations : [];
    const known = await this.references.current();
    const distinct = (ids: number[]) => [...new Set(ids)];
    const comuna = request.location === undefined ? undefined : known.comunas.get(request.location);
    const regionId = request.locationFk !== undefined && known.regionIds.has(request.locationFk) ? request.locationFk : undefined;
    const insurer = request.pensionHealtInstitutionId === undefined ? undefined : known.insurers.get(request.pensionHealtInstitutionId);
    const examsFound = distinct(request.exams).filter((id) => known.activeExamIds.has(id)).length;
    const addedFound = distinct(added).filter((id) => known.comunas.has(id)).length;
    const errors: FieldErrors = {};
    if (examsFound !== request.exams.length) errors.exams = ['Alguno de los exámenes no existe.'];
    if (request.location && !comuna) errors.location = ['La comuna indicada no existe.'];
    if (request.locationFk && !regionId) errors.locationFk = ['La región indicada no existe.'];
    if (addedFound !== added.length) errors.nearLocations = ['Alguna de las comunas indicadas no existe.'];
    if (request.pensionHealtInstitutionId && !insurer) errors.pensionHealtInstitutionId = ['La previsión indicada no existe.'];
    if (request.homeCollection && !comuna) errors.homeCollection = ['Elige tu comuna para cotizar la toma de muestra a domicilio.'];
    // A cap in UF is quoted in pesos with the UF's latest value; without one it cannot be, and the patient is told.
    const uf = request.coverageCapUf !== undefined && request.coverageCapPesos === undefined ? await currentUfValue(this.prisma) : null;
    if (request.coverageCapUf !== undefined && request.coverageCapPesos === undefined && !uf) errors.coverageCapUf = ['No tenemos el valor de la UF: indica el tope en pesos.'];
    if (Object.keys(errors).length > 0) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
    const capPesos = request.coverageCapPesos ?? (uf && request.coverageCapUf !== undefined ? Math.round(request.coverageCapUf * uf.value) : undefined);

    // Collection at home: the branches reaching the patient's comuna and their fee there (one indexed read).
    const home = request.homeCollection && comuna
      ? await this.prisma.laboratoryHomeComuna.findMany({ where: { comunaId: comuna.id }, select: { laboratoryId: true, fee: true }, orderBy: { laboratoryId: 'asc' } })
      : undefined;
    const near = request.nearLocations;
    return {
      examIds: request.exams,
      typeExamId: request.typeExamId,
      comunaId: comuna?.id,
      origin: comuna && comuna.lat !== null && comuna.lng !== null ? { lat: comuna.lat, lng: comuna.lng } : undefined,
      withNearLocations: near === true,
      homeCollection: home && { laboratoryIds: home.map((h) => h.laboratoryId), fees: home.map((h) => h.fee) },
      addedComunaIds: comuna ? added.filter((id) => id !== comuna.id) : undefined,
      regionId: comuna?.parentId ?? regionId,
      insurerIds: insurer ? [insurer.id, ...(insurer.parentId ? [insurer.parentId] : [])] : undefined,
      coverage: coverageOf(insurer, request.coveragePercentage, capPesos),
      ufCap: uf && capPesos !== undefined ? { ...uf, capPesos } : undefined,
      visitFees: visitFeeRules(request.exams.map((id) => known.examPreparations.get(id)?.sampleKind), request.pediatric === true, known.sampleTakingBonos),
      // "Hazlo en 2 laboratorios": first pages of searches of an area (not one laboratory's quote, not at home).
      withSplitCandidates: request.exams.length >= 2 && request.currentPage === 1 && !request.laboratoryId && !request.homeCollection,
      laboratoryName: request.laboratoryName,
      laboratoryId: request.laboratoryId,
      // Every value checked must match (a patient who checks home collection and pediatric collection needs both):
      // each value is a group of its own. Values that do not exist filter nothing.
      filterValueIds: distinct(request.attributesValues).filter((id) => known.selectValueIds.has(id)).sort((a, b) => a - b).map((id) => [id]),
      orderBy: request.orderBy,
      orderSort: request.orderSort,
      currentPage: request.currentPage,
      perPage: request.perPage,
    };
  }
}

/**
 * FONASA beneficiaries (tramos B to D) use the MLE bono: coverage is the arancel value minus the
 * copay of the laboratory's level. Tramo A cannot use MLE. Isapres and the armed forces' systems
 * cover the plan percentage the visitor states, up to the plan's cap per exam when given. Without an insurer nothing is covered.
 */
export function coverageOf(insurer: { code: string; type: string } | undefined, percentage: number | undefined, cap?: number): Coverage {
  if (!insurer || insurer.type === 'none') return { kind: 'NONE' };
  if (insurer.type === 'public') return { kind: 'FONASA', mle: insurer.code !== 'fonasa_a' };
  return { kind: 'PERCENT', percentage: percentage ?? 0, ...(cap !== undefined && { cap }) };
}
