import pino from 'pino';
import { PrismaService, type Tx } from '../../src/platform/database/prisma.service';
import { BullmqJobQueue } from '../../src/platform/messaging/bullmq-job-queue';
import { EventConsumerRegistry, eventQueueName, type EventConsumer, type EventJob } from '../../src/platform/messaging/event-consumers';
import { InProcessJobQueue } from '../../src/platform/messaging/in-process-job-queue';
import type { JobQueue } from '../../src/platform/messaging/job-queue';
import type { StoredEvent } from '../../src/platform/messaging/domain-event';
import { Outbox } from '../../src/platform/messaging/outbox';
import { OutboxRelay } from '../../src/platform/messaging/outbox-relay';
import { createTestDatabase, requiredEnv, testRedisPrefix, type TestDatabase } from '../support/databases';
import { TcpProxy } from '../support/tcp-proxy';
import { waitFor } from '../support/wait';

const log = pino({ level: 'silent' });

/** A consumer whose effect is a row in the consumer's own transaction, like a real projector's. */
class RecordingConsumer implements EventConsumer {
  readonly name = 'test-recorder';
  readonly eventTypes = ['PriceChanged'] as const;
  readonly handledIds: bigint[] = [];

  async handle(event: StoredEvent, tx: Tx): Promise<void> {
    this.handledIds.push(event.id);
    await tx.appMeta.create({ data: { key: `effect:${event.id}`, value: event.payload } });
  }
}

async function effects(prisma: PrismaService) {
  return prisma.appMeta.findMany({ where: { key: { startsWith: 'effect:' } }, orderBy: { key: 'asc' } });
}


/** A command's write and its event, in one transaction; `fail` rolls it back after recording. */
async function changePrice(prisma: PrismaService, outbox: Outbox, price: number, fail = false) {
  await prisma.$transaction(async (tx) => {
    await tx.appMeta.upsert({ where: { key: 'price' }, create: { key: 'price', value: price }, update: { value: price } });
    await outbox.record(tx, [{ type: 'PriceChanged', version: 1, aggregateType: 'Price', aggregateId: 1, payload: { price } }]);
    if (fail) throw new RolledBack();
  });
}
class RolledBack extends Error {}

describe('outbox and relay', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  const outbox = new Outbox();

  beforeEach(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
  });

  afterEach(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  function wire(queue: JobQueue) {
    const consumers = new EventConsumerRegistry(prisma);
    const consumer = new RecordingConsumer();
    consumers.register(consumer);
    queue.process<EventJob>(eventQueueName(consumer.name), (job) => consumers.deliver(consumer.name, BigInt(job.data.eventId)).then(() => undefined));
    return { consumer, consumers, relay: new OutboxRelay(prisma, queue, consumers, log) };
  }

  describe('with the in-process queue', () => {
    it('delivers committed events and never the events of a rolled-back transaction', async () => {
      const { consumer, relay } = wire(new InProcessJobQueue(log, 1));
      await changePrice(prisma, outbox, 100);
      await expect(changePrice(prisma, outbox, 999, true)).rejects.toBeInstanceOf(RolledBack);
      await changePrice(prisma, outbox, 200);

      expect(await relay.relayBatch()).toBe(2);
      expect(await relay.relayBatch()).toBe(0);
      expect((await effects(prisma)).map((e) => e.value)).toEqual([{ price: 100 }, { price: 200 }]);
      expect(consumer.handledIds).toHaveLength(2);
      expect(await prisma.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    });

    it('takes a redelivered event into account once', async () => {
      const { consumer, consumers } = wire(new InProcessJobQueue(log, 1));
      await changePrice(prisma, outbox, 300);
      const [event] = await prisma.outboxEvent.findMany();

      expect(await consumers.deliver(consumer.name, event.id)).toBe(true);
      expect(await consumers.deliver(consumer.name, event.id)).toBe(false);
      expect(await effects(prisma)).toHaveLength(1);
    });

    it('retries a consumer that fails, and its failed attempts leave no effect behind', async () => {
      const queue = new InProcessJobQueue(log, 1);
      const { consumer, relay } = wire(queue);
      let failuresLeft = 2;
      const handle = consumer.handle.bind(consumer);
      consumer.handle = async (event, tx) => {
        await handle(event, tx);
        if (failuresLeft-- > 0) throw new RolledBack();
      };
      await changePrice(prisma, outbox, 400);
      await relay.relayBatch();
      expect(consumer.handledIds).toHaveLength(3);
      expect(await effects(prisma)).toHaveLength(1);
    });
  });

  describe('with BullMQ on Redis', () => {
    let proxy: TcpProxy;
    let queue: BullmqJobQueue;

    beforeEach(async () => {
      proxy = await TcpProxy.start(requiredEnv('TEST_REDIS_URL'));
      queue = new BullmqJobQueue(proxy.urlFor(requiredEnv('TEST_REDIS_URL')), testRedisPrefix(), 30_000, log);
    });

    afterEach(async () => {
      await proxy.resume().catch(() => undefined);
      await queue.close();
      await proxy.stop();
    });

    it('delivers an event committed while Redis is down once Redis is back, exactly once', async () => {
      const { consumer, relay } = wire(queue);
      await queue.ping();
      await proxy.pause();

      await changePrice(prisma, outbox, 500);
      await expect(relay.relayBatch()).rejects.toThrow();
      const pending = await prisma.outboxEvent.findFirstOrThrow();
      expect(pending.publishedAt).toBeNull();
      expect(pending.attempts).toBe(1);
      expect(pending.lastError).toBeTruthy();
      expect(await effects(prisma)).toHaveLength(0);

      await proxy.resume();
      const published = await waitFor(() => relay.relayBatch().catch(() => 0), (n) => n === 1);
      expect(published).toBe(1);
      const done = await waitFor(() => effects(prisma), (rows) => rows.length > 0);
      expect(done.map((e) => e.value)).toEqual([{ price: 500 }]);
      // Nothing is left to publish, so no second delivery of the event can come.
      expect(await relay.relayBatch()).toBe(0);
      expect(consumer.handledIds).toEqual([pending.id]);
    });

    it('never publishes the events of a rolled-back transaction', async () => {
      const { consumer, relay } = wire(queue);
      await expect(changePrice(prisma, outbox, 999, true)).rejects.toBeInstanceOf(RolledBack);
      await changePrice(prisma, outbox, 600);
      expect(await relay.relayBatch()).toBe(1);
      const done = await waitFor(() => effects(prisma), (rows) => rows.length > 0);
      expect(done.map((e) => e.value)).toEqual([{ price: 600 }]);
      expect(consumer.handledIds).toHaveLength(1);
    });

    it('wakes on commit and relays by itself when running', async () => {
      const { relay } = wire(queue);
      relay.start();
      try {
        await changePrice(prisma, outbox, 700);
        const done = await waitFor(() => effects(prisma), (rows) => rows.length > 0);
        expect(done.map((e) => e.value)).toEqual([{ price: 700 }]);
      } finally {
        await relay.stop();
      }
    });
  });
});
