import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ImportKind } from '../../../../contracts/imports';
import { TEMPLATE_CONTENT_TYPE, templateFile, type TemplateFormat } from '../../domain/template-file';
import { IMPORT_KINDS } from '../../kinds/import-kinds';
import type { Download } from '../download-import/download-import.query';
import { PrismaService } from '../../../../platform/database/prisma.service';

/**
 * An empty file of an import with its headers and one example row, as CSV or XLSX. For a company's own user the
 * price list's example names one of its branches by its code (issue 27): the example row then imports as it is.
 */
export class GetTemplateQuery extends Query<Download> {
  constructor(
    readonly kind: ImportKind,
    readonly format: TemplateFormat,
    readonly companyId?: number,
  ) {
    super();
  }
}

@QueryHandler(GetTemplateQuery)
export class GetTemplateHandler implements IQueryHandler<GetTemplateQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ kind, format, companyId }: GetTemplateQuery): Promise<Download> {
    const { columns } = IMPORT_KINDS[kind];
    // Prices only: in the branches' template an existing code would update that branch with the example's name.
    const ownBranch = companyId === undefined || kind !== 'laboratory-exam' ? null : await this.prisma.laboratory.findFirst({ where: { companyId, isActive: true, branchCode: { not: null } }, orderBy: { branchCode: 'asc' }, select: { branchCode: true } });
    const example = Object.fromEntries(columns.map((c) => [c.key, c.key === 'branchCode' && ownBranch?.branchCode ? ownBranch.branchCode : c.example]));
    return { fileName: `plantilla-${kind}.${format}`, contentType: TEMPLATE_CONTENT_TYPE[format], content: templateFile(columns, format, [[example]]) };
  }
}
