import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { CompanyNotApprovedError, PENDING_COMPANY_CANNOT_IMPORT } from '../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { ImportFinished } from '../../imports.events';
import { invalidField } from '../../../../platform/http/app-error';
import { currentRequestId } from '../../../../platform/logging/log-context';
import { JOB_QUEUE, QueueName, type JobQueue } from '../../../../platform/messaging/job-queue';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { ImportNotPendingError, NothingToImportError } from '../../imports.errors';
import { findVisibleImport, importScope } from '../../queries/import-view';
import { ConfirmImportCommand } from './confirm-import.command';

/** Job data on `QueueName.Imports`: the import's id (the runner re-reads everything) and the request that confirmed it. */
export interface ImportJobData {
  importId: number;
  /** The job's lines, and the events it records, carry it (see `runJob`); absent when a worker resumes the import. */
  requestId?: string;
}

@CommandHandler(ConfirmImportCommand)
export class ConfirmImportHandler implements ICommandHandler<ConfirmImportCommand> {
  private readonly log: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly uow: UnitOfWork,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'imports' });
  }

  async execute({ ctx, importId, allOrNothing, excludeRows }: ConfirmImportCommand) {
    const job = await findVisibleImport(this.prisma, ctx.actor, importId);
    if (job.status !== 'VALIDATED') throw new ImportNotPendingError();
    // A provider's company must be approved to import what it checked (an administrator decides for any company).
    if (ctx.actor.profile !== 'ADM' && ctx.actor.companyId !== null) {
      const company = await this.prisma.company.findUnique({ where: { id: ctx.actor.companyId }, select: { status: true } });
      if (company?.status !== 'APPROVED') throw new CompanyNotApprovedError(PENDING_COMPANY_CANNOT_IMPORT);
    }
    const strict = allOrNothing ?? job.allOrNothing;
    const excluded = [...new Set(excludeRows)];
    // Only rows that would create or change a price can be left out (an error row is out already).
    if (excluded.length > 0) {
      const excludable = await this.prisma.importRow.count({ where: { importId, row: { in: excluded }, status: { in: ['CREATE', 'UPDATE'] } } });
      if (excludable !== excluded.length) throw invalidField('excludeRows', 'Solo puedes dejar fuera filas que crean o cambian un precio de esta importación.');
    }
    if (job.summary.withErrors + excluded.length >= job.summary.rows && !strict) throw new NothingToImportError();
    const rejected = strict && job.summary.withErrors > 0;
    // Only one confirmation wins when two arrive at once; its exclusions are written with it.
    await this.uow.run(ctx, async (tx, changes) => {
      const { count } = await tx.importJob.updateMany({
        where: { id: importId, status: 'VALIDATED', ...importScope(ctx.actor) },
        data: rejected
          ? { status: 'REJECTED', allOrNothing: true, failed: job.summary.rows, rowsDone: job.summary.rows, startedAt: new Date(), finishedAt: new Date() }
          : { status: 'QUEUED', allOrNothing: strict, excluded: excluded.length },
      });
      if (count === 0) throw new ImportNotPendingError();
      if (!rejected && excluded.length > 0) await tx.importRow.updateMany({ where: { importId, row: { in: excluded } }, data: { excluded: true } });
      if (rejected) changes.record(ImportFinished({ importId, status: 'REJECTED' }));
    });
    if (!rejected) await enqueueImport(this.queue, importId, `import-${importId}`, this.log);
    return findVisibleImport(this.prisma, ctx.actor, importId);
  }
}

/**
 * Hands an import to the queue. BullMQ accepts it durably; the in-process queue runs it before it
 * resolves, so there it is not awaited (the request answers at once and the screen polls progress).
 */
export async function enqueueImport(queue: JobQueue, importId: number, jobId: string, log: Logger): Promise<void> {
  const requestId = currentRequestId();
  const added = queue.addBulk<ImportJobData>(QueueName.Imports, [{ name: 'import', data: { importId, ...(requestId !== undefined && { requestId }) }, jobId }]);
  if (queue.kind === 'in-process') void added.catch((err: unknown) => log.error({ err, importId }, 'import job failed'));
  else await added;
}
