import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import { assertCompanyAccess, ForbiddenError, type Actor } from '../../platform/auth/actor';
import { PrismaService, type Tx } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { laboratoriesChanged } from '../search/search-events';

/**
 * Laboratory exams: the price a laboratory charges for an exam. A new one waits for an
 * administrator's authorization ("exámenes autorizados") before it is quoted, unless an
 * administrator created it; later price changes of an authorized exam stay authorized and are
 * kept in the price history.
 */
export const AUTHORIZATION_STATUSES = ['PENDING', 'AUTHORIZED', 'REJECTED'] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];

const VIEW = {
  id: true, price: true, status: true, authorizedAt: true, isActive: true, createdAt: true, updatedAt: true,
  laboratory: { select: { id: true, identifierName: true, companyId: true } },
  exam: { select: { id: true, code: true, name: true, fonasaPriceLevel1: true } },
  priceHistory: { select: { oldPrice: true, newPrice: true, changedAt: true, changedById: true }, orderBy: { changedAt: 'desc' as const }, take: 10 },
} as const satisfies Prisma.LaboratoryExamSelect;
export type LaboratoryExamView = Prisma.LaboratoryExamGetPayload<{ select: typeof VIEW }>;

export interface LaboratoryExamFilter {
  laboratoryId?: number;
  examId?: number;
  status?: AuthorizationStatus;
  currentPage: number;
  perPage: number;
}

export class SearchLaboratoryExamsQuery extends Query<Page<LaboratoryExamView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: LaboratoryExamFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchLaboratoryExamsQuery)
export class SearchLaboratoryExamsHandler implements IQueryHandler<SearchLaboratoryExamsQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchLaboratoryExamsQuery) {
    const where: Prisma.LaboratoryExamWhereInput = {
      ...(actor.profile !== 'ADM' && { laboratory: { companyId: actor.companyId ?? -1 } }),
      ...(filter.laboratoryId && { laboratoryId: filter.laboratoryId }),
      ...(filter.examId && { examId: filter.examId }),
      ...(filter.status && { status: filter.status }),
    };
    const [items, total] = await Promise.all([
      this.prisma.laboratoryExam.findMany({ where, select: VIEW, orderBy: [{ laboratoryId: 'asc' }, { examId: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.laboratoryExam.count({ where }),
    ]);
    return page(items, total, filter.currentPage, filter.perPage);
  }
}

export class GetLaboratoryExamQuery extends Query<LaboratoryExamView> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetLaboratoryExamQuery)
export class GetLaboratoryExamHandler implements IQueryHandler<GetLaboratoryExamQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, id }: GetLaboratoryExamQuery) {
    const row = await this.prisma.laboratoryExam.findUnique({ where: { id }, select: VIEW });
    if (!row) throw laboratoryExamNotFound();
    assertCompanyAccess(actor, row.laboratory.companyId);
    return row;
  }
}

export interface LaboratoryExamChanges {
  price?: number;
  status?: AuthorizationStatus;
  isActive?: boolean;
}

/** Sets a laboratory's price for an exam (creating the offer if new), or changes it by id. */
export class SaveLaboratoryExamCommand extends Command<LaboratoryExamView> {
  constructor(
    readonly actor: Actor,
    readonly target: { id: number } | { laboratoryId: number; examId: number },
    readonly changes: LaboratoryExamChanges,
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(SaveLaboratoryExamCommand)
export class SaveLaboratoryExamHandler implements ICommandHandler<SaveLaboratoryExamCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, target, changes, ip }: SaveLaboratoryExamCommand) {
    if (changes.status !== undefined && actor.profile !== 'ADM') throw new ForbiddenError('Solo un administrador puede autorizar exámenes.');
    return this.prisma.$transaction(async (tx) => {
      const current = 'id' in target
        ? await tx.laboratoryExam.findUnique({ where: { id: target.id }, include: { laboratory: { select: { companyId: true } } } })
        : await tx.laboratoryExam.findUnique({ where: { laboratoryId_examId: target }, include: { laboratory: { select: { companyId: true } } } });
      if (!current && 'id' in target) throw laboratoryExamNotFound();
      const laboratoryId = current?.laboratoryId ?? (target as { laboratoryId: number }).laboratoryId;
      await assertLaboratoryAccess(tx, actor, laboratoryId);
      // Serialise concurrent edits of one price, so that the history records each change once.
      if (current) await tx.$queryRaw`SELECT 1 FROM laboratory_exam WHERE id = ${current.id} FOR UPDATE`;

      let saved;
      if (!current) {
        const { examId } = target as { examId: number };
        if (changes.price === undefined) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { price: ['Ingresa el precio.'] });
        if (!(await tx.exam.findFirst({ where: { id: examId, isActive: true }, select: { id: true } }))) {
          throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', { examId: ['El examen indicado no existe.'] });
        }
        const status = changes.status ?? (actor.profile === 'ADM' ? 'AUTHORIZED' : 'PENDING');
        saved = await tx.laboratoryExam.create({
          data: { laboratoryId, examId, price: changes.price, status, isActive: changes.isActive ?? true, ...authorization(status, actor) },
        });
        await tx.laboratoryExamPriceHistory.create({ data: { laboratoryExamId: saved.id, oldPrice: null, newPrice: changes.price, changedById: actor.personId } });
      } else {
        const latest = await tx.laboratoryExam.findUniqueOrThrow({ where: { id: current.id } });
        const status = changes.status ?? latest.status;
        saved = await tx.laboratoryExam.update({
          where: { id: current.id },
          data: { ...changes, ...(changes.status !== undefined && changes.status !== latest.status ? authorization(status, actor) : {}) },
        });
        if (changes.price !== undefined && changes.price !== latest.price) {
          await tx.laboratoryExamPriceHistory.create({ data: { laboratoryExamId: current.id, oldPrice: latest.price, newPrice: changes.price, changedById: actor.personId } });
        }
      }
      await this.outbox.record(tx, [laboratoriesChanged([laboratoryId])]);
      if (changes.status !== undefined) await recordAudit(tx, { actor, action: `laboratory_exam.${changes.status.toLowerCase()}`, entityType: 'LaboratoryExam', entityId: saved.id, ip });
      return tx.laboratoryExam.findUniqueOrThrow({ where: { id: saved.id }, select: VIEW });
    });
  }
}

/** Removes an exam from a laboratory's offer; its price history stays. */
export class RemoveLaboratoryExamCommand extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveLaboratoryExamCommand)
export class RemoveLaboratoryExamHandler implements ICommandHandler<RemoveLaboratoryExamCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, id }: RemoveLaboratoryExamCommand) {
    await this.prisma.$transaction(async (tx) => {
      const row = await tx.laboratoryExam.findUnique({ where: { id }, select: { laboratoryId: true } });
      if (!row) throw laboratoryExamNotFound();
      await assertLaboratoryAccess(tx, actor, row.laboratoryId);
      await tx.laboratoryExam.update({ where: { id }, data: { isActive: false } });
      await this.outbox.record(tx, [laboratoriesChanged([row.laboratoryId])]);
    });
    return { id };
  }
}

function authorization(status: AuthorizationStatus, actor: Actor) {
  return status === 'AUTHORIZED' ? { authorizedAt: new Date(), authorizedById: actor.personId } : { authorizedAt: null, authorizedById: null };
}

export async function assertLaboratoryAccess(tx: Tx, actor: Actor, laboratoryId: number): Promise<void> {
  const laboratory = await tx.laboratory.findUnique({ where: { id: laboratoryId }, select: { companyId: true } });
  if (!laboratory) throw new NotFoundError('LABORATORY.NOT_FOUND', 'El laboratorio solicitado no existe.');
  assertCompanyAccess(actor, laboratory.companyId);
}

const laboratoryExamNotFound = () => new NotFoundError('LABORATORY_EXAM.NOT_FOUND', 'El examen del laboratorio no existe.');
