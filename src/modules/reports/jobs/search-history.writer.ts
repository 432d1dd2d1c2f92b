import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { Prisma } from '../../../generated/prisma/client';
import { PrismaService } from '../../../platform/database/prisma.service';
import { JOB_QUEUE, QueueName, type Job, type JobQueue } from '../../../platform/messaging/job-queue';

/** One search as the reports see it: its filters, how many results, how long, who, and what was shown. */
export interface SearchHistoryJob {
  filters: Prisma.InputJsonObject;
  resultCount: number;
  tookMs: number;
  session: number | null;
  personId: number | null;
  laboratories: { laboratoryId: number; position: number; total: number | null }[];
}

/** Writes the search and result history, off the request path, in the worker roles. */
@Injectable()
export class SearchHistoryWriter implements OnApplicationBootstrap {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.queue.process<SearchHistoryJob>(QueueName.SearchHistory, (job) => this.write(job), { concurrency: 4 });
  }

  async write({ id, data }: Job<SearchHistoryJob>): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      // A retried job must not write twice: its id is kept with the search.
      const exists = await tx.searchHistory.findFirst({ where: { jobId: id }, select: { id: true } });
      if (exists) return;
      const person = data.personId ? await tx.person.findUnique({ where: { id: data.personId }, select: { id: true } }) : null;
      const search = await tx.searchHistory.create({
        data: { jobId: id, filters: data.filters, resultCount: data.resultCount, tookMs: data.tookMs, session: data.session === null ? null : BigInt(data.session), personId: person?.id ?? null },
      });
      const laboratories = await tx.laboratory.findMany({ where: { id: { in: data.laboratories.map((l) => l.laboratoryId) } }, select: { id: true } });
      const existing = new Set(laboratories.map((l) => l.id));
      await tx.resultHistory.createMany({
        data: data.laboratories.filter((l) => existing.has(l.laboratoryId)).map((l) => ({ searchHistoryId: search.id, laboratoryId: l.laboratoryId, position: l.position, total: l.total })),
      });
    });
  }
}
