import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ImportRowError } from '../../../../contracts/imports';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { CSV_BOM, ERROR_FILE_HEADER, errorLine } from '../../domain/error-file';
import { ImportNotFoundError } from '../../imports.errors';
import { importScope } from '../import-view';

/** A file to send: its name, type and content as a stream of pieces (never held whole). */
export interface Download {
  fileName: string;
  contentType: string;
  content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

/** `errors.csv` (every row error, in file order) or `file` (the original upload). */
export class DownloadImportQuery extends Query<Download> {
  constructor(
    readonly actor: Actor,
    readonly importId: number,
    readonly what: 'errors' | 'file',
  ) {
    super();
  }
}

const PAGE = 2000;

@QueryHandler(DownloadImportQuery)
export class DownloadImportHandler implements IQueryHandler<DownloadImportQuery> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ actor, importId, what }: DownloadImportQuery): Promise<Download> {
    const job = await this.prisma.importJob.findFirst({ where: { id: importId, ...importScope(actor) }, select: { id: true, fileName: true, format: true } });
    if (!job) throw new ImportNotFoundError();
    if (what === 'file') {
      return {
        fileName: job.fileName,
        contentType: job.format === 'XLSX' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        content: this.pieces(importId),
      };
    }
    const base = job.fileName.replace(/\.[^.]*$/, '');
    return { fileName: `errores-${base}.csv`, contentType: 'text/csv; charset=utf-8', content: this.errorLines(importId) };
  }

  /**
   * The pieces as base64 text: Prisma's adapter reads a bytea column into an array of numbers (a 64 kB piece became a
   * 512 kB array, grown in steps in V8's large-object space), which a few downloads of a large file at once pile up.
   */
  private async *pieces(importId: number): AsyncGenerator<Uint8Array> {
    for (let seq = 0; ; seq++) {
      const [piece] = await this.prisma.$queryRaw<{ data: string }[]>`
        SELECT encode(data, 'base64') AS data FROM import_file_chunk WHERE import_id = ${importId} AND seq = ${seq}`;
      if (!piece) return;
      yield Buffer.from(piece.data, 'base64');
    }
  }

  private async *errorLines(importId: number): AsyncGenerator<string> {
    yield CSV_BOM + ERROR_FILE_HEADER;
    for (let after = 0; ; ) {
      const rows = await this.prisma.importRow.findMany({ where: { importId, status: 'ERROR', row: { gt: after } }, select: { row: true, errors: true }, orderBy: { row: 'asc' }, take: PAGE });
      if (rows.length === 0) return;
      yield rows.flatMap((r) => ((r.errors ?? []) as unknown as ImportRowError[]).map(errorLine)).join('');
      after = rows[rows.length - 1].row;
    }
  }
}
