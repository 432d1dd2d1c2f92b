import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Page } from '../../../../contracts/envelope';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { NEAR_LOCATION_SELECT, type NearLocationView } from '../../near-location-view';

export interface NearLocationFilter extends Paging {
  locationId?: number;
}

/**
 * Near-location pairs, by comuna and then by distance: comuna A lists comuna B as near, so a
 * search in A "with neighbours" also shows B's laboratories.
 */
export class SearchNearLocationsQuery extends Query<Page<NearLocationView>> {
  constructor(readonly filter: NearLocationFilter) {
    super();
  }
}

@QueryHandler(SearchNearLocationsQuery)
export class SearchNearLocationsHandler implements IQueryHandler<SearchNearLocationsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ filter }: SearchNearLocationsQuery) {
    const where = filter.locationId ? { locationId: filter.locationId } : {};
    const orderBy = [{ location: { name: 'asc' as const } }, { distanceKm: 'asc' as const }, { id: 'asc' as const }];
    return findPage(
      filter,
      (window) => this.prisma.nearLocation.findMany({ where, select: NEAR_LOCATION_SELECT, orderBy, ...window }),
      () => this.prisma.nearLocation.count({ where }),
    );
  }
}
