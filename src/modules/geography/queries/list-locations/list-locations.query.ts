import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { LocationView } from '../../../../contracts/locations';
import { RegionNotFoundError } from '../../geography.errors';


const LOCATION_SELECT = {
  id: true, code: true, name: true, kind: true, parentId: true, abbreviation: true,
  romanNumeral: true, provinceName: true, lat: true, lng: true,
} as const;

/** The 16 regions north to south (no `regionId`), or the comunas of a region in CUT order. */
export class ListLocationsQuery extends Query<LocationView[]> {
  constructor(readonly regionId?: number) {
    super();
  }
}

@QueryHandler(ListLocationsQuery)
export class ListLocationsHandler implements IQueryHandler<ListLocationsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ regionId }: ListLocationsQuery): Promise<LocationView[]> {
    if (regionId === undefined) return this.prisma.location.findMany({ where: { kind: 'REGION' }, orderBy: { sortOrder: 'asc' }, select: LOCATION_SELECT });
    const region = await this.prisma.location.findFirst({ where: { id: regionId, kind: 'REGION' }, select: { id: true } });
    if (!region) throw new RegionNotFoundError();
    return this.prisma.location.findMany({ where: { parentId: regionId }, orderBy: { sortOrder: 'asc' }, select: LOCATION_SELECT });
  }
}
