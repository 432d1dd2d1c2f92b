import type { Logger } from 'pino';
import { PgListener } from '../../platform/database/pg-listener';

import { announceSearchChange, SEARCH_CHANGED_CHANNEL } from '../../platform/database/search-changed';

export { announceSearchChange, SEARCH_CHANGED_CHANNEL };

/**
 * Hears the commits that change what a search answers: the projector and `search:reindex` NOTIFY
 * `search_changed` in their transactions, which PostgreSQL delivers only once they commit. What an API
 * process keeps of the search (answers, the references every search checks) is kept only while this
 * hears, and forgotten on every change heard, and whenever hearing stops or starts again (a change
 * could have gone unheard meanwhile).
 *
 * `generation` counts those moments: something read at one generation may be kept only if the
 * generation has not moved by the time it is stored (it could have been read before a change).
 */
export class SearchChanges {
  private readonly listener: PgListener;
  private readonly forgetters: (() => void)[] = [];
  private changes = 0;

  constructor(databaseUrl: string, log: Logger) {
    const changed = () => this.changed();
    this.listener = new PgListener(databaseUrl, SEARCH_CHANGED_CHANNEL, 'cotizalab-search-cache', { notified: changed, up: changed, down: changed }, log);
  }

  /** Starts hearing (the roles that answer searches; nothing is kept until it hears). */
  start(): void {
    this.listener.start();
  }

  /** Whether changes are heard now: only then may anything be kept. */
  get listening(): boolean {
    return this.listener.listening;
  }

  get generation(): number {
    return this.changes;
  }

  /** Whether what was read at `generation` may be kept (or used) now: heard all along, and nothing changed since. */
  unchangedSince(generation: number): boolean {
    return this.listening && generation === this.changes;
  }

  /** `forget` runs on every change heard. */
  onChange(forget: () => void): void {
    this.forgetters.push(forget);
  }

  private changed(): void {
    this.changes++;
    for (const forget of this.forgetters) forget();
  }

  async close(): Promise<void> {
    await this.listener.stop();
  }
}
