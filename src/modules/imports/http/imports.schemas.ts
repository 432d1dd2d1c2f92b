import { z } from 'zod';
import { IMPORT_MAX_EXCLUDED } from '../../../contracts/imports';
import { blankAsAbsent, booleanField, idField, idList, pagingFields } from '../../../platform/http/fields';

const KINDS = ['laboratory', 'laboratory-exam', 'exam'] as const;
const STATUSES = ['VALIDATED', 'QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'REJECTED'] as const;
const ROW_STATUSES = ['CREATE', 'UPDATE', 'UNCHANGED', 'ERROR'] as const;

/** The multipart fields that come with `file` (ImportUploadFields). */
export const uploadImportBody = z.object({
  confirm: blankAsAbsent(booleanField),
  allOrNothing: blankAsAbsent(booleanField),
  sheet: blankAsAbsent(z.string().trim().max(100, 'Máximo 100 caracteres.')),
  companyId: blankAsAbsent(idField('la empresa')),
});

export const confirmImportBody = z.object({
  allOrNothing: blankAsAbsent(booleanField),
  /** Rows (file lines) to leave out; a line number is an id-like positive integer. */
  excludeRows: blankAsAbsent(idList('las filas', IMPORT_MAX_EXCLUDED)),
});

export const searchImportsBody = z.object({
  kind: blankAsAbsent(z.enum(KINDS, { message: 'Tipo de importación desconocido.' })),
  companyId: blankAsAbsent(idField('la empresa')),
  status: blankAsAbsent(z.enum(STATUSES, { message: 'Estado desconocido.' })),
  ...pagingFields,
});

export const searchImportRowsBody = z.object({
  status: blankAsAbsent(z.enum(ROW_STATUSES, { message: 'Estado de fila desconocido.' })),
  largePriceChange: blankAsAbsent(booleanField),
  flagged: blankAsAbsent(booleanField),
  ...pagingFields,
});

/** `laboratory-exam.csv` -> kind and format of a template. */
export const templateName = z
  .string()
  .regex(/^(laboratory|laboratory-exam|exam)\.(csv|xlsx)$/, 'Las plantillas son laboratory, laboratory-exam y exam, en .csv o .xlsx.')
  .transform((name) => {
    const [, kind, format] = /^(.+)\.(csv|xlsx)$/.exec(name)!;
    return { kind: kind as (typeof KINDS)[number], format: format as 'csv' | 'xlsx' };
  });

/** `GET /api/laboratory-exam-export?format=&laboratoryId=&companyId=`: a company's price list as the import's template. */
export const priceListExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'El formato es csv o xlsx.' }).default('csv'),
  laboratoryId: blankAsAbsent(idField('la sucursal')),
  companyId: blankAsAbsent(idField('la empresa')),
});
