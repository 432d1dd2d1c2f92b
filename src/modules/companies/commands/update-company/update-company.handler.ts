import { HttpStatus } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Prisma } from '../../generated/prisma/client';
import { recordAudit } from '../../platform/audit/audit';
import { assertCompanyAccess, ForbiddenError, type Actor } from '../../platform/auth/actor';
import { PrismaService } from '../../platform/database/prisma.service';
import { AppError, NotFoundError } from '../../platform/http/app-error';
import { page, type Page } from '../../platform/http/envelope';
import { Outbox } from '../../platform/messaging/outbox';
import { AccountEvent, companyEvent } from '../accounts/account-events';
import { uniqueViolation } from '../accounts/accounts';
import { assertComuna, CompanyRutTakenError } from '../accounts/commands/sign-up.command';

export const COMPANY_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

const VIEW = {
  id: true, rut: true, legalName: true, tradeName: true, email: true, phone: true, website: true, addressLine: true,
  status: true, approvedAt: true, createdAt: true, updatedAt: true,
  comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
  _count: { select: { laboratories: true } },
} as const satisfies Prisma.CompanySelect;

function toView({ _count, ...company }: Prisma.CompanyGetPayload<{ select: typeof VIEW }>) {
  return { ...company, laboratoryCount: _count.laboratories };
}
export type CompanyView = ReturnType<typeof toView>;

export interface CompanyFilter {
  name?: string;
  rut?: string;
  status?: CompanyStatus;
  currentPage: number;
  perPage: number;
}

/** Companies: every one for an administrator, only its own for a provider. */
export class SearchCompaniesQuery extends Query<Page<CompanyView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: CompanyFilter,
  ) {
    super();
  }
}

@QueryHandler(SearchCompaniesQuery)
export class SearchCompaniesHandler implements IQueryHandler<SearchCompaniesQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchCompaniesQuery) {
    const where: Prisma.CompanyWhereInput = {
      ...(actor.profile !== 'ADM' && { id: actor.companyId ?? -1 }),
      ...(filter.status && { status: filter.status }),
      ...(filter.rut && { rut: filter.rut }),
      ...(filter.name && { OR: [{ tradeName: { contains: filter.name, mode: 'insensitive' } }, { legalName: { contains: filter.name, mode: 'insensitive' } }] }),
    };
    const [items, total] = await Promise.all([
      this.prisma.company.findMany({ where, select: VIEW, orderBy: [{ tradeName: 'asc' }, { id: 'asc' }], skip: (filter.currentPage - 1) * filter.perPage, take: filter.perPage }),
      this.prisma.company.count({ where }),
    ]);
    return page(items.map(toView), total, filter.currentPage, filter.perPage);
  }
}

export class GetCompanyQuery extends Query<CompanyView> {
  constructor(
    readonly actor: Actor,
    readonly companyId: number,
  ) {
    super();
  }
}

@QueryHandler(GetCompanyQuery)
export class GetCompanyHandler implements IQueryHandler<GetCompanyQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, companyId }: GetCompanyQuery) {
    assertCompanyAccess(actor, companyId);
    const company = await this.prisma.company.findUnique({ where: { id: companyId }, select: VIEW });
    if (!company) throw companyNotFound();
    return toView(company);
  }
}

export interface CompanyInput {
  rut?: string;
  legalName?: string;
  tradeName?: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  addressLine?: string | null;
  comunaId?: number | null;
}

/**
 * Creates (administrators; approved at once) or edits a company (administrators any; providers
 * their own). A provider cannot change the RUT: it identifies the company it signed up as.
 */
export class SaveCompanyCommand extends Command<CompanyView> {
  constructor(
    readonly actor: Actor,
    readonly input: CompanyInput,
    readonly ip: string,
    readonly companyId?: number,
  ) {
    super();
  }
}

@CommandHandler(SaveCompanyCommand)
export class SaveCompanyHandler implements ICommandHandler<SaveCompanyCommand> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, input, ip, companyId }: SaveCompanyCommand) {
    if (companyId === undefined && actor.profile !== 'ADM') throw new ForbiddenError();
    if (companyId !== undefined) assertCompanyAccess(actor, companyId);
    if (actor.profile !== 'ADM' && input.rut !== undefined) throw new ForbiddenError('Solo un administrador puede cambiar el RUT de la empresa.');
    return this.prisma
      .$transaction(async (tx) => {
        if (input.comunaId) await assertComuna(tx, input.comunaId);
        let saved;
        if (companyId === undefined) {
          const { rut, legalName, tradeName } = input;
          if (!rut || !legalName || !tradeName) throw new AppError(HttpStatus.BAD_REQUEST, 'REQUEST.VALIDATION_FAILED', 'Los datos enviados no son válidos.', missing({ rut, legalName, tradeName }));
          saved = await tx.company.create({ data: { ...input, rut, legalName, tradeName, status: 'APPROVED', approvedAt: new Date() }, select: VIEW });
        } else {
          if (!(await tx.company.findUnique({ where: { id: companyId }, select: { id: true } }))) throw companyNotFound();
          saved = await tx.company.update({ where: { id: companyId }, data: input, select: VIEW });
        }
        await recordAudit(tx, { actor, action: companyId === undefined ? 'company.created' : 'company.updated', entityType: 'Company', entityId: saved.id, details: { fields: Object.keys(input).join(',') }, ip });
        return toView(saved);
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error)?.includes('rut')) throw new CompanyRutTakenError();
        throw error;
      });
  }
}

/** An administrator's decision on a company that signed up; its provider users are told by mail. */
export class DecideCompanyCommand extends Command<CompanyView> {
  constructor(
    readonly actor: Actor,
    readonly companyId: number,
    readonly decision: 'APPROVED' | 'REJECTED',
    readonly ip: string,
  ) {
    super();
  }
}

@CommandHandler(DecideCompanyCommand)
export class DecideCompanyHandler implements ICommandHandler<DecideCompanyCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: Outbox,
  ) {}

  async execute({ actor, companyId, decision, ip }: DecideCompanyCommand) {
    return this.prisma.$transaction(async (tx) => {
      const company = await tx.company.findUnique({ where: { id: companyId }, select: { status: true } });
      if (!company) throw companyNotFound();
      if (company.status === decision) throw new AppError(HttpStatus.CONFLICT, 'COMPANY.ALREADY_DECIDED', decision === 'APPROVED' ? 'La empresa ya está aprobada.' : 'La empresa ya está rechazada.');
      const saved = await tx.company.update({ where: { id: companyId }, data: { status: decision, approvedAt: decision === 'APPROVED' ? new Date() : null }, select: VIEW });
      await this.outbox.record(tx, [companyEvent(decision === 'APPROVED' ? AccountEvent.CompanyApproved : AccountEvent.CompanyRejected, companyId)]);
      await recordAudit(tx, { actor, action: decision === 'APPROVED' ? 'company.approved' : 'company.rejected', entityType: 'Company', entityId: companyId, ip });
      return toView(saved);
    });
  }
}

const companyNotFound = () => new NotFoundError('COMPANY.NOT_FOUND', 'La empresa solicitada no existe.');

function missing(fields: Record<string, string | undefined>) {
  const labels: Record<string, string> = { rut: 'Ingresa el RUT.', legalName: 'Ingresa la razón social.', tradeName: 'Ingresa el nombre de fantasía.' };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => !v).map(([k]) => [k, [labels[k]]]));
}
