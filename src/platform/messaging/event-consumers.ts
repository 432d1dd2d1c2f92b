import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService, type Tx } from '../database/prisma.service';
import type { DomainEvent, StoredEvent } from './domain-event';

/**
 * Something that reacts to domain events (the search projector, report writers...).
 * Delivery is at least once; the registry makes each (consumer, event) pair take effect once
 * by recording it in `processed_event` in the same transaction as the consumer's writes.
 * `E` is the union of the events it handles: its `handle` switches on `type` and ends in
 * `assertNever`, and `eventTypes` is built with `eventTypes<E>()`, so neither can miss one.
 */
export interface EventConsumer<E extends DomainEvent = DomainEvent> {
  /** Stable name: its queue is `events.<name>`, and handled events are tracked under it. */
  readonly name: string;
  readonly eventTypes: readonly E['type'][];
  handle(event: StoredEvent<E>, tx: Tx): Promise<void>;
}

/** Job data on a consumer's queue: the event id (the event is re-read from PostgreSQL) and the request that recorded it. */
export interface EventJob {
  eventId: string;
  /** Logged with every line of the delivery (see `runJob`); absent when no request recorded the event. */
  requestId?: string;
}

export const eventQueueName = (consumer: string) => `events.${consumer}`;

@Injectable()
export class EventConsumerRegistry {
  private readonly consumers = new Map<string, EventConsumer>();

  constructor(private readonly prisma: PrismaService) {}

  /** Called by consumers from `onModuleInit`, before the relay and workers start. */
  register<E extends DomainEvent>(consumer: EventConsumer<E>): void {
    if (this.consumers.has(consumer.name)) throw new DuplicateConsumerError(consumer.name);
    this.consumers.set(consumer.name, consumer as unknown as EventConsumer);
  }

  all(): EventConsumer[] {
    return [...this.consumers.values()];
  }

  subscribersOf(eventType: string): EventConsumer[] {
    return this.all().filter((c) => c.eventTypes.includes(eventType));
  }

  /** Runs one consumer on one event, once: a repeated delivery is a no-op. Returns whether it ran. */
  async deliver(consumerName: string, eventId: bigint): Promise<boolean> {
    const consumer = this.consumers.get(consumerName);
    if (!consumer) throw new UnknownConsumerError(consumerName);
    return this.prisma.$transaction(
      async (tx) => {
        const row = await tx.outboxEvent.findUnique({ where: { id: eventId } });
        // Pruned after every subscriber processed it (see DeliveryTracker.prune): a stale job, nothing to do.
        if (!row) return false;
        const claimed = await tx.$executeRaw`INSERT INTO processed_event (consumer, event_id) VALUES (${consumerName}, ${eventId}) ON CONFLICT DO NOTHING`;
        if (claimed === 0) return false;
        // The relay routes an event only to consumers that list its type, so the row is one of theirs.
        await consumer.handle({ ...row, payload: row.payload as Prisma.JsonObject }, tx);
        return true;
      },
      { timeout: 60_000 },
    );
  }
}

export class DuplicateConsumerError extends Error {
  constructor(name: string) {
    super(`an event consumer named "${name}" is already registered`);
    this.name = 'DuplicateConsumerError';
  }
}

export class UnknownConsumerError extends Error {
  constructor(name: string) {
    super(`no event consumer named "${name}"`);
    this.name = 'UnknownConsumerError';
  }
}
