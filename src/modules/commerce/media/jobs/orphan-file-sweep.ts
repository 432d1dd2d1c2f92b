import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { AdvisoryLock } from '../../../../platform/database/locks';
import { PeriodicWork } from '../../../../platform/jobs/periodic';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { ROOT_LOGGER } from '../../../../platform/platform.tokens';
import { FILE_STORAGE, type FileStorage } from '../infrastructure/file-storage';
import { storedKeysOf } from '../infrastructure/stored-keys';

const SWEEP_EVERY_MS = 3600_000;
/** Rows handled per statement: short transactions. */
const BATCH = 500;

/**
 * Removes what no one can reach any more, once it is older than FILE_ORPHAN_GRACE_HOURS (an upload
 * waits that long for the form that will use it):
 * - file rows no banner, slider, category or product uses, with their bytes;
 * - bytes in storage without a row (an upload that crashed before its row, a delete whose bytes
 *   could not be removed).
 * Runs in the worker roles, one worker at a time.
 */
@Injectable()
export class OrphanFileSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: Logger;
  private readonly periodic: PeriodicWork;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'media' });
    this.periodic = new PeriodicWork('orphan file sweep', () => this.sweep(), this.log, this.prisma);
  }

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.role, SWEEP_EVERY_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One sweep; `now` is for tests. Answers how many rows and stray stored objects went. */
  async sweep(now = new Date()): Promise<{ rows: number; strays: number }> {
    const before = new Date(now.getTime() - this.config.files.orphanGraceMs);
    let rows = 0;
    for (;;) {
      const gone = await this.prisma.$transaction(async (tx) => {
        const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${AdvisoryLock.FileSweep}) AS ok`;
        if (!lock.ok) return null;
        // FOR UPDATE SKIP LOCKED: a form saving one of these files right now keeps it.
        return tx.$queryRaw<{ storage_key: string; width: number | null }[]>`
          DELETE FROM file WHERE id IN (
            SELECT f.id FROM file f
            WHERE f.created_at < ${before}
              AND NOT EXISTS (SELECT 1 FROM product p WHERE p.cover_file_id = f.id)
              AND NOT EXISTS (SELECT 1 FROM category c WHERE c.cover_file_id = f.id)
              AND NOT EXISTS (SELECT 1 FROM banner b WHERE b.image_file_id = f.id)
              AND NOT EXISTS (SELECT 1 FROM slider s WHERE s.image_file_id = f.id)
            ORDER BY f.id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING storage_key, width`;
      });
      if (gone === null) return { rows, strays: 0 };
      await this.storage.delete(gone.flatMap((f) => storedKeysOf({ storageKey: f.storage_key, width: f.width })));
      rows += gone.length;
      if (gone.length < BATCH) break;
    }
    const strays = await this.sweepStrays(before);
    if (rows + strays > 0) this.log.info({ rows, strays }, 'removed orphan files');
    return { rows, strays };
  }

  private async sweepStrays(before: Date): Promise<number> {
    let strays = 0;
    let pending: { key: string; base: string }[] = [];
    const flush = async () => {
      const bases = [...new Set(pending.map((p) => p.base))];
      const known = new Set((await this.prisma.file.findMany({ where: { storageKey: { in: bases } }, select: { storageKey: true } })).map((f) => f.storageKey));
      const stray = pending.filter((p) => !known.has(p.base)).map((p) => p.key);
      if (stray.length > 0) await this.storage.delete(stray);
      strays += stray.length;
      pending = [];
    };
    for await (const object of this.storage.list()) {
      if (object.lastModified >= before) continue;
      // A variant (`key@640.webp`) or a half-written `.part` belongs to its original's key.
      const base = object.key.replace(/@\d+\.webp$/, '').replace(/\.\d+\.part$/, '');
      pending.push({ key: object.key, base });
      if (pending.length >= BATCH) await flush();
    }
    if (pending.length > 0) await flush();
    return strays;
  }
}
