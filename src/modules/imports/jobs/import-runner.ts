import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { ImportKind } from '../../../contracts/imports';
import type { Prisma } from '../../../generated/prisma/client';
import type { CommandContext } from '../../../platform/cqrs/command-context';
import { UnitOfWork } from '../../../platform/cqrs/unit-of-work';
import { PrismaService, type Tx } from '../../../platform/database/prisma.service';
import { JOB_ATTEMPTS, JOB_QUEUE, QueueName, type Job, type JobQueue } from '../../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../../platform/platform.tokens';
import { enqueueImport, type ImportJobData } from '../commands/confirm-import/confirm-import.handler';
import type { ImportKindHandler, ImportScope, RowOutcome } from '../kinds/import-kind';
import { IMPORT_KINDS } from '../kinds/import-kinds';
import { ImportFinished } from '../imports.events';

/** Rows written per transaction; each chunk commits with its checkpoint. */
export const COMMIT_CHUNK = 5000;

/** "Todo o nada": a row failed when re-checked at commit time, so the whole import rolls back. */
class AllOrNothingAbort extends Error {
  constructor(readonly failures: RowOutcome[]) {
    super('a row failed in an all-or-nothing import');
  }
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Prices left waiting for an administrator's authorization. */
  pending: number;
}

/**
 * Runs confirmed imports on `QueueName.Imports` (worker roles). The rows were checked and kept by
 * the dry run; the runner applies them in chunks of `COMMIT_CHUNK`, each in one transaction with
 * the import's checkpoint (`last_row`) and counts, under a lock of the import's row. So a worker
 * killed mid-import leaves whole chunks committed and a checkpoint that says which, and whoever
 * runs the import next (BullMQ's re-delivery of the stalled job, or the re-queue when a worker
 * starts) goes on from there: no row is applied twice or skipped, even if two run at once.
 */
@Injectable()
export class ImportRunner implements OnApplicationBootstrap {
  private readonly log: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly uow: UnitOfWork,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'imports' });
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.queue.process<ImportJobData>(QueueName.Imports, (job) => this.handle(job), { concurrency: 1 });
    void this.resumeUnfinished().catch((err: unknown) => this.log.error({ err }, 'could not re-queue unfinished imports'));
  }

  /** Imports left QUEUED or RUNNING by a process that stopped: queued again (a duplicate run is harmless). */
  async resumeUnfinished(): Promise<void> {
    const unfinished = await this.prisma.importJob.findMany({ where: { status: { in: ['QUEUED', 'RUNNING'] } }, select: { id: true } });
    for (const { id } of unfinished) {
      this.log.info({ importId: id }, 'resuming an unfinished import');
      await enqueueImport(this.queue, id, `import-${id}-resume-${Date.now()}`, this.log);
    }
  }

  private async handle(job: Job<ImportJobData>): Promise<void> {
    try {
      await this.run(job.data.importId);
    } catch (error) {
      if (job.attempt >= JOB_ATTEMPTS) {
        await this.uow.run(null, async (tx, changes) => {
          const { count } = await tx.importJob.updateMany({
            where: { id: job.data.importId, status: 'RUNNING' },
            data: { status: 'FAILED', finishedAt: new Date(), failureMessage: 'La importación se detuvo por un error del servidor; las filas ya importadas se mantienen. Vuelve a subir el archivo para completar el resto.' },
          });
          if (count > 0) changes.record(ImportFinished({ importId: job.data.importId, status: 'FAILED' }));
        });
      }
      throw error;
    }
  }

  /** Runs (or goes on with) one import; returns when it is finished or not runnable. */
  async run(importId: number): Promise<void> {
    const job = await this.prisma.importJob.findUnique({ where: { id: importId }, select: { id: true, kind: true, status: true, companyId: true, allOrNothing: true, context: true, lastRow: true } });
    if (!job || (job.status !== 'QUEUED' && job.status !== 'RUNNING')) return;
    await this.prisma.importJob.updateMany({ where: { id: importId, status: 'QUEUED' }, data: { status: 'RUNNING', startedAt: new Date() } });
    const ctx = job.context as unknown as CommandContext;
    const handler = IMPORT_KINDS[job.kind as ImportKind];
    const scope: ImportScope = { importId, companyId: job.companyId, actor: ctx.actor };
    const lookups = await handler.prepare(this.prisma, scope);
    if (job.allOrNothing) return this.runAllOrNothing(ctx, handler, scope, lookups);
    return this.runChunks(ctx, handler, scope, lookups, job.lastRow);
  }

  private async runChunks(ctx: CommandContext, handler: ImportKindHandler, scope: ImportScope, lookups: unknown, lastRow: number): Promise<void> {
    const { importId } = scope;
    // The next chunk's rows are read while the current one commits (they are only ever written by the chunk that
    // applies them); each chunk's transaction checks the checkpoint is where the read assumed, or reads again.
    let after = lastRow;
    let next = this.readRows(importId, after);
    for (;;) {
      const rows = await next;
      if (rows.length > 0) next = this.readRows(importId, rows[rows.length - 1].row);
      const outcome = await this.runChunk(ctx, handler, scope, lookups, after, rows);
      if (outcome === 'stopped') return;
      if (typeof outcome === 'number') {
        after = outcome;
        next = this.readRows(importId, after);
      } else after = rows[rows.length - 1].row;
    }
  }

  private readRows(importId: number, after: number) {
    const read = this.prisma.importRow.findMany({ where: { importId, row: { gt: after } }, select: { row: true, status: true, data: true, excluded: true }, orderBy: { row: 'asc' }, take: COMMIT_CHUNK });
    // A read ahead that is never awaited (the import stopped) must not surface as an unhandled rejection.
    read.catch(() => undefined);
    return read;
  }

  /**
   * Commits the chunk of rows after `after` with the checkpoint. Answers 'stopped' when the import is finished or no
   * longer running, 'applied', or the actual checkpoint when another runner moved it (the rows read are stale).
   */
  private runChunk(ctx: CommandContext, handler: ImportKindHandler, scope: ImportScope, lookups: unknown, after: number, rows: { row: number; status: string; data: unknown; excluded: boolean }[]): Promise<'stopped' | 'applied' | number> {
    return this.uow.run(
      ctx,
      async (tx, changes) => {
        const [state] = await tx.$queryRaw<{ status: string; lastRow: number }[]>`SELECT status, last_row AS "lastRow" FROM import_job WHERE id = ${scope.importId} FOR UPDATE`;
        if (!state || state.status !== 'RUNNING') return 'stopped';
        if (state.lastRow !== after) return state.lastRow;
        if (rows.length === 0) {
          await handler.refreshStatistics?.(tx);
          await tx.importJob.update({ where: { id: scope.importId }, data: { status: 'COMPLETED', finishedAt: new Date() } });
          changes.record(ImportFinished({ importId: scope.importId, status: 'COMPLETED' }));
          return 'stopped';
        }
        // Rows in error and rows the person left out at the confirmation are not applied; only errors count as failed.
        const valid = rows.filter((r) => r.status !== 'ERROR' && !r.excluded).map((r) => ({ row: r.row, data: r.data }));
        const outcomes = valid.length > 0 ? await handler.apply(tx, changes, scope, valid, lookups) : [];
        const counts = countOutcomes(outcomes, rows.filter((r) => r.status === 'ERROR').length);
        await recordLateErrors(tx, scope.importId, outcomes);
        await tx.importJob.update({
          where: { id: scope.importId },
          data: {
            lastRow: rows[rows.length - 1].row, rowsDone: { increment: rows.length },
            created: { increment: counts.created }, updated: { increment: counts.updated }, unchangedDone: { increment: counts.unchanged }, failed: { increment: counts.failed }, pendingAuthorization: { increment: counts.pending },
          },
        });
        return 'applied';
      },
      { timeout: 120_000 },
    );
  }

  /** Every chunk in one transaction: any row failing its commit-time check rolls all of it back. */
  private async runAllOrNothing(ctx: CommandContext, handler: ImportKindHandler, scope: ImportScope, lookups: unknown): Promise<void> {
    try {
      await this.uow.run(
        ctx,
        async (tx, changes) => {
          const [state] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM import_job WHERE id = ${scope.importId} FOR UPDATE`;
          if (!state || state.status !== 'RUNNING') return;
          const total: Counts = { created: 0, updated: 0, unchanged: 0, failed: 0, pending: 0 };
          let lastRow = 0;
          for (;;) {
            const rows = await tx.importRow.findMany({ where: { importId: scope.importId, row: { gt: lastRow } }, select: { row: true, status: true, data: true, excluded: true }, orderBy: { row: 'asc' }, take: COMMIT_CHUNK });
            if (rows.length === 0) break;
            const outcomes = await handler.apply(tx, changes, scope, rows.filter((r) => !r.excluded).map((r) => ({ row: r.row, data: r.data })), lookups);
            const failures = outcomes.filter((o) => o.status === 'ERROR');
            if (failures.length > 0 || rows.some((r) => r.status === 'ERROR')) throw new AllOrNothingAbort(failures);
            const counts = countOutcomes(outcomes, 0);
            for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += counts[key];
            lastRow = rows[rows.length - 1].row;
          }
          await handler.refreshStatistics?.(tx);
          await tx.importJob.update({
            where: { id: scope.importId },
            data: { status: 'COMPLETED', finishedAt: new Date(), lastRow, rowsDone: { set: await tx.importRow.count({ where: { importId: scope.importId } }) }, created: total.created, updated: total.updated, unchangedDone: total.unchanged, failed: 0, pendingAuthorization: total.pending },
          });
          changes.record(ImportFinished({ importId: scope.importId, status: 'COMPLETED' }));
        },
        { timeout: 10 * 60_000 },
      );
    } catch (error) {
      if (!(error instanceof AllOrNothingAbort)) throw error;
      await this.uow.run(null, async (tx, changes) => {
        await recordLateErrors(tx, scope.importId, error.failures);
        const rows = await tx.importRow.count({ where: { importId: scope.importId } });
        const withErrors = await tx.importRow.count({ where: { importId: scope.importId, status: 'ERROR' } });
        await tx.importJob.update({ where: { id: scope.importId }, data: { status: 'REJECTED', finishedAt: new Date(), rowsDone: rows, failed: rows, withErrors, created: 0, updated: 0, unchangedDone: 0 } });
        changes.record(ImportFinished({ importId: scope.importId, status: 'REJECTED' }));
      });
    }
  }
}

function countOutcomes(outcomes: RowOutcome[], alreadyFailed: number): Counts {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0, failed: alreadyFailed, pending: 0 };
  for (const outcome of outcomes) {
    if (outcome.pending) counts.pending += 1;
    if (outcome.status === 'CREATE') counts.created += 1;
    else if (outcome.status === 'UPDATE') counts.updated += 1;
    else if (outcome.status === 'UNCHANGED') counts.unchanged += 1;
    else counts.failed += 1;
  }
  return counts;
}

/** Rows valid at the dry run that failed at commit time (a branch or exam gone since): into the error file. */
async function recordLateErrors(tx: Tx, importId: number, outcomes: RowOutcome[]): Promise<void> {
  for (const outcome of outcomes.filter((o) => o.status === 'ERROR')) {
    await tx.importRow.update({ where: { importId_row: { importId, row: outcome.row } }, data: { status: 'ERROR', errors: outcome.errors as unknown as Prisma.InputJsonArray } });
  }
}
