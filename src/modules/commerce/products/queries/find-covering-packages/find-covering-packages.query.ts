import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CoveringPackage, CoveringPackagesRequest } from '../../../../../contracts/commerce-catalogue';
import { Prisma } from '../../../../../generated/prisma/client';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../../platform/http/envelope';
import { priceAt } from '../../product-pricing';
import { PRODUCT_VIEW_SELECT, toProductView } from '../../product-view';

/** A search page shows a few; the best savings first. */
const LIMIT = 3;

/**
 * Packages that cover a medical order for less (issue 13, item 3): sellable packages whose exams
 * include every exam of the order, at a branch in the searched area, costing less today than that
 * branch's own authorized prices for the order's exams added up. A branch that does not price every
 * exam of the order one by one gives no comparison, so its packages are not claimed to be cheaper.
 */
export class FindCoveringPackagesQuery extends Query<ServerSide<CoveringPackage>[]> {
  constructor(readonly request: CoveringPackagesRequest & { examIds: number[] }) {
    super();
  }
}

@QueryHandler(FindCoveringPackagesQuery)
export class FindCoveringPackagesHandler implements IQueryHandler<FindCoveringPackagesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ request }: FindCoveringPackagesQuery) {
    const examIds = [...new Set(request.examIds)];
    if (examIds.length === 0) return [];
    const area = this.areaCondition(request);
    const now = new Date();
    const candidates = await this.prisma.$queryRaw<{ id: number; separate_total: number; extra_exams: number }[]>`
      SELECT p.id, branch.total::int AS separate_total,
             (SELECT count(*)::int FROM product_exam pe WHERE pe.product_id = p.id) - ${examIds.length}::int AS extra_exams
      FROM product p
      JOIN laboratory l ON l.id = p.laboratory_id AND l.is_active
      JOIN company c ON c.id = l.company_id AND c.status = 'APPROVED'
      CROSS JOIN LATERAL (
        SELECT sum(le.price) AS total, count(*) AS priced FROM laboratory_exam le
        WHERE le.laboratory_id = l.id AND le.exam_id = ANY(${examIds}::int[]) AND le.status = 'AUTHORIZED' AND le.is_active
      ) branch
      WHERE p.is_active
        AND ${area}
        AND branch.priced = ${examIds.length}
        AND (SELECT count(*) FROM product_exam pe WHERE pe.product_id = p.id AND pe.exam_id = ANY(${examIds}::int[])) = ${examIds.length}
        AND LEAST(p.price, CASE WHEN p.offer_price IS NOT NULL AND (p.offer_starts_at IS NULL OR p.offer_starts_at <= ${now})
                                 AND (p.offer_ends_at IS NULL OR p.offer_ends_at > ${now}) THEN p.offer_price ELSE p.price END) < branch.total
      LIMIT 50`;
    if (candidates.length === 0) return [];
    const rows = await this.prisma.product.findMany({ where: { id: { in: candidates.map((c) => c.id) } }, select: PRODUCT_VIEW_SELECT });
    const byId = new Map(candidates.map((c) => [c.id, c]));
    return rows
      .map((row) => {
        const found = byId.get(row.id)!;
        return { product: toProductView(row, now), separateTotal: found.separate_total, savings: found.separate_total - priceAt(row, now), extraExams: found.extra_exams };
      })
      .sort((a, b) => b.savings - a.savings || a.product.price - b.product.price)
      .slice(0, LIMIT);
  }

  /** Where the order is quoted: the comuna (and its neighbours, and the added ones), or the region, or anywhere. */
  private areaCondition(request: CoveringPackagesRequest): Prisma.Sql {
    if (request.location) {
      const chosen = [request.location, ...(request.addedComunas ?? [])];
      return request.nearLocations
        ? Prisma.sql`(l.comuna_id = ANY(${chosen}::int[]) OR l.comuna_id IN (SELECT near_location_id FROM near_location WHERE location_id = ${request.location}))`
        : Prisma.sql`l.comuna_id = ANY(${chosen}::int[])`;
    }
    if (request.locationFk) return Prisma.sql`l.comuna_id IN (SELECT id FROM location WHERE parent_id = ${request.locationFk})`;
    return Prisma.sql`TRUE`;
  }
}
