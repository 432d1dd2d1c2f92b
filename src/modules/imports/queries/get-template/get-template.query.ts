import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import type { ImportKind } from '../../../../contracts/imports';
import { CSV_BOM, csvLine } from '../../domain/error-file';
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
    readonly format: 'csv' | 'xlsx',
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
    const header = columns.map((c) => c.header);
    const example = columns.map((c) => (c.key === 'branchCode' && ownBranch?.branchCode ? ownBranch.branchCode : c.example));
    const fileName = `plantilla-${kind}.${format}`;
    if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', content: [CSV_BOM + csvLine(header) + csvLine(example)] };
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Datos');
    sheet.addRow(header).font = { bold: true };
    // Codes are text: Excel would drop a FONASA code's leading zero.
    sheet.addRow(example.map((value, i) => (/^\d+$/.test(value) && !/codigo/.test(header[i]) ? Number(value) : value)));
    sheet.columns.forEach((column) => (column.width = 22));
    const buffer = await workbook.xlsx.writeBuffer();
    return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: [new Uint8Array(buffer as ArrayBuffer)] };
  }
}
