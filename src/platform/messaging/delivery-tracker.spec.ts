import pino from 'pino';
import type { AppConfig } from '../../config/app-config';
import type { PrismaService } from '../database/prisma.service';
import { DeliveryTracker } from './delivery-tracker';
import type { EventConsumerRegistry } from './event-consumers';
import type { JobQueue } from './job-queue';

describe(DeliveryTracker.name, () => {
  afterEach(() => jest.useRealTimers());

  it('stops at once when stopped while a tick runs, not after the tick\'s pause (a worker\'s shutdown waited 2 s)', async () => {
    // The clock stands still: a pause between ticks never ends on its own, so only the stop can end the loop.
    jest.useFakeTimers({ now: 0 });
    let answerStoreCheck!: (emptied: boolean) => void;
    const queue = { storeWasEmptied: () => new Promise<boolean>((resolve) => (answerStoreCheck = resolve)) } as unknown as JobQueue;
    // Another worker holds the sweep's lock: the tick sweeps nothing.
    const prisma = { $transaction: () => Promise.resolve(undefined) } as unknown as PrismaService;
    const consumers = { all: () => [] } as unknown as EventConsumerRegistry;
    const config = { delivery: { sweepIntervalMs: 10_000, pruneIntervalMs: 60 * 60_000 } } as AppConfig;
    const tracker = new DeliveryTracker(config, pino({ level: 'silent' }), prisma, queue, consumers);

    tracker.start();
    let stopped = false;
    const stopping = tracker.stop().then(() => (stopped = true));
    answerStoreCheck(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    await stopping;
  });
});
