import { HttpStatus, Inject } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService } from '../../platform/database/prisma.service';
import { AppError, type FieldErrors } from '../../platform/http/app-error';
import { JOB_QUEUE, type JobQueue } from '../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../platform/platform.tokens';
import type { Logger } from 'pino';
import type { QuoteRequest } from './quote-request';
import { SEARCH_INDEX, type Coverage, type FacetCount, type QuoteQuery, type QuoteResults, type SearchIndex } from './search-index';
import { SEARCH_HISTORY_QUEUE, type SearchHistoryJob } from './search-history';

/** `POST /api/laboratory/search`: a quote per laboratory for the exams of a medical order. */
export class SearchLaboratoriesQuery extends Query<QuoteResults> {
  constructor(
    readonly request: QuoteRequest,
    readonly actor: Actor | undefined,
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoriesQuery)
export class SearchLaboratoriesHandler implements IQueryHandler<SearchLaboratoriesQuery> {
  private readonly log: Logger;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'search' });
  }

  async execute({ request, actor }: SearchLaboratoriesQuery): Promise<QuoteResults> {
    const started = performance.now();
    const query = await this.resolve(request);
    const results = await this.index.search(query);
    await this.nameFacets(results);
    const tookMs = Math.round(performance.now() - started);
    // Reports must never slow the answer or fail it: the history goes through a queue.
    const job: SearchHistoryJob = {
      filters: { ...request, personId: undefined, session: undefined },
      resultCount: results.total,
      tookMs,
      session: request.session ?? null,
      personId: actor?.personId ?? null,
      laboratories: results.items.map((item, i) => ({ laboratoryId: item.laboratoryId, position: (query.currentPage - 1) * query.perPage + i + 1, total: query.examIds.length > 0 ? item.total : null })),
    };
    void this.queue.addBulk(SEARCH_HISTORY_QUEUE, [{ name: 'search', data: job, jobId: randomUUID() }]).catch((err: unknown) => this.log.warn({ err }, 'search history not recorded'));
    return results;
  }

  /** Checks references against the database and works out how the insurer covers the order. */
  private async resolve(request: QuoteRequest): Promise<QuoteQuery> {
    const errors: FieldErrors = {};
    const [exams, comuna, region, insurer] = await Promise.all([
      request.exams.length ? this.prisma.exam.findMany({ where: { id: { in: request.exams }, isActive: true }, select: { id: true } }) : [],
      request.location ? this.prisma.location.findFirst({ where: { id: request.location, kind: 'COMUNA' }, select: { id: true, parentId: true } }) : null,
      request.locationFk ? this.prisma.location.findFirst({ where: { id: request.locationFk, kind: 'REGION' }, select: { id: true } }) : null,
      request.pensionHealtInstitutionId ? this.prisma.insurer.findFirst({ where: { id: request.pensionHealtInstitutionId, isActive: true }, select: { id: true, code: true, type: true, parentId: true } }) : null,
    ]);
    if (exams.length !== request.exams.length) errors.exams = ['Alguno de los exámenes no existe.'];
    if (request.location && !comuna) errors.location = ['La comuna indicada no existe.'];
    if (request.locationFk && !region) errors.locationFk = ['La región indicada no existe.'];
    if (request.pensionHealtInstitutionId && !insurer) errors.pensionHealtInstitutionId = ['La previsión indicada no existe.'];
    if (Object.keys(errors).length > 0) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);

    const filterValueIds = await this.groupByType(request.attributesValues);
    const near = request.nearLocations;
    return {
      examIds: request.exams,
      typeExamId: request.typeExamId,
      comunaId: comuna?.id,
      withNearLocations: Array.isArray(near) ? near.length > 0 : near === true,
      regionId: comuna?.parentId ?? region?.id,
      insurerIds: insurer ? [insurer.id, ...(insurer.parentId ? [insurer.parentId] : [])] : undefined,
      coverage: coverageOf(insurer, request.coveragePercentage),
      laboratoryName: request.laboratoryName,
      laboratoryId: request.laboratoryId,
      filterValueIds,
      orderBy: request.orderBy,
      orderSort: request.orderSort,
      currentPage: request.currentPage,
      perPage: request.perPage,
    };
  }

  /** Facets come from the index as ids; people read names. */
  private async nameFacets({ facets }: QuoteResults): Promise<void> {
    const [comunas, insurers, values] = await Promise.all([
      this.prisma.location.findMany({ where: { id: { in: facets.comunas.map((f) => f.id) } }, select: { id: true, name: true } }),
      this.prisma.insurer.findMany({ where: { id: { in: facets.insurers.map((f) => f.id) } }, select: { id: true, name: true } }),
      this.prisma.selectListChild.findMany({ where: { id: { in: facets.filterValues.map((f) => f.id) } }, select: { id: true, name: true } }),
    ]);
    const name = (rows: { id: number; name: string }[]) => {
      const byId = new Map(rows.map((r) => [r.id, r.name]));
      return (facet: FacetCount) => ({ ...facet, name: byId.get(facet.id) ?? '' });
    };
    facets.comunas = facets.comunas.map(name(comunas));
    facets.insurers = facets.insurers.map(name(insurers));
    facets.filterValues = facets.filterValues.map(name(values));
  }

  /** Values of one attribute type are alternatives (OR); different types must all match (AND). */
  private async groupByType(childIds: number[]): Promise<number[][]> {
    if (childIds.length === 0) return [];
    const children = await this.prisma.selectListChild.findMany({ where: { id: { in: childIds } }, select: { id: true, typeId: true } });
    const byType = new Map<number, number[]>();
    for (const child of children) byType.set(child.typeId, [...(byType.get(child.typeId) ?? []), child.id]);
    return [...byType.values()];
  }
}

/**
 * FONASA beneficiaries (tramos B to D) use the MLE bono: coverage is the arancel value minus the
 * copay of the laboratory's level. Tramo A cannot use MLE. Isapres and the armed forces' systems
 * cover the plan percentage the visitor states. Without an insurer nothing is covered.
 */
export function coverageOf(insurer: { code: string; type: string } | null, percentage: number | undefined): Coverage {
  if (!insurer || insurer.type === 'none') return { kind: 'NONE' };
  if (insurer.type === 'public') return { kind: 'FONASA', mle: insurer.code !== 'fonasa_a' };
  return { kind: 'PERCENT', percentage: percentage ?? 0 };
}
