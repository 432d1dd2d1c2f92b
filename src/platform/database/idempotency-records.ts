import { Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** How long a first answer is kept and replayed; the sweep deletes older records. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first request still marked running after this long died with its process: the key may be used again. */
const ABANDONED_AFTER_MINUTES = 10;

/** One caller's key: `person:<id>` or `key:<api key id>`, and the `Idempotency-Key` it sent. */
export interface IdempotencyClaim {
  caller: string;
  key: string;
}

/** The `idempotency_record` table behind the Idempotency-Key interceptor (platform/http/idempotency.ts). */
@Injectable()
export class IdempotencyRecords {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes the key for a request about to run: true when this request is the first (or the record it finds expired,
   * or was abandoned by a process that died); false when another request holds or answered it.
   */
  async claim(claim: IdempotencyClaim, method: string, path: string, requestHash: string): Promise<boolean> {
    const claimed = await this.prisma.$queryRaw<unknown[]>`
      INSERT INTO idempotency_record (caller, key, method, path, request_hash, created_at)
      VALUES (${claim.caller}, ${claim.key}, ${method}, ${path}, ${requestHash}, now())
      ON CONFLICT (caller, key) DO UPDATE
        SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash, status = NULL, response = NULL,
            created_at = now(), completed_at = NULL
        WHERE idempotency_record.created_at < now() - make_interval(secs => ${IDEMPOTENCY_TTL_HOURS * 3600})
           OR (idempotency_record.status IS NULL AND idempotency_record.created_at < now() - make_interval(secs => ${ABANDONED_AFTER_MINUTES * 60}))
      RETURNING 1`;
    return claimed.length > 0;
  }

  find(claim: IdempotencyClaim) {
    return this.prisma.idempotencyRecord.findUnique({ where: { caller_key: claim } });
  }

  /** The first request's answer, to replay. */
  async keep(claim: IdempotencyClaim, status: number, response: string): Promise<void> {
    await this.prisma.idempotencyRecord.update({ where: { caller_key: claim }, data: { status, response, completedAt: new Date() } });
  }

  /** The first request failed (or answered with a stream): nothing to replay, the key is free again. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.prisma.idempotencyRecord.deleteMany({ where: { ...claim, status: null } });
  }
}
