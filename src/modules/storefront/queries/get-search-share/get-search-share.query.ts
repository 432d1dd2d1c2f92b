import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { PUBLIC_LABORATORY } from '../../../catalogue/laboratories';

export interface SearchShare {
  /** The order's exams, short names, in the order of the link. */
  exams: string[];
  /** The same names by exam id (what the web app's chips show). */
  names: Record<number, string>;
  /** "Providencia y comunas vecinas", "Región Metropolitana de Santiago", or null (all of Chile). */
  place: string | null;
  /** Private price of the whole order, cheapest and dearest, over the laboratories of the place that do every exam. */
  range: { min: number; max: number; laboratories: number } | null;
}

/** What a search link pasted in a chat says: its exams, its place, and what the order costs there. */
export class GetSearchShareQuery extends Query<SearchShare> {
  constructor(
    readonly examIds: number[],
    readonly regionId: number | null,
    readonly comunaId: number | null,
    readonly nearby: boolean,
  ) {
    super();
  }
}

/** "Orina completa, (incluye…)" -> "Orina completa", as the web app shows exam names (format.ts). */
const shortName = (name: string) => {
  const cut = name.indexOf(' (');
  return cut > 0 ? name.slice(0, cut).replace(/[,;:]+$/, '') : name;
};

@QueryHandler(GetSearchShareQuery)
export class GetSearchShareHandler implements IQueryHandler<GetSearchShareQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ examIds, regionId, comunaId, nearby }: GetSearchShareQuery): Promise<SearchShare> {
    const found = examIds.length ? await this.prisma.exam.findMany({ where: { id: { in: examIds }, isActive: true }, select: { id: true, name: true } }) : [];
    const exams = examIds.map((id) => found.find((e) => e.id === id)).filter((e) => e !== undefined);
    const comuna = comunaId ? await this.prisma.location.findFirst({ where: { id: comunaId, kind: 'COMUNA' }, select: { id: true, name: true, near: { select: { nearLocationId: true } } } }) : null;
    const region = !comuna && regionId ? await this.prisma.location.findFirst({ where: { id: regionId, kind: 'REGION' }, select: { id: true, name: true } }) : null;
    const place = comuna ? `${comuna.name}${nearby && comuna.near.length ? ' y comunas vecinas' : ''}` : (region?.name ?? null);
    if (exams.length === 0) return { exams: [], names: {}, place, range: null };

    const comunas = comuna ? [comuna.id, ...(nearby ? comuna.near.map((n) => n.nearLocationId) : [])] : null;
    const offers = await this.prisma.laboratoryExam.findMany({
      where: {
        examId: { in: exams.map((e) => e.id) },
        status: 'AUTHORIZED',
        isActive: true,
        laboratory: { ...PUBLIC_LABORATORY, ...(comunas ? { comunaId: { in: comunas } } : region ? { comuna: { parentId: region.id } } : {}) },
      },
      select: { laboratoryId: true, price: true },
    });
    // A laboratory quotes the order when it does every exam of it.
    const byLaboratory = new Map<number, { count: number; total: number }>();
    for (const offer of offers) {
      const lab = byLaboratory.get(offer.laboratoryId) ?? { count: 0, total: 0 };
      lab.count += 1;
      lab.total += offer.price;
      byLaboratory.set(offer.laboratoryId, lab);
    }
    const totals = [...byLaboratory.values()].filter((l) => l.count === exams.length).map((l) => l.total);
    return {
      exams: exams.map((e) => shortName(e.name)),
      names: Object.fromEntries(exams.map((e) => [e.id, shortName(e.name)])),
      place,
      range: totals.length ? { min: Math.min(...totals), max: Math.max(...totals), laboratories: totals.length } : null,
    };
  }
}
