import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AccessReport } from '../../../../contracts/reports';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { resolvePeriod } from '../../domain/period';
import type { ReportBody } from '../../http/reports.schemas';
import { visitsPerDay } from '../report-dashboard/report-dashboard.query';

/** `POST /api/reports/access`: visits per route and per day, sessions and signed-in persons. */
export class AccessReportQuery extends Query<AccessReport> {
  constructor(readonly filter: ReportBody) {
    super();
  }
}

@QueryHandler(AccessReportQuery)
export class AccessReportHandler implements IQueryHandler<AccessReportQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: AccessReportQuery): Promise<AccessReport> {
    const period = resolvePeriod(filter);
    const [perDay, routes, [totals]] = await Promise.all([
      visitsPerDay(this.prisma, period),
      this.prisma.$queryRaw<{ route: string; visits: number; signed_in: number }[]>`
        SELECT route, sum(visits)::int AS visits, sum(signed_in)::int AS signed_in FROM report_access_daily
        WHERE day BETWEEN ${period.from}::date AND ${period.to}::date GROUP BY route ORDER BY 2 DESC, 1 LIMIT 50`,
      // A person signed in on several days is one person of the period: read from the persons' daily rows, a
      // few per day, rather than every session row of the period.
      this.prisma.$queryRaw<{ signed_in: number }[]>`
        SELECT count(DISTINCT person_id)::int AS signed_in FROM report_person_daily WHERE day BETWEEN ${period.from}::date AND ${period.to}::date`,
    ]);
    return {
      period,
      totals: { visits: perDay.reduce((n, d) => n + d.visits, 0), sessions: perDay.reduce((n, d) => n + d.sessions, 0), signedIn: totals.signed_in },
      perDay,
      routes: routes.map((r) => ({ route: r.route, visits: r.visits, signedIn: r.signed_in })),
    };
  }
}
