import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { laboratoriesChanged } from '../search/search-events';
import { assertLaboratoryAccess } from './laboratory-exams';

/** A laboratory's attribute: a value of a select list (home collection, wheelchair access...) or free text. */
const VIEW = {
  id: true, laboratoryId: true, value: true, createdAt: true, updatedAt: true,
  selectListType: { select: { id: true, code: true, name: true } },
  selectListChild: { select: { id: true, code: true, name: true } },
} as const satisfies Prisma.LaboratoryAttributeSelect;
export type LaboratoryAttributeView = Prisma.LaboratoryAttributeGetPayload<{ select: typeof VIEW }>;

export class SearchLaboratoryAttributesQuery extends Query<Page<LaboratoryAttributeView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: { laboratoryId?: number; selectListTypeId?: number; currentPage: number; perPage: number },
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoryAttributesQuery)
export class SearchLaboratoryAttributesHandler implements IQueryHandler<SearchLaboratoryAttributesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchLaboratoryAttributesQuery) {
    const where: Prisma.LaboratoryAttributeWhereInput = {
      ...(actor.profile !== 'ADM' && { laboratory: { companyId: actor.companyId ?? -1 } }),
      ...(filter.laboratoryId && { laboratoryId: filter.laboratoryId }),
      ...(filter.selectListTypeId && { selectListTypeId: filter.selectListTypeId }),
    };
    const [items, total] = await Promise.all([
      this.prisma.laboratoryAttribute.findMany({ where, select: VIEW, orderBy: [{ laboratoryId: 'asc' }, { id: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.laboratoryAttribute.count({ where }),
    ]);
    return page(items, total, filter.currentPage, filter.perPage);
  }
}

export class GetLaboratoryAttributeQuery extends Query<LaboratoryAttributeView> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryAttributeQuery)
export class GetLaboratoryAttributeHandler implements IQueryHandler<GetLaboratoryAttributeQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, id }: GetLaboratoryAttributeQuery) {
    const row = await this.prisma.laboratoryAttribute.findUnique({ where: { id }, select: VIEW });
    if (!row) throw attributeNotFound();
    await assertLaboratoryAccess(this.prisma, actor, row.laboratoryId);
    return row;
  }
}

export interface LaboratoryAttributeInput {
  laboratoryId?: number;
  selectListTypeId?: number;
  selectListChildId?: number | null;
  value?: string | null;
}

export class SaveLaboratoryAttributeCommand extends Command<LaboratoryAttributeView> {
  constructor(
    readonly actor: Actor,
    readonly input: LaboratoryAttributeInput,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveLaboratoryAttributeCommand)
export class SaveLaboratoryAttributeHandler implements ICommandHandler<SaveLaboratoryAttributeCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, id }: SaveLaboratoryAttributeCommand) {
    return this.prisma
      .$transaction(async (tx) => {
        const current = id === undefined ? null : await tx.laboratoryAttribute.findUnique({ where: { id } });
        if (id !== undefined && !current) throw attributeNotFound();
        const merged = { laboratoryId: input.laboratoryId ?? current?.laboratoryId, selectListTypeId: input.selectListTypeId ?? current?.selectListTypeId, selectListChildId: input.selectListChildId === undefined ? current?.selectListChildId : input.selectListChildId, value: input.value === undefined ? current?.value : input.value };
        if (!merged.laboratoryId || !merged.selectListTypeId) throw invalid({ ...(!merged.laboratoryId && { laboratoryId: ['Indica el laboratorio.'] }), ...(!merged.selectListTypeId && { selectListTypeId: ['Indica la lista.'] }) });
        await assertLaboratoryAccess(tx, actor, merged.laboratoryId);
        if (current && current.laboratoryId !== merged.laboratoryId) await assertLaboratoryAccess(tx, actor, current.laboratoryId);
        if (merged.selectListChildId) {
          const child = await tx.selectListChild.findUnique({ where: { id: merged.selectListChildId }, select: { typeId: true } });
          if (!child || child.typeId !== merged.selectListTypeId) throw invalid({ selectListChildId: ['El valor no pertenece a esa lista.'] });
        } else if (!merged.value) {
          throw invalid({ value: ['Elige un valor de la lista o escribe uno.'] });
        } else if (!(await tx.selectListType.findUnique({ where: { id: merged.selectListTypeId }, select: { id: true } }))) {
          throw invalid({ selectListTypeId: ['La lista indicada no existe.'] });
        }
        const data = { laboratoryId: merged.laboratoryId, selectListTypeId: merged.selectListTypeId, selectListChildId: merged.selectListChildId ?? null, value: merged.value ?? null };
        const saved = current ? await tx.laboratoryAttribute.update({ where: { id: current.id }, data, select: VIEW }) : await tx.laboratoryAttribute.create({ data, select: VIEW });
        await this.outbox.record(tx, [laboratoriesChanged([...new Set([data.laboratoryId, ...(current ? [current.laboratoryId] : [])])])]);
        return saved;
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === 'P2002') throw new AppError(HttpStatus.CONFLICT, 'LABORATORY_ATTRIBUTE.DUPLICATE', 'El laboratorio ya tiene ese atributo.');
        throw error;
      });
  }
}

export class DeleteLaboratoryAttributeCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(DeleteLaboratoryAttributeCommand)
export class DeleteLaboratoryAttributeHandler implements ICommandHandler<DeleteLaboratoryAttributeCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id }: DeleteLaboratoryAttributeCommand) {
    await this.prisma.$transaction(async (tx) => {
      const current = await tx.laboratoryAttribute.findUnique({ where: { id }, select: { laboratoryId: true } });
      if (!current) throw attributeNotFound();
      await assertLaboratoryAccess(tx, actor, current.laboratoryId);
      await tx.laboratoryAttribute.delete({ where: { id } });
      await this.outbox.record(tx, [laboratoriesChanged([current.laboratoryId])]);
    });
    return { id };
  }
}

const invalid = (errors: Record<string, string[]>) => new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
const attributeNotFound = () => new NotFoundError('LABORATORY_ATTRIBUTE.NOT_FOUND', 'El atributo del laboratorio no existe.');
