import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../database/prisma.service';
import { currentRequestId } from '../logging/log-context';
import type { DomainEvent } from './domain-event';

/** PostgreSQL NOTIFY channel that wakes the relay when events commit. */
export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * Records domain events in the outbox table inside the caller's transaction: they become
 * visible to the relay only if, and when, that transaction commits.
 */
@Injectable()
export class Outbox {
  async record(tx: Tx, events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    // The request that caused them (or that caused the job recording them): their jobs log it (see log-context.ts).
    const requestId = currentRequestId() ?? null;
    await tx.outboxEvent.createMany({
      data: events.map((e) => ({ type: e.type, version: e.version, aggregateType: e.aggregateType, aggregateId: String(e.aggregateId), payload: e.payload as Prisma.InputJsonObject, requestId })),
    });
    // Delivered by PostgreSQL at commit, never for a rolled-back transaction.
    await tx.$executeRawUnsafe(`NOTIFY ${OUTBOX_CHANNEL}`);
  }
}
