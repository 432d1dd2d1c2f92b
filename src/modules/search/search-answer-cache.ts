import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { PgListener } from '../../platform/database/pg-listener';
import type { Tx } from '../../platform/database/prisma.service';
import type { QuoteResults } from './search-index';

/** NOTIFY channel of commits that changed what a search answers (the projection, a rebuild). */
export const SEARCH_CHANGED_CHANNEL = 'search_changed';

/** Says, in the writer's transaction, that searches may answer differently once it commits. */
export async function announceSearchChange(tx: Pick<Tx, '$executeRawUnsafe'>): Promise<void> {
  await tx.$executeRawUnsafe(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
}

/**
 * The answers of the searches people repeat ("hemograma y perfil lipídico en Maipú, FONASA"), kept in
 * each API process and forgotten, all at once, on every commit that changes the search index: the
 * projection and the rebuild NOTIFY `search_changed` in their transactions, which PostgreSQL
 * delivers only once they commit. While the LISTEN connection is down nothing is kept or answered
 * from memory (a change could go unheard); it is emptied when it comes back.
 *
 * A search that read the index before a change and ends after its NOTIFY must not store what it
 * read: each answer is stored only if no change was heard since the search began (`generation`).
 */
export class SearchAnswerCache {
  private readonly answers?: LRUCache<string, QuoteResults>;
  private readonly listener?: PgListener;
  private generation = 0;

  constructor(databaseUrl: string, entries: number, log: Logger) {
    if (entries <= 0) return;
    this.answers = new LRUCache({ max: entries });
    this.listener = new PgListener(databaseUrl, SEARCH_CHANGED_CHANNEL, 'cotizalab-search-cache', { notified: () => this.forget(), up: () => this.forget(), down: () => this.forget() }, log);
    this.listener.start();
  }

  /** Whether answers are being kept now (configured, and hearing changes). */
  get active(): boolean {
    return this.listener?.listening ?? false;
  }

  /** The answer to `key`, or the answer `search` gives (kept for the next time when nothing changed meanwhile). */
  async answer(key: string, search: () => Promise<QuoteResults>): Promise<QuoteResults> {
    if (!this.answers || !this.active) return search();
    const kept = this.answers.get(key);
    if (kept) return kept;
    const generation = this.generation;
    const answer = await search();
    if (generation === this.generation && this.active) this.answers.set(key, answer);
    return answer;
  }

  private forget(): void {
    this.generation++;
    this.answers?.clear();
  }

  async close(): Promise<void> {
    await this.listener?.stop();
  }
}
