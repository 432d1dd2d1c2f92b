import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../platform/database/prisma.service';
import { NotFoundError } from '../../../platform/http/app-error';

export interface LocationView {
  id: number;
  code: string;
  name: string;
  kind: 'REGION' | 'COMUNA';
  parentId: number | null;
  abbreviation: string | null;
  romanNumeral: string | null;
  provinceName: string | null;
  lat: number | null;
  lng: number | null;
}

const VIEW = {
  id: true, code: true, name: true, kind: true, parentId: true, abbreviation: true,
  romanNumeral: true, provinceName: true, lat: true, lng: true,
} as const;

/** The 16 regions, north to south. */
export class ListRegionsQuery extends Query<LocationView[]> {}

/** The comunas of a region, in CUT order. */
export class ListComunasOfRegionQuery extends Query<LocationView[]> {
  constructor(readonly regionId: number) {
    super();
  }
}

@QueryHandler(ListRegionsQuery)
export class ListRegionsHandler implements IQueryHandler<ListRegionsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  execute(): Promise<LocationView[]> {
    return this.prisma.location.findMany({ where: { kind: 'REGION' }, orderBy: { sortOrder: 'asc' }, select: VIEW });
  }
}

@QueryHandler(ListComunasOfRegionQuery)
export class ListComunasOfRegionHandler implements IQueryHandler<ListComunasOfRegionQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ regionId }: ListComunasOfRegionQuery): Promise<LocationView[]> {
    const region = await this.prisma.location.findFirst({ where: { id: regionId, kind: 'REGION' }, select: { id: true } });
    if (!region) throw new NotFoundError('LOCATION.NOT_FOUND', 'La región solicitada no existe.');
    return this.prisma.location.findMany({ where: { parentId: regionId }, orderBy: { sortOrder: 'asc' }, select: VIEW });
  }
}
