import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../generated/prisma/client';
import { assertCompanyAccess, type Actor } from '../../platform/auth/actor';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { laboratoriesChanged } from '../search/search-events';

export type OpeningHours = {
  /** ISO weekday, Monday = 1. */
  day: number;
  opens: string;
  closes: string;
};

const PRIVATE_VIEW = {
  id: true, identifierName: true, addressLine1: true, addressLine2: true, lat: true, lng: true, phone: true, email: true, website: true,
  openingHours: true, fonasaLevel: true, isActive: true, createdAt: true, updatedAt: true,
  company: { select: { id: true, tradeName: true, status: true } },
  comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
  insurers: { select: { insurer: { select: { id: true, code: true, name: true } } } },
  _count: { select: { exams: true } },
} as const satisfies Prisma.LaboratorySelect;
type PrivateRow = Prisma.LaboratoryGetPayload<{ select: typeof PRIVATE_VIEW }>;
const toPrivateView = ({ insurers, _count, ...lab }: PrivateRow) => ({ ...lab, insurers: insurers.map((i) => i.insurer), examCount: _count.exams });
export type LaboratoryView = ReturnType<typeof toPrivateView>;

/** The back office's laboratories: all for an administrator, a provider's own. */
export class SearchOwnLaboratoriesQuery extends Query<Page<LaboratoryView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: { name?: string; companyId?: number; comunaId?: number; currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(SearchOwnLaboratoriesQuery)
export class SearchOwnLaboratoriesHandler implements IQueryHandler<SearchOwnLaboratoriesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchOwnLaboratoriesQuery) {
    const where: Prisma.LaboratoryWhereInput = {
      ...(actor.profile !== 'ADM' ? { companyId: actor.companyId ?? -1 } : filter.companyId ? { companyId: filter.companyId } : {}),
      ...(filter.comunaId && { comunaId: filter.comunaId }),
      ...(filter.name && { identifierName: { contains: filter.name, mode: 'insensitive' } }),
    };
    const [items, total] = await Promise.all([
      this.prisma.laboratory.findMany({ where, select: PRIVATE_VIEW, orderBy: [{ identifierName: 'asc' }, { id: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.laboratory.count({ where }),
    ]);
    return page(items.map(toPrivateView), total, filter.currentPage, filter.perPage);
  }
}

export class GetOwnLaboratoryQuery extends Query<LaboratoryView> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetOwnLaboratoryQuery)
export class GetOwnLaboratoryHandler implements IQueryHandler<GetOwnLaboratoryQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, id }: GetOwnLaboratoryQuery) {
    const lab = await this.prisma.laboratory.findUnique({ where: { id }, select: PRIVATE_VIEW });
    if (!lab) throw laboratoryNotFound();
    assertCompanyAccess(actor, lab.company.id);
    return toPrivateView(lab);
  }
}

/**
 * `POST /api/laboratory/{id}/search`: the public page of a laboratory — its data, public
 * attributes, opening hours, insurers, and its authorized prices (filtered by `term`, paged).
 * Only laboratories that can be quoted are public.
 */
export class GetLaboratoryPageQuery extends Query<unknown> {
  constructor(
    readonly id: number,
    readonly filter: { term?: string; currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryPageQuery)
export class GetLaboratoryPageHandler implements IQueryHandler<GetLaboratoryPageQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id, filter }: GetLaboratoryPageQuery) {
    const lab = await this.prisma.laboratory.findFirst({
      where: { id, isActive: true, company: { status: 'APPROVED' } },
      select: {
        id: true, identifierName: true, addressLine1: true, addressLine2: true, lat: true, lng: true, phone: true, email: true, website: true,
        openingHours: true, fonasaLevel: true,
        company: { select: { id: true, tradeName: true } },
        comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
        insurers: { where: { insurer: { isActive: true } }, select: { insurer: { select: { id: true, code: true, name: true } } } },
        attributes: {
          where: { selectListType: { ispublic: true }, OR: [{ selectListChildId: null }, { selectListChild: { isActive: true } }] },
          select: { value: true, selectListType: { select: { id: true, code: true, name: true, sortOrder: true } }, selectListChild: { select: { id: true, code: true, name: true } } },
        },
      },
    });
    if (!lab) throw laboratoryNotFound();
    const term = filter.term?.trim();
    const match = term ? Prisma.sql`AND (cl_fold(e.name) LIKE '%' || cl_fold(${term}) || '%' OR e.code LIKE ${term.replace(/\D/g, '') || '-'} || '%')` : Prisma.empty;
    const offset = (filter.currentPage - 1) * filter.perPage;
    const exams = await this.prisma.$queryRaw<{ id: number; laboratoryExamId: number; code: string; name: string; type_name: string; price: number; full_count: number }[]>`
      SELECT e.id, le.id AS "laboratoryExamId", e.code, e.name, ty.name AS type_name, le.price, count(*) OVER ()::int AS full_count
      FROM laboratory_exam le JOIN exam e ON e.id = le.exam_id AND e.is_active JOIN exam_type ty ON ty.id = e.type_exam_id
      WHERE le.laboratory_id = ${id} AND le.status = 'AUTHORIZED' AND le.is_active ${match}
      ORDER BY e.name LIMIT ${filter.perPage} OFFSET ${offset}`;
    const { insurers, attributes, ...rest } = lab;
    const byType = new Map<number, { id: number; code: string; name: string; sortOrder: number; values: { id: number | null; name: string }[] }>();
    for (const a of attributes) {
      const type = byType.get(a.selectListType.id) ?? { ...a.selectListType, values: [] };
      type.values.push({ id: a.selectListChild?.id ?? null, name: a.selectListChild?.name ?? a.value ?? '' });
      byType.set(type.id, type);
    }
    return {
      laboratory: {
        ...rest,
        insurers: insurers.map((i) => i.insurer),
        attributes: [...byType.values()].sort((a, b) => a.sortOrder - b.sortOrder).map(({ sortOrder: _, ...t }) => t),
      },
      exams: page(exams.map(({ full_count: _, type_name, ...e }) => ({ ...e, typeName: type_name })), exams[0]?.full_count ?? 0, filter.currentPage, filter.perPage),
    };
  }
}

export interface LaboratoryInput {
  companyId?: number;
  identifierName?: string;
  addressLine1?: string;
  addressLine2?: string | null;
  comunaId?: number;
  lat?: number | null;
  lng?: number | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  openingHours?: OpeningHours[];
  fonasaLevel?: number;
  isActive?: boolean;
  insurerIds?: number[];
}

/** Registers (no id) or edits a laboratory branch; a provider only within its own company. */
export class SaveLaboratoryCommand extends Command<LaboratoryView> {
  constructor(
    readonly actor: Actor,
    readonly input: LaboratoryInput,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveLaboratoryCommand)
export class SaveLaboratoryHandler implements ICommandHandler<SaveLaboratoryCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, id }: SaveLaboratoryCommand) {
    return this.prisma.$transaction(async (tx) => {
      const { insurerIds, openingHours, ...rest } = input;
      const fields = { ...rest, ...(openingHours && { openingHours: openingHours as Prisma.InputJsonArray }) };
      let laboratoryId: number;
      if (id === undefined) {
        const companyId = actor.profile === 'ADM' ? input.companyId : (input.companyId ?? actor.companyId!);
        if (companyId === undefined) throw invalid({ companyId: ['Indica la empresa del laboratorio.'] });
        assertCompanyAccess(actor, companyId);
        await assertReferences(tx, { ...input, companyId });
        const { identifierName, addressLine1, comunaId } = fields;
        if (!identifierName || !addressLine1 || !comunaId) {
          throw invalid(Object.fromEntries(Object.entries({ identifierName, addressLine1, comunaId }).filter(([, v]) => !v).map(([k]) => [k, ['Este campo es obligatorio.']])));
        }
        laboratoryId = (await tx.laboratory.create({ data: { ...fields, companyId, identifierName, addressLine1, comunaId, openingHours: fields.openingHours ?? [] } })).id;
      } else {
        const current = await tx.laboratory.findUnique({ where: { id }, select: { companyId: true } });
        if (!current) throw laboratoryNotFound();
        assertCompanyAccess(actor, current.companyId);
        if (input.companyId !== undefined) assertCompanyAccess(actor, input.companyId);
        await assertReferences(tx, input);
        laboratoryId = (await tx.laboratory.update({ where: { id }, data: fields })).id;
      }
      if (insurerIds) {
        await tx.laboratoryInsurer.deleteMany({ where: { laboratoryId } });
        await tx.laboratoryInsurer.createMany({ data: [...new Set(insurerIds)].map((insurerId) => ({ laboratoryId, insurerId })) });
      }
      await this.outbox.record(tx, [laboratoriesChanged([laboratoryId])]);
      return toPrivateView(await tx.laboratory.findUniqueOrThrow({ where: { id: laboratoryId }, select: PRIVATE_VIEW }));
    });
  }
}

/** Closes a branch: it leaves search at once; its data and prices stay for history. */
export class CloseLaboratoryCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(CloseLaboratoryCommand)
export class CloseLaboratoryHandler implements ICommandHandler<CloseLaboratoryCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id }: CloseLaboratoryCommand) {
    await this.prisma.$transaction(async (tx) => {
      const lab = await tx.laboratory.findUnique({ where: { id }, select: { companyId: true } });
      if (!lab) throw laboratoryNotFound();
      assertCompanyAccess(actor, lab.companyId);
      await tx.laboratory.update({ where: { id }, data: { isActive: false } });
      await this.outbox.record(tx, [laboratoriesChanged([id])]);
    });
    return { id };
  }
}

async function assertReferences(tx: Tx, input: LaboratoryInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.companyId !== undefined && !(await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } }))) errors.companyId = ['La empresa indicada no existe.'];
  if (input.comunaId !== undefined && !(await tx.location.findFirst({ where: { id: input.comunaId, kind: 'COMUNA' }, select: { id: true } }))) errors.comunaId = ['La comuna indicada no existe.'];
  if (input.insurerIds?.length && (await tx.insurer.count({ where: { id: { in: input.insurerIds } } })) !== new Set(input.insurerIds).size) errors.insurerIds = ['Alguna de las previsiones no existe.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const invalid = (errors: Record<string, string[]>) => new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
export const laboratoryNotFound = () => new NotFoundError('LABORATORY.NOT_FOUND', 'El laboratorio solicitado no existe.');
