import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../generated/prisma/client';
import type { Page } from '../../../../contracts/envelope';
import type { UnmetDemandRow } from '../../../../contracts/reports';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { resolvePeriod } from '../../domain/period';
import type { ReportBody } from '../../http/reports.schemas';
import { laboratoryScopeSql } from '../laboratory-report/laboratory-report.query';

/** An offer counts as "far above" FONASA's value past this factor of its level-1 price. */
export const EXPENSIVE_FACTOR = 2;

export interface UnmetDemandFilter extends ReportBody {
  comunaId?: number;
  currentPage: number;
  perPage: number;
}

/**
 * `POST /api/reports/unmet-demand`: exams asked in a comuna that no active branch in it or its
 * neighbours offers, or only at more than EXPENSIVE_FACTOR times FONASA's value, by sessions that
 * asked. A provider sees the demand in the comunas of its branches and their neighbours.
 */
export class UnmetDemandQuery extends Query<Page<UnmetDemandRow>> {
  constructor(
    readonly actor: Actor,
    readonly filter: UnmetDemandFilter,
  ) {
    super();
  }
}

@QueryHandler(UnmetDemandQuery)
export class UnmetDemandHandler implements IQueryHandler<UnmetDemandQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: UnmetDemandQuery): Promise<Page<UnmetDemandRow>> {
    const period = resolvePeriod(filter);
    const conditions = [Prisma.sql`d.day BETWEEN ${period.from}::date AND ${period.to}::date`, Prisma.sql`d.comuna_id <> 0`];
    if (filter.regionId) conditions.push(Prisma.sql`d.region_id = ${filter.regionId}`);
    if (filter.comunaId) conditions.push(Prisma.sql`d.comuna_id = ${filter.comunaId}`);
    if (actor.profile !== 'ADM') {
      conditions.push(Prisma.sql`d.comuna_id IN (
        SELECT l.comuna_id FROM laboratory l WHERE ${laboratoryScopeSql(actor)}
        UNION SELECT n.near_location_id FROM near_location n JOIN laboratory l ON l.comuna_id = n.location_id WHERE ${laboratoryScopeSql(actor)})`);
    }
    const offset = (filter.currentPage - 1) * filter.perPage;
    const rows = await this.prisma.$queryRaw<{ comuna_id: number; comuna: string; exam_id: number; exam: string; sessions: number; searches: number; lowest: number | null; fonasa: number | null; total: number }[]>`
      WITH demand AS (
        SELECT d.comuna_id, d.exam_id, sum(d.sessions)::int AS sessions, sum(d.searches)::int AS searches
        FROM report_exam_daily d WHERE ${Prisma.join(conditions, ' AND ')} GROUP BY d.comuna_id, d.exam_id
      ), offer AS (
        SELECT dm.comuna_id, dm.exam_id, min(le.price)::int AS lowest
        FROM demand dm
        JOIN laboratory_exam le ON le.exam_id = dm.exam_id AND le.status = 'AUTHORIZED' AND le.is_active
        JOIN laboratory l ON l.id = le.laboratory_id AND l.is_active
        WHERE l.comuna_id = dm.comuna_id OR l.comuna_id IN (SELECT near_location_id FROM near_location WHERE location_id = dm.comuna_id)
        GROUP BY dm.comuna_id, dm.exam_id
      )
      SELECT dm.comuna_id, c.name AS comuna, dm.exam_id, e.name AS exam, dm.sessions, dm.searches, o.lowest, e.fonasa_price_level1 AS fonasa,
        count(*) OVER ()::int AS total
      FROM demand dm JOIN location c ON c.id = dm.comuna_id JOIN exam e ON e.id = dm.exam_id
      LEFT JOIN offer o ON o.comuna_id = dm.comuna_id AND o.exam_id = dm.exam_id
      WHERE o.lowest IS NULL OR (e.fonasa_price_level1 > 0 AND o.lowest > ${EXPENSIVE_FACTOR} * e.fonasa_price_level1)
      ORDER BY dm.sessions DESC, dm.searches DESC, dm.comuna_id, dm.exam_id
      LIMIT ${filter.perPage} OFFSET ${offset}`;
    const total = rows[0]?.total ?? 0;
    return {
      items: rows.map((r) => ({ comunaId: r.comuna_id, comuna: r.comuna, examId: r.exam_id, exam: r.exam, sessions: r.sessions, searches: r.searches, reason: r.lowest === null ? 'NOT_OFFERED' : 'EXPENSIVE', lowestPrice: r.lowest, fonasaPrice: r.fonasa })),
      total, currentPage: filter.currentPage, perPage: filter.perPage, lastPage: Math.max(1, Math.ceil(total / filter.perPage)),
    };
  }
}
