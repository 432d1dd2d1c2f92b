import type { PrismaClient } from '../../src/generated/prisma/client';
import { PROJECTED_EVENT_TYPES, SEARCH_PROJECTOR } from '../../src/modules/search/consumers/search-projector.consumer';

/** Reads until `done` holds or the time is up, and returns the last value read (the caller asserts on it). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the search projector has handled every event it subscribes to that is in the
 * outbox now: after it, what a quote does not show is really not there (no fixed sleep).
 */
export async function projectionSettled(prisma: PrismaClient): Promise<void> {
  const pending = async () => {
    const [row] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM outbox_event e
      WHERE e.type = ANY(${PROJECTED_EVENT_TYPES}::text[])
        AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = ${SEARCH_PROJECTOR} AND p.event_id = e.id)`;
    return row.n;
  };
  const left = await waitFor(pending, (n) => n === 0);
  if (left !== 0) throw new Error(`${left} events are still not projected`);
}
