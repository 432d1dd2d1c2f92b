import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/auth/actor';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';

/**
 * Person visibility (administrators only): which company or laboratory branch a person may see
 * and manage besides their own company. See docs/decisions.md.
 */
const VIEW = {
  id: true, isActive: true, createdAt: true, updatedAt: true,
  person: { select: { id: true, firstName: true, lastName: true } },
  company: { select: { id: true, tradeName: true } },
  laboratory: { select: { id: true, identifierName: true } },
} as const satisfies Prisma.PersonVisibilitySelect;
type VisibilityView = Prisma.PersonVisibilityGetPayload<{ select: typeof VIEW }>;

export class ListPersonVisibilitiesQuery extends Query<Page<VisibilityView>> {
  constructor(readonly filter: { personId?: number; currentPage: number; perPage: number }) {
    super();
  }
}

@QueryHandler(ListPersonVisibilitiesQuery)
export class ListPersonVisibilitiesHandler implements IQueryHandler<ListPersonVisibilitiesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ filter }: ListPersonVisibilitiesQuery) {
    const where = { ...(filter.personId && { personId: filter.personId }), person: { deletedAt: null } };
    const [items, total] = await Promise.all([
      this.prisma.personVisibility.findMany({ where, select: VIEW, orderBy: { id: 'asc' }, skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.personVisibility.count({ where }),
    ]);
    return page(items, total, filter.currentPage, filter.perPage);
  }
}

export class GetPersonVisibilityQuery extends Query<VisibilityView> {
  constructor(readonly id: number) {
    super();
  }
}

@QueryHandler(GetPersonVisibilityQuery)
export class GetPersonVisibilityHandler implements IQueryHandler<GetPersonVisibilityQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id }: GetPersonVisibilityQuery) {
    const row = await this.prisma.personVisibility.findUnique({ where: { id }, select: VIEW });
    if (!row) throw visibilityNotFound();
    return row;
  }
}

export interface VisibilityInput {
  personId: number;
  companyId?: number;
  laboratoryId?: number;
  isActive?: boolean;
}

/** Create (no `id`) or change (`id`) one visibility grant. */
export class SavePersonVisibilityCommand extends Command<VisibilityView> {
  constructor(
    readonly actor: Actor,
    readonly input: VisibilityInput,
    readonly ip: string,
    readonly id?: number,
  ) {
    super();
  }
}

@CommandHandler(SavePersonVisibilityCommand)
export class SavePersonVisibilityHandler implements ICommandHandler<SavePersonVisibilityCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, input, ip, id }: SavePersonVisibilityCommand) {
    return this.prisma.$transaction(async (tx) => {
      await assertTargets(tx, input);
      const data = { personId: input.personId, companyId: input.companyId ?? null, laboratoryId: input.laboratoryId ?? null, isActive: input.isActive ?? true };
      const duplicate = await tx.personVisibility.findFirst({ where: { personId: data.personId, companyId: data.companyId, laboratoryId: data.laboratoryId, ...(id && { NOT: { id } }) } });
      if (duplicate) throw new AppError(HttpStatus.CONFLICT, 'PERSON_VISIBILITY.DUPLICATE', 'Esa persona ya tiene esa visibilidad.');
      if (id && !(await tx.personVisibility.findUnique({ where: { id }, select: { id: true } }))) throw visibilityNotFound();
      const row = id ? await tx.personVisibility.update({ where: { id }, data, select: VIEW }) : await tx.personVisibility.create({ data, select: VIEW });
      await recordAudit(tx, { actor, action: id ? 'person_visibility.updated' : 'person_visibility.created', entityType: 'PersonVisibility', entityId: row.id, details: { personId: data.personId, companyId: data.companyId, laboratoryId: data.laboratoryId, isActive: data.isActive }, ip });
      return row;
    });
  }
}

export class DeletePersonVisibilityCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(DeletePersonVisibilityCommand)
export class DeletePersonVisibilityHandler implements ICommandHandler<DeletePersonVisibilityCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, id, ip }: DeletePersonVisibilityCommand) {
    await this.prisma.$transaction(async (tx) => {
      const deleted = await tx.personVisibility.deleteMany({ where: { id } });
      if (deleted.count === 0) throw visibilityNotFound();
      await recordAudit(tx, { actor, action: 'person_visibility.deleted', entityType: 'PersonVisibility', entityId: id, ip });
    });
    return { id };
  }
}

async function assertTargets(tx: Tx, input: VisibilityInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await tx.person.findFirst({ where: { id: input.personId, deletedAt: null }, select: { id: true } }))) errors.personId = ['La persona indicada no existe.'];
  if (input.companyId === undefined && input.laboratoryId === undefined) errors.companyId = ['Indica una empresa o un laboratorio.'];
  if (input.companyId !== undefined && !(await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } }))) errors.companyId = ['La empresa indicada no existe.'];
  if (input.laboratoryId !== undefined && !(await tx.laboratory.findUnique({ where: { id: input.laboratoryId }, select: { id: true } }))) errors.laboratoryId = ['El laboratorio indicado no existe.'];
  if (Object.keys(errors).length > 0) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', errors);
}

const visibilityNotFound = () => new NotFoundError('PERSON_VISIBILITY.NOT_FOUND', 'La visibilidad solicitada no existe.');
