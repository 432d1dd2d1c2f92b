import type { ImportJob, ImportKind, ImportPreviewRow, ImportPriceFlag, ImportRowError, ImportRowStatus, ImportStatus } from '../../../contracts/imports';
import type { Prisma } from '../../../generated/prisma/client';
import type { Actor } from '../../../platform/auth/actor';
import type { PrismaService, Tx } from '../../../platform/database/prisma.service';
import { ImportNotFoundError } from '../imports.errors';

export const IMPORT_SELECT = {
  id: true, kind: true, status: true, fileName: true, fileSize: true, format: true, sheet: true, allOrNothing: true,
  rowsTotal: true, toCreate: true, toUpdate: true, unchanged: true, withErrors: true, largePriceChanges: true, flagged: true,
  rowsDone: true, created: true, updated: true, unchangedDone: true, failed: true, excluded: true, pendingAuthorization: true, failureMessage: true,
  createdAt: true, startedAt: true, finishedAt: true,
  company: { select: { id: true, tradeName: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} as const satisfies Prisma.ImportJobSelect;

type ImportRecord = Prisma.ImportJobGetPayload<{ select: typeof IMPORT_SELECT }>;

const FINISHED: ImportStatus[] = ['COMPLETED', 'FAILED', 'REJECTED'];

export function toImportJob(row: ImportRecord): ImportJob {
  const status = row.status as ImportStatus;
  const finished = FINISHED.includes(status);
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    status,
    company: row.company,
    fileName: row.fileName,
    fileSize: row.fileSize,
    format: row.format as ImportJob['format'],
    sheet: row.sheet,
    allOrNothing: row.allOrNothing,
    createdBy: row.createdBy ? { id: row.createdBy.id, name: `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() } : { id: 0, name: 'Usuario eliminado' },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    summary: { rows: row.rowsTotal, toCreate: row.toCreate, toUpdate: row.toUpdate, unchanged: row.unchanged, withErrors: row.withErrors, largePriceChanges: row.largePriceChanges, flagged: row.flagged },
    progress: { done: status === 'COMPLETED' ? row.rowsTotal : row.rowsDone, total: row.rowsTotal },
    // A FAILED import shows what it did before it stopped: those rows stay imported.
    result: finished ? { created: row.created, updated: row.updated, unchanged: row.unchangedDone, failed: row.failed, excluded: row.excluded, pendingAuthorization: row.pendingAuthorization } : null,
    failureMessage: row.failureMessage,
    errorFileUrl: row.withErrors > 0 || row.failed > 0 ? `/api/imports/${row.id}/errors.csv` : null,
    fileUrl: `/api/imports/${row.id}/file`,
  };
}

/** What a caller may see of imports: an administrator all, a provider its company's (never the catalogue's). */
export function importScope(actor: Actor): Prisma.ImportJobWhereInput {
  return actor.profile === 'ADM' ? {} : { companyId: actor.companyId ?? -1 };
}

/** One import the caller may see, or 404 (another company's import is not there for a provider). */
export async function findVisibleImport(db: PrismaService | Tx, actor: Actor, id: number): Promise<ImportJob> {
  const row = await db.importJob.findFirst({ where: { id, ...importScope(actor) }, select: IMPORT_SELECT });
  if (!row) throw new ImportNotFoundError();
  return toImportJob(row);
}

export interface StoredRow {
  row: number;
  status: string;
  label: string;
  errors: Prisma.JsonValue;
  previousPrice: number | null;
  nextPrice: number | null;
  largePriceChange: boolean;
  fonasaArancel: number | null;
  regionMedian: number | null;
  flags: string[];
  excluded: boolean;
}

export function toPreviewRow(row: StoredRow): ImportPreviewRow {
  return {
    row: row.row,
    status: row.status as ImportRowStatus,
    label: row.label,
    // A price row (of a price import) carries the price it sets and its review; the other kinds have neither.
    ...(row.nextPrice !== null && {
      price: { previous: row.previousPrice, next: row.nextPrice },
      review: { fonasaArancel: row.fonasaArancel, regionMedian: row.regionMedian, flags: row.flags as ImportPriceFlag[] },
    }),
    largePriceChange: row.largePriceChange,
    excluded: row.excluded,
    errors: (row.errors ?? []) as unknown as ImportRowError[],
  };
}

export const PREVIEW_ROW_SELECT = {
  row: true, status: true, label: true, errors: true, previousPrice: true, nextPrice: true, largePriceChange: true, fonasaArancel: true, regionMedian: true, flags: true, excluded: true,
} as const;
