import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ImportPreviewRow, ImportRowError, ImportSummary } from '../../../../contracts/imports';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { PrismaService, type Tx } from '../../../../platform/database/prisma.service';
import { invalidField } from '../../../../platform/http/app-error';
import { CompanyNotFoundError } from '../../../companies';
import { cellsByKey, matchHeader } from '../../domain/columns';
import { readTableInThread, type TableInThread } from '../../domain/read-table-in-thread';
import { ImportsBusyError, NoRowsError } from '../../imports.errors';
import { AdvisoryLock } from '../../../../platform/database/locks';
import { CompanyNotApprovedError, PENDING_COMPANY_CANNOT_IMPORT } from '../../../../platform/cqrs/company-scope';
import { type ImportKindHandler, type ImportScope, type ParsedRow, type RowOutcome } from '../../kinds/import-kind';
import { IMPORT_KINDS } from '../../kinds/import-kinds';
import { IMPORT_SELECT, PREVIEW_ROW_SELECT, toImportJob, toPreviewRow } from '../../queries/import-view';
import { ConfirmImportCommand } from '../confirm-import/confirm-import.command';
import { UploadImportCommand } from './upload-import.command';

/** Files checked at once: over every company (a 2-core machine parses two at full speed), and per company. */
export const IMPORT_CONCURRENCY = { overall: 3, perCompany: 1 } as const;
/** What a company not yet approved may check (a dry run only). */
const PENDING_COMPANY_MAX_BYTES = 1024 * 1024;
const PENDING_COMPANY_SMALL_FILES = 'Tu empresa aún no está aprobada: mientras tanto puedes revisar archivos de hasta 1 MB.';

/** One of `slots` advisory locks of this transaction (keys `key(0..slots-1)`), or `busy` when all are taken. */
async function takeSlot(tx: Tx, lock: AdvisoryLock, slots: number, key: (slot: number) => number, busy: () => Error): Promise<void> {
  for (let slot = 0; slot < slots; slot++) {
    const [{ taken }] = await tx.$queryRaw<{ taken: boolean }[]>`SELECT pg_try_advisory_xact_lock(${lock}::int, ${key(slot)}::int) AS taken`;
    if (taken) return;
  }
  throw busy();
}

/**
 * Rows checked and stored per round trip. Each chunk's rows live while the database compares and stores them, long
 * enough for V8 to move them to the old generation: 500 at a time keep that garbage, and the heap, smaller than 2,000.
 */
export const DRY_RUN_CHUNK = 500;
const PREVIEW_ROWS = 200;
/**
 * Bytes of the original file per `import_file_chunk` row. Prisma hands a statement's values to its query compiler
 * (WebAssembly, whose memory grows to the largest statement and is never given back) as base64 in JSON: 1 MB pieces
 * left it 20-30 MB larger for the life of the process. 64 kB pieces are no larger than a statement of the dry run's.
 */
const FILE_PIECE = 64 * 1024;
/**
 * Dry-run rows per INSERT statement. Their JSON stays under V8's large-object size (128 kB), so each statement's
 * strings die young instead of piling up in the large-object space until a full collection, and the query
 * compiler's memory stays small (see FILE_PIECE). At 400 rows Prisma's request (the JSON escaped once more) was
 * 130-146 kB: large objects again.
 */
const INSERT_ROWS = 300;

/** A row as `import_row` keeps it. */
interface CheckedRow {
  row: number;
  status: RowOutcome['status'];
  label: string;
  data: unknown;
  errors: ImportRowError[];
  price?: RowOutcome['price'];
  review?: RowOutcome['review'];
}

@CommandHandler(UploadImportCommand)
export class UploadImportHandler implements ICommandHandler<UploadImportCommand> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly commands: CommandBus,
  ) {}

  async execute({ ctx, kind, file, options }: UploadImportCommand) {
    let table: TableInThread | undefined;
    try {
      const handler = IMPORT_KINDS[kind];
      const companyId = handler.companyOwned ? await this.targetCompany(ctx.actor, options.companyId) : null;
      await this.mayImport(ctx.actor, file.size, options.confirm);

      const importId = await this.prisma.$transaction(
        async (tx) => {
          // A slot first: a burst of files (even tiny hostile ones) is checked a few at a time, the rest told to wait.
          await takeSlot(tx, AdvisoryLock.ImportSlot, IMPORT_CONCURRENCY.overall, (slot) => slot, () => new ImportsBusyError(false));
          await takeSlot(tx, AdvisoryLock.ImportCompanySlot, IMPORT_CONCURRENCY.perCompany, (slot) => (companyId ?? 0) * 8 + slot, () => new ImportsBusyError(true));
          // Read in a thread of its own, under a heap ceiling and a time limit (READER_LIMITS): no file exhausts this process.
          table = await readTableInThread(file.path, file.size, { sheet: options.sheet });
          const positions = matchHeader(handler.columns, table.header, (handler.oneOf ?? []) as string[][]);
          const job = await tx.importJob.create({
            data: {
              kind, status: 'VALIDATED', companyId, createdById: ctx.actor.personId, fileName: file.originalName.slice(0, 255), fileSize: file.size,
              format: table.format, sheet: table.sheet?.slice(0, 100) ?? null, allOrNothing: options.allOrNothing,
              context: { actor: { ...ctx.actor }, ip: ctx.ip } as unknown as Prisma.InputJsonObject,
              rowsTotal: 0, toCreate: 0, toUpdate: 0, unchanged: 0, withErrors: 0, largePriceChanges: 0,
            },
            select: { id: true },
          });
          const scope: ImportScope = { importId: job.id, companyId, actor: ctx.actor };
          let lookups = await handler.prepare(tx, scope);
          if (handler.withColumns) lookups = handler.withColumns(lookups, [...positions.keys()]);
          const summary = await this.checkRows(tx, handler, scope, lookups, table.rows, positions);
          if (summary.rows === 0) throw new NoRowsError();
          await this.keepFile(tx, job.id, file.path);
          await tx.importJob.update({ where: { id: job.id }, data: { rowsTotal: summary.rows, toCreate: summary.toCreate, toUpdate: summary.toUpdate, unchanged: summary.unchanged, withErrors: summary.withErrors, largePriceChanges: summary.largePriceChanges, flagged: summary.flagged } });
          return job.id;
        },
        // A dry run of 200,000 rows: the rows are kept in the same transaction, so a file that fails half-way leaves nothing.
        { timeout: 10 * 60_000, maxWait: 10_000 },
      );

      const preview = (await this.prisma.importRow.findMany({ where: { importId }, select: PREVIEW_ROW_SELECT, orderBy: { row: 'asc' }, take: PREVIEW_ROWS })).map(toPreviewRow);
      const job = toImportJob(await this.prisma.importJob.findUniqueOrThrow({ where: { id: importId }, select: IMPORT_SELECT }));
      const canConfirm = job.summary.rows > job.summary.withErrors && !(options.allOrNothing && job.summary.withErrors > 0);
      // A script's confirm=true on a file where no row can be imported keeps the dry run to look at, rather than a 422;
      // with "todo o nada" and errors, confirming records the import as REJECTED.
      const confirm = options.confirm && (canConfirm || options.allOrNothing);
      const queued = confirm ? await this.commands.execute(new ConfirmImportCommand(ctx, importId, options.allOrNothing)) : job;
      return { import: queued, preview: preview satisfies ImportPreviewRow[], canConfirm };
    } finally {
      await table?.close();
      await rm(file.path, { force: true });
    }
  }

  /**
   * A provider of a company an administrator has not approved may check a small file (to see how it
   * reads), not import it: its rows would be prices nobody has vetted the company for.
   */
  private async mayImport(actor: Actor, size: number, confirm: boolean): Promise<void> {
    if (actor.profile === 'ADM' || actor.companyId === null) return;
    const company = await this.prisma.company.findUnique({ where: { id: actor.companyId }, select: { status: true } });
    if (company?.status === 'APPROVED') return;
    if (confirm) throw new CompanyNotApprovedError(PENDING_COMPANY_CANNOT_IMPORT);
    if (size > PENDING_COMPANY_MAX_BYTES) throw new CompanyNotApprovedError(PENDING_COMPANY_SMALL_FILES);
  }

  /** An administrator names the company; a provider imports into its own (another one is not there: 404). */
  private async targetCompany(actor: Actor, requested: number | undefined): Promise<number> {
    if (actor.profile !== 'ADM') {
      if (actor.companyId === null || (requested !== undefined && requested !== actor.companyId)) throw new CompanyNotFoundError();
      return actor.companyId;
    }
    if (requested === undefined) throw invalidField('companyId', 'Indica la empresa cuyos datos importas.');
    if (!(await this.prisma.company.findUnique({ where: { id: requested }, select: { id: true } }))) throw new CompanyNotFoundError();
    return requested;
  }

  /** Reads every row, checks it on its own, against the others (duplicates) and against what is stored; keeps them all. */
  private async checkRows(tx: Tx, handler: ImportKindHandler, scope: ImportScope, lookups: unknown, rows: AsyncIterable<{ row: number; cells: string[] }>, positions: Map<string, number>): Promise<ImportSummary> {
    const summary: ImportSummary = { rows: 0, toCreate: 0, toUpdate: 0, unchanged: 0, withErrors: 0, largePriceChanges: 0, flagged: 0 };
    const seen = new Map<string, number>();
    let chunk: ParsedRow<unknown>[] = [];
    const flush = async (batch: ParsedRow<unknown>[]) => {
      const valid = batch.filter((r) => r.data !== null) as { row: number; data: unknown; label: string }[];
      const outcomes = new Map((await handler.classify(tx, scope, valid, lookups)).map((o) => [o.row, o]));
      const checked: CheckedRow[] = batch.map((parsed) => {
        const outcome = outcomes.get(parsed.row);
        return outcome
          ? { row: parsed.row, status: outcome.status, label: parsed.label, data: parsed.data, errors: outcome.errors, price: outcome.price, review: outcome.review }
          : { row: parsed.row, status: 'ERROR', label: parsed.label, data: null, errors: parsed.errors };
      });
      for (const row of checked) {
        summary.rows += 1;
        if (row.status === 'CREATE') summary.toCreate += 1;
        else if (row.status === 'UPDATE') summary.toUpdate += 1;
        else if (row.status === 'UNCHANGED') summary.unchanged += 1;
        else summary.withErrors += 1;
        if (row.review?.flags.includes('LARGE_CHANGE')) summary.largePriceChanges += 1;
        if (row.review && row.review.flags.length > 0) summary.flagged += 1;
      }
      await insertRows(tx, scope.importId, checked);
    };
    // The file is read and checked while the previous chunk is compared and stored: Node and PostgreSQL work at once.
    let storing: Promise<void> = Promise.resolve();
    try {
      for await (const { row, cells } of rows) {
        const parsed = handler.parse(cellsByKey(positions, cells), row, lookups);
        if (parsed.data !== null) {
          const key = handler.key(parsed.data);
          const first = seen.get(key);
          if (first !== undefined) {
            parsed.errors.push({ row, column: null, value: null, code: 'DUPLICATE_ROW', message: `Repite la fila ${first}: cada ${handler.kind === 'laboratory-exam' ? 'examen va una vez por sucursal' : handler.kind === 'exam' ? 'código va una sola vez' : 'código de sucursal va una sola vez'}.` });
            parsed.data = null;
          } else seen.set(key, row);
        }
        chunk.push(parsed);
        if (chunk.length >= DRY_RUN_CHUNK) {
          await storing;
          storing = flush(chunk);
          chunk = [];
        }
      }
    } catch (error) {
      // The reading failed (too many rows, unreadable): the chunk being stored is moot, the transaction rolls back.
      await storing.catch(() => undefined);
      throw error;
    }
    await storing;
    if (chunk.length > 0) await flush(chunk);
    return summary;
  }

  /** The original file, in FILE_PIECE pieces, for download from any process (API replicas, workers). */
  private async keepFile(tx: Tx, importId: number, path: string): Promise<void> {
    let seq = 0;
    for await (const piece of createReadStream(path, { highWaterMark: FILE_PIECE })) {
      // createMany: a create answers with the row, and the adapter turns a bytea it reads back into an array of numbers
      // (64 kB → a 512 kB array, grown in steps in the large-object space): 20 MB of garbage per 2 MB file.
      await tx.importFileChunk.createMany({ data: [{ importId, seq: seq++, data: new Uint8Array(piece as Buffer) }] });
    }
  }
}

/** A statement per INSERT_ROWS rows of the chunk: the rows travel as one JSON parameter. */
async function insertRows(tx: Tx, importId: number, rows: CheckedRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_ROWS) await insertSome(tx, importId, rows.slice(start, start + INSERT_ROWS));
}

async function insertSome(tx: Tx, importId: number, rows: CheckedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      r: r.row, s: r.status, l: r.label.slice(0, 300), d: r.data, e: r.errors.length ? r.errors : null,
      pp: r.price?.previous ?? null, np: r.price?.next ?? null, lg: r.review?.flags.includes('LARGE_CHANGE') ?? false,
      fa: r.review?.fonasaArancel ?? null, rm: r.review?.regionMedian ?? null, f: r.review?.flags ?? [],
    })),
  );
  await tx.$executeRaw`
    INSERT INTO import_row (import_id, row, status, label, data, errors, previous_price, next_price, large_price_change, fonasa_arancel, region_median, flags)
    SELECT ${importId}, r, s, l, d, e, pp, np, lg, fa, rm, ARRAY(SELECT jsonb_array_elements_text(f))::varchar(20)[]
    FROM jsonb_to_recordset(${json}::jsonb) AS t(r int, s text, l text, d jsonb, e jsonb, pp int, np int, lg boolean, fa int, rm int, f jsonb)`;
}
