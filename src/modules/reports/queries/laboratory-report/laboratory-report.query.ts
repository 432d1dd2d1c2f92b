import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../generated/prisma/client';
import type { LaboratoryCount, LaboratoryDetail } from '../../../../contracts/reports';
import type { Actor } from '../../../../platform/auth/actor';
import { assertLaboratoryScope, laboratoryScope } from '../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { NotFoundError } from '../../../../platform/http/app-error';
import { daysOf, resolvePeriod } from '../../domain/period';
import type { ReportBody } from '../../http/reports.schemas';
import { laboratoryCounts, toLaboratoryCount } from '../report-dashboard/report-dashboard.query';

/** The laboratories an actor may read reports of, as SQL on `l` (a provider: its own company's, within its grants). */
export function laboratoryScopeSql(actor: Actor): Prisma.Sql {
  const scope = laboratoryScope(actor);
  const parts = [Prisma.sql`TRUE`];
  if (scope.companyId !== undefined) parts.push(Prisma.sql`l.company_id = ${scope.companyId}`);
  if (scope.id) parts.push(Prisma.sql`l.id = ANY(${scope.id.in}::int[])`);
  return Prisma.join(parts, ' AND ');
}

const laboratoryNotFound = () => new NotFoundError('REPORTS.LABORATORY_NOT_FOUND', 'No existe ese laboratorio.');

/** `POST /api/reports/laboratories`: every branch shown or opened in the period (a provider: its own), most shown first. */
export class LaboratoryReportQuery extends Query<LaboratoryCount[]> {
  constructor(
    readonly actor: Actor,
    readonly filter: ReportBody,
  ) {
    super();
  }
}

@QueryHandler(LaboratoryReportQuery)
export class LaboratoryReportHandler implements IQueryHandler<LaboratoryReportQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: LaboratoryReportQuery): Promise<LaboratoryCount[]> {
    const region = filter.regionId ? Prisma.sql`AND c.parent_id = ${filter.regionId}` : Prisma.empty;
    const rows = await laboratoryCounts(this.prisma, resolvePeriod(filter), Prisma.sql`${laboratoryScopeSql(actor)} ${region}`, 'impressions', 500);
    const opened = await laboratoryCounts(this.prisma, resolvePeriod(filter), Prisma.sql`${laboratoryScopeSql(actor)} ${region} AND d.impressions = 0`, 'opens', 500);
    // Branches opened but never shown in the period come after those shown.
    const seen = new Set(rows.map((r) => r.laboratory_id));
    return [...rows, ...opened.filter((r) => !seen.has(r.laboratory_id))].map(toLaboratoryCount);
  }
}

/** `POST /api/reports/laboratories/:id`: one branch: how often at each position, and per day. */
export class LaboratoryDetailQuery extends Query<LaboratoryDetail> {
  constructor(
    readonly actor: Actor,
    readonly laboratoryId: number,
    readonly filter: ReportBody,
  ) {
    super();
  }
}

@QueryHandler(LaboratoryDetailQuery)
export class LaboratoryDetailHandler implements IQueryHandler<LaboratoryDetailQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, laboratoryId, filter }: LaboratoryDetailQuery): Promise<LaboratoryDetail> {
    const lab = await this.prisma.laboratory.findUnique({ where: { id: laboratoryId }, select: { id: true, companyId: true, identifierName: true, comuna: { select: { name: true } } } });
    if (!lab) throw laboratoryNotFound();
    assertLaboratoryScope(actor, lab, laboratoryNotFound);
    const period = resolvePeriod(filter);
    const [days, positions] = await Promise.all([
      this.prisma.$queryRaw<{ day: string; impressions: number; position_sum: number; top3: number; opens: number }[]>`
        SELECT day::text AS day, impressions, position_sum::float8 AS position_sum, top3, opens FROM report_laboratory_daily
        WHERE laboratory_id = ${laboratoryId} AND day BETWEEN ${period.from}::date AND ${period.to}::date`,
      // Positions from the same daily rows: element i of a day's counts is position i.
      this.prisma.$queryRaw<{ position: number; count: number }[]>`
        SELECT p.position::int AS position, sum(p.count)::int AS count
        FROM report_laboratory_daily d CROSS JOIN LATERAL unnest(d.positions) WITH ORDINALITY AS p(count, position)
        WHERE d.laboratory_id = ${laboratoryId} AND d.day BETWEEN ${period.from}::date AND ${period.to}::date AND p.count > 0
        GROUP BY 1 ORDER BY 1`,
    ]);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const sum = (f: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + f(d), 0);
    return {
      laboratory: toLaboratoryCount({ laboratory_id: lab.id, name: lab.identifierName, comuna: lab.comuna.name, impressions: sum((d) => d.impressions), position_sum: sum((d) => d.position_sum), top3: sum((d) => d.top3), opens: sum((d) => d.opens) }),
      positions,
      perDay: daysOf(period).map((day) => ({ day, impressions: byDay.get(day)?.impressions ?? 0, opens: byDay.get(day)?.opens ?? 0 })),
    };
  }
}
