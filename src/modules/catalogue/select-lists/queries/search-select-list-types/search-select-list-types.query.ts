import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { uniqueViolation } from '../accounts/accounts';
import { laboratoriesChanged, selectListTypeChanged } from '../search/search-events';

/**
 * Select lists: the types of laboratory attributes (Servicios, Accesibilidad, Medios de pago...)
 * and their values. `isvisible` shows a type in the back-office forms, `ispublic` on the
 * laboratory page, `isfilter` as a facet of /buscador (which re-projects the laboratories).
 */
export const SELECT_LIST_FLAGS = ['isvisible', 'ispublic', 'isfilter'] as const;
export type SelectListFlag = (typeof SELECT_LIST_FLAGS)[number];

const TYPE_VIEW = {
  id: true, code: true, name: true, isvisible: true, ispublic: true, isfilter: true, sortOrder: true,
  children: { select: { id: true, code: true, name: true, sortOrder: true, isActive: true }, orderBy: [{ sortOrder: 'asc' as const }, { name: 'asc' as const }] },
} as const satisfies Prisma.SelectListTypeSelect;
export type SelectListTypeView = Prisma.SelectListTypeGetPayload<{ select: typeof TYPE_VIEW }>;

export interface SelectListTypeFilter {
  name?: string;
  codes?: string[];
  /** Visitors only ever see public or filter types, with their active values. */
  publicOnly: boolean;
  currentPage: number;
  perPage: number;
}

export class SearchSelectListTypesQuery extends Query<Page<SelectListTypeView>> {
  constructor(readonly filter: SelectListTypeFilter) {
    super();
  }
}

@QueryHandler(SearchSelectListTypesQuery)
export class SearchSelectListTypesHandler implements IQueryHandler<SearchSelectListTypesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: SearchSelectListTypesQuery) {
    const where: Prisma.SelectListTypeWhereInput = {
      ...(filter.publicOnly && { OR: [{ ispublic: true }, { isfilter: true }] }),
      ...(filter.codes?.length && { code: { in: filter.codes } }),
      ...(filter.name && { name: { contains: filter.name, mode: 'insensitive' } }),
    };
    const select = filter.publicOnly ? { ...TYPE_VIEW, children: { ...TYPE_VIEW.children, where: { isActive: true } } } : TYPE_VIEW;
    const [items, total] = await Promise.all([
      this.prisma.selectListType.findMany({ where, select, orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.selectListType.count({ where }),
    ]);
    return page(items, total, filter.currentPage, filter.perPage);
  }
}

export class GetSelectListTypeQuery extends Query<SelectListTypeView> {
  constructor(readonly id: number) {
    super();
  }
}

@QueryHandler(GetSelectListTypeQuery)
export class GetSelectListTypeHandler implements IQueryHandler<GetSelectListTypeQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id }: GetSelectListTypeQuery) {
    const type = await this.prisma.selectListType.findUnique({ where: { id }, select: TYPE_VIEW });
    if (!type) throw typeNotFound();
    return type;
  }
}

export interface SelectListTypeInput {
  code?: string;
  name?: string;
  sortOrder?: number;
  isvisible?: boolean;
  ispublic?: boolean;
  isfilter?: boolean;
}

/** Creates (no id) or edits a select-list type, flags included; a change of `isfilter` re-projects its laboratories. */
export class SaveSelectListTypeCommand extends Command<SelectListTypeView> {
  constructor(
    readonly actor: Actor,
    readonly input: SelectListTypeInput,
    readonly ip: string,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveSelectListTypeCommand)
export class SaveSelectListTypeHandler implements ICommandHandler<SaveSelectListTypeCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, input, ip, id }: SaveSelectListTypeCommand) {
    return this.prisma
      .$transaction(async (tx) => {
        let saved;
        if (id === undefined) {
          if (!input.code || !input.name) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { ...(!input.code && { code: ['Ingresa el código.'] }), ...(!input.name && { name: ['Ingresa el nombre.'] }) });
          saved = await tx.selectListType.create({ data: { ...input, code: input.code, name: input.name }, select: TYPE_VIEW });
        } else {
          const current = await tx.selectListType.findUnique({ where: { id }, select: { isfilter: true } });
          if (!current) throw typeNotFound();
          saved = await tx.selectListType.update({ where: { id }, data: input, select: TYPE_VIEW });
          if (saved.isfilter !== current.isfilter) await this.outbox.record(tx, [selectListTypeChanged(id)]);
        }
        await recordAudit(tx, { actor, action: id === undefined ? 'select_list_type.created' : 'select_list_type.updated', entityType: 'SelectListType', entityId: saved.id, details: { fields: Object.keys(input).join(',') }, ip });
        return saved;
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)?.includes('code')) throw new AppError(HttpStatus.CONFLICT, 'SELECT_LIST_TYPE.CODE_TAKEN', 'Ya existe una lista con ese código.', { code: ['Ya existe una lista con ese código.'] });
        throw error;
      });
  }
}

/** Deletes a type with its values and the laboratory attributes that used them. */
export class DeleteSelectListTypeCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteSelectListTypeCommand)
export class DeleteSelectListTypeHandler implements ICommandHandler<DeleteSelectListTypeCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id, ip }: DeleteSelectListTypeCommand) {
    await this.prisma.$transaction(async (tx) => {
      const labs = await tx.laboratoryAttribute.findMany({ where: { selectListTypeId: id }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
      await tx.laboratoryAttribute.deleteMany({ where: { selectListTypeId: id } });
      const deleted = await tx.selectListType.deleteMany({ where: { id } });
      if (deleted.count === 0) throw typeNotFound();
      if (labs.length > 0) await this.outbox.record(tx, [laboratoriesChanged(labs.map((l) => l.laboratoryId))]);
      await recordAudit(tx, { actor, action: 'select_list_type.deleted', entityType: 'SelectListType', entityId: id, ip });
    });
    return { id };
  }
}

export interface SelectListChildInput {
  typeId?: number;
  code?: string;
  name?: string;
  sortOrder?: number;
  isActive?: boolean;
}

/** Creates or edits a value of a list; its laboratories are re-projected when it matters to search. */
export class SaveSelectListChildCommand extends Command<{ id: number; typeId: number; code: string; name: string; sortOrder: number; isActive: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly input: SelectListChildInput,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveSelectListChildCommand)
export class SaveSelectListChildHandler implements ICommandHandler<SaveSelectListChildCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ input, id }: SaveSelectListChildCommand) {
    const select = { id: true, typeId: true, code: true, name: true, sortOrder: true, isActive: true } as const;
    return this.prisma
      .$transaction(async (tx) => {
        if (input.typeId !== undefined && !(await tx.selectListType.findUnique({ where: { id: input.typeId }, select: { id: true } }))) {
          throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { typeId: ['La lista indicada no existe.'] });
        }
        if (id === undefined) {
          const { typeId, code, name } = input;
          if (!typeId || !code || !name) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { ...(!typeId && { typeId: ['Indica la lista.'] }), ...(!code && { code: ['Ingresa el código.'] }), ...(!name && { name: ['Ingresa el nombre.'] }) });
          return tx.selectListChild.create({ data: { ...input, typeId, code, name }, select });
        }
        if (!(await tx.selectListChild.findUnique({ where: { id }, select: { id: true } }))) throw childNotFound();
        const saved = await tx.selectListChild.update({ where: { id }, data: input, select });
        await this.outbox.record(tx, [selectListTypeChanged(saved.typeId)]);
        return saved;
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw new AppError(HttpStatus.CONFLICT, 'SELECT_LIST.CODE_TAKEN', 'Esa lista ya tiene un valor con ese código.', { code: ['Esa lista ya tiene un valor con ese código.'] });
        throw error;
      });
  }
}

export class DeleteSelectListChildCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(DeleteSelectListChildCommand)
export class DeleteSelectListChildHandler implements ICommandHandler<DeleteSelectListChildCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ id }: DeleteSelectListChildCommand) {
    await this.prisma.$transaction(async (tx) => {
      const child = await tx.selectListChild.findUnique({ where: { id }, select: { typeId: true } });
      if (!child) throw childNotFound();
      // Found before the delete cascades: afterwards nothing says which laboratories had the value.
      const labs = await tx.laboratoryAttribute.findMany({ where: { selectListChildId: id }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
      await tx.selectListChild.delete({ where: { id } });
      if (labs.length > 0) await this.outbox.record(tx, [laboratoriesChanged(labs.map((l) => l.laboratoryId))]);
    });
    return { id };
  }
}

export class GetSelectListChildQuery extends Query<unknown> {
  constructor(readonly id: number) {
    super();
  }
}

@QueryHandler(GetSelectListChildQuery)
export class GetSelectListChildHandler implements IQueryHandler<GetSelectListChildQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id }: GetSelectListChildQuery) {
    const child = await this.prisma.selectListChild.findUnique({ where: { id }, select: { id: true, code: true, name: true, sortOrder: true, isActive: true, type: { select: { id: true, code: true, name: true } } } });
    if (!child) throw childNotFound();
    return child;
  }
}

const typeNotFound = () => new NotFoundError('SELECT_LIST_TYPE.NOT_FOUND', 'La lista seleccionable no existe.');
const childNotFound = () => new NotFoundError('SELECT_LIST.NOT_FOUND', 'El valor de la lista no existe.');
