import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../../../../generated/prisma/client';
import type { Paging } from '../../../../../platform/database/find-page';
import { PrismaService } from '../../../../../platform/database/prisma.service';
import type { LaboratoryPageView, OpeningHours } from '../../../../../contracts/laboratories';
import { page, type ServerSide } from '../../../../../platform/http/envelope';
import { readHomeCollection } from '../../home-collection/home-collection';
import { LaboratoryNotFoundError } from '../../laboratories.errors';
import { ExamLookup, mleBonoColumns } from '../../../exams';
import { PUBLIC_LABORATORY } from './public-laboratory';
import { toVisitFee } from '../../visit-fees/visit-fees';

export interface LaboratoryPageFilter extends Paging {
  term?: string;
  /** Only these exams: the order a patient quoted. */
  exams?: number[];
}

/** The look-up's best matches a page filters its prices with (more would only be noise). */
const LOOKUP_HITS = 200;

/**
 * `POST /api/laboratory/{id}/search`: the public page of a laboratory — its data, public
 * attributes, opening hours, insurers, and its authorized prices (filtered by `term`, paged).
 * Only laboratories that can be quoted are public.
 */
export class GetLaboratoryPageQuery extends Query<ServerSide<LaboratoryPageView>> {
  constructor(
    readonly laboratoryId: number,
    readonly filter: LaboratoryPageFilter,
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryPageQuery)
export class GetLaboratoryPageHandler implements IQueryHandler<GetLaboratoryPageQuery> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly lookup: ExamLookup,
  ) {}

  async execute({ laboratoryId: id, filter }: GetLaboratoryPageQuery): Promise<ServerSide<LaboratoryPageView>> {
    const lab = await this.prisma.laboratory.findFirst({
      where: { id, ...PUBLIC_LABORATORY },
      select: {
        id: true, identifierName: true, addressLine1: true, addressLine2: true, lat: true, lng: true, phone: true, email: true, website: true,
        openingHours: true, fonasaLevel: true,
        company: { select: { id: true, tradeName: true } },
        comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
        insurers: { where: { insurer: { isActive: true } }, select: { insurer: { select: { id: true, code: true, name: true } } } },
        fees: { select: { kind: true, amount: true, startsAt: true, endsAt: true }, orderBy: { kind: 'asc' } },
        attributes: {
          where: { selectListType: { ispublic: true }, OR: [{ selectListChildId: null }, { selectListChild: { isActive: true } }] },
          select: { value: true, selectListType: { select: { id: true, code: true, name: true, sortOrder: true } }, selectListChild: { select: { id: true, code: true, name: true } } },
        },
      },
    });
    if (!lab) throw new LaboratoryNotFoundError();
    const term = filter.term?.trim();
    // The home's look-up ("glicemia" finds Glucosa en sangre, "PCR" Proteína C reactiva, typos too), best match first.
    const found = term ? (await this.lookup.search(term)).slice(0, LOOKUP_HITS).map((hit) => hit.exam.id) : undefined;
    const match = Prisma.sql`${found ? Prisma.sql`AND e.id = ANY(${found}::int[])` : Prisma.empty} ${filter.exams ? Prisma.sql`AND e.id = ANY(${filter.exams}::int[])` : Prisma.empty}`;
    const order = found ? Prisma.sql`array_position(${found}::int[], e.id), e.name` : Prisma.sql`e.name`;
    const offset = (filter.currentPage - 1) * filter.perPage;
    // What a FONASA patient (tramos B–D) pays with a bono here, beside the private price.
    const bono = mleBonoColumns('l', 'e');
    const exams = await this.prisma.$queryRaw<{ id: number; laboratoryExamId: number; code: string; name: string; type_name: string; price: number; mle_arancel: number | null; mle_copay: number | null; full_count: number }[]>`
      SELECT e.id, le.id AS "laboratoryExamId", e.code, e.name, ty.name AS type_name, le.price,
             ${bono.arancel} AS mle_arancel, ${bono.copay} AS mle_copay, count(*) OVER ()::int AS full_count
      FROM laboratory_exam le JOIN laboratory l ON l.id = le.laboratory_id
      JOIN exam e ON e.id = le.exam_id AND e.is_active JOIN exam_type ty ON ty.id = e.type_exam_id
      WHERE le.laboratory_id = ${id} AND le.status = 'AUTHORIZED' AND le.is_active ${match}
      ORDER BY ${order} LIMIT ${filter.perPage} OFFSET ${offset}`;
    const { insurers, attributes, fees, ...rest } = lab;
    const byType = new Map<number, { id: number; code: string; name: string; sortOrder: number; values: { id: number | null; name: string }[] }>();
    for (const a of attributes) {
      const type = byType.get(a.selectListType.id) ?? { ...a.selectListType, values: [] };
      type.values.push({ id: a.selectListChild?.id ?? null, name: a.selectListChild?.name ?? a.value ?? '' });
      byType.set(type.id, type);
    }
    return {
      laboratory: {
        ...rest,
        // The level shows only where the branch takes the bono (mle-bono.sql.ts, the one rule): a level
        // stored for a branch that takes no FONASA means nothing to a patient (issue 19).
        fonasaLevel: insurers.some((i) => i.insurer.code.startsWith('fonasa') && i.insurer.code !== 'fonasa_a') ? rest.fonasaLevel : null,
        // Written only through the laboratory schemas, which validate each day's hours.
        openingHours: rest.openingHours as OpeningHours[] | null,
        insurers: insurers.map((i) => i.insurer),
        attributes: [...byType.values()].sort((a, b) => a.sortOrder - b.sortOrder).map(({ sortOrder: _, ...t }) => t),
        homeCollection: await readHomeCollection(this.prisma, id, rest.comuna.id),
        fees: fees.map(toVisitFee),
      },
      exams: page(
        exams.map(({ full_count: _, type_name, mle_arancel, mle_copay, ...e }) => ({ ...e, typeName: type_name, fonasaBono: mle_arancel !== null && mle_copay !== null ? { arancel: mle_arancel, copay: mle_copay } : null })),
        exams[0]?.full_count ?? 0,
        filter.currentPage,
        filter.perPage,
      ),
    };
  }
}
