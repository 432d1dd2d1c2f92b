import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AuditEntryView } from '../../../../contracts/backoffice-reports';
import type { Page } from '../../../../contracts/envelope';
import type { Actor } from '../../../../platform/auth/actor';
import { assertCompanyAccess } from '../../../../platform/cqrs/company-scope';
import { findPage, type Paging } from '../../../../platform/database/find-page';
import { PrismaService } from '../../../../platform/database/prisma.service';
import type { ServerSide } from '../../../../platform/http/envelope';
import { NotFoundError } from '../../../../platform/http/app-error';

/** The kinds of rows a provider may read the timeline of: those that belong to a company. */
export const COMPANY_OWNED_ENTITIES = ['Company', 'Laboratory', 'LaboratoryExam', 'Person'] as const;

export interface AuditFilter extends Paging {
  entityType: string;
  entityId: string;
}

/**
 * The audit timeline of one entity, newest first. An administrator reads any; a provider only
 * the timeline of its own company, its branches, their prices and its people.
 */
export class SearchAuditQuery extends Query<Page<ServerSide<AuditEntryView>>> {
  constructor(
    readonly actor: Actor,
    readonly filter: AuditFilter,
  ) {
    super();
  }
}

const entryNotFound = () => new NotFoundError('AUDIT.NOT_FOUND', 'No existe el registro pedido.');

@QueryHandler(SearchAuditQuery)
export class SearchAuditHandler implements IQueryHandler<SearchAuditQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, filter }: SearchAuditQuery) {
    if (actor.profile !== 'ADM') assertCompanyAccess(actor, await this.companyOf(filter.entityType, filter.entityId), entryNotFound);
    const where = { entityType: filter.entityType, entityId: filter.entityId };
    return findPage(
      filter,
      async (window) => {
        const rows = await this.prisma.auditLog.findMany({
          where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...window,
          select: { id: true, action: true, entityType: true, entityId: true, createdAt: true, ip: true, details: true, actor: { select: { id: true, firstName: true, lastName: true, profile: { select: { code: true } } } } },
        });
        return rows.map(({ actor: person, details, id, ...row }): ServerSide<AuditEntryView> => ({
          ...row,
          id: String(id),
          actor: person && { id: person.id, fullName: `${person.firstName} ${person.lastName}`.trim(), profile: person.profile?.code ?? null },
          details: details && typeof details === 'object' && !Array.isArray(details) ? (details as AuditEntryView['details']) : null,
        }));
      },
      () => this.prisma.auditLog.count({ where }),
    );
  }

  /** The company an entity belongs to; a provider asking about anything else is told it does not exist. */
  private async companyOf(entityType: string, entityId: string): Promise<number | null> {
    const id = Number(entityId);
    if (!Number.isInteger(id) || id <= 0) throw entryNotFound();
    const companyId =
      entityType === 'Company' ? (await this.prisma.company.findUnique({ where: { id }, select: { id: true } }))?.id
      : entityType === 'Laboratory' ? (await this.prisma.laboratory.findUnique({ where: { id }, select: { companyId: true } }))?.companyId
      : entityType === 'LaboratoryExam' ? (await this.prisma.laboratoryExam.findUnique({ where: { id }, select: { laboratory: { select: { companyId: true } } } }))?.laboratory.companyId
      : entityType === 'Person' ? (await this.prisma.person.findUnique({ where: { id }, select: { companyId: true } }))?.companyId
      : undefined;
    if (companyId === undefined) throw entryNotFound();
    return companyId;
  }
}
