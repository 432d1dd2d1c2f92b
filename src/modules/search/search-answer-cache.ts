import { LRUCache } from 'lru-cache';
import { SerializedJson } from '../../platform/http/serialized-json';
import type { QuoteResults } from './search-index';
import type { SearchChanges } from './search-changes';

/**
 * What a kept answer holds in memory: its JSON (V8 keeps an answer's Spanish text one byte a character, as UTF-8
 * counts it; counting two per character halved what the cache held and its hit rate on the benchmark's mix) and
 * the laboratories shown. Worked out once per answer kept, on the search's own path.
 */
export const answerBytes = (answer: SearchAnswer) => Buffer.byteLength(answer.body.json) + 64 * answer.shown.length + 256;

/**
 * A search's answer as kept: serialized once (a repeated search costs no serialization, and thousands of
 * kept answers are strings the garbage collector need not walk), with what its history needs of it.
 */
export interface SearchAnswer {
  body: SerializedJson;
  total: number;
  /** The laboratories shown, in order, with what each quoted. */
  shown: Pick<QuoteResults['items'][number], 'laboratoryId' | 'total' | 'copay' | 'offersAll'>[];
}

export function toSearchAnswer(results: QuoteResults): SearchAnswer {
  return {
    body: new SerializedJson(JSON.stringify(results)),
    total: results.total,
    shown: results.items.map(({ laboratoryId, total, copay, offersAll }) => ({ laboratoryId, total, copay, offersAll })),
  };
}

/**
 * The answers of the searches people repeat ("hemograma y perfil lipídico en Maipú, FONASA"), kept in
 * each API process and forgotten, all at once, on every commit that changes the search index
 * (`SearchChanges`). While changes cannot be heard nothing is kept or answered from memory.
 *
 * A search that read the index before a change and ends after its NOTIFY must not store what it
 * read: each answer is stored only if no change was heard since the search began (`generation`).
 *
 * The same order asked again while its first search is still running waits for that search instead of
 * running its own (under load, a popular order is asked several times in the few milliseconds its
 * search takes): the waiter is answered with what a kept answer would have given it, since a change
 * heard in between forgets the searches running as well as the answers kept.
 */
export class SearchAnswerCache {
  private readonly answers?: LRUCache<string, SearchAnswer>;
  /** The searches running now, by key: only those begun since the last change heard. */
  private readonly running = new Map<string, Promise<SearchAnswer>>();

  constructor(
    private readonly changes: SearchChanges,
    limits: { entries: number; megabytes: number },
  ) {
    if (limits.entries <= 0) return;
    // Bounded in bytes as well as in entries: answers vary from 1 kB to hundreds (a whole region's laboratories).
    this.answers = new LRUCache({ max: limits.entries, maxSize: limits.megabytes * 1024 * 1024, sizeCalculation: answerBytes });
    changes.onChange(() => {
      this.answers?.clear();
      this.running.clear();
    });
  }

  /** Whether answers are being kept now (configured, and hearing changes). */
  get active(): boolean {
    return this.answers !== undefined && this.changes.listening;
  }

  /** The answer to `key`, or the answer `search` gives (kept for the next time when nothing changed meanwhile). */
  async answer(key: string, search: () => Promise<SearchAnswer>): Promise<SearchAnswer> {
    if (!this.answers || !this.active) return search();
    const kept = this.answers.get(key) ?? this.running.get(key);
    if (kept) return kept;
    const generation = this.changes.generation;
    const answer = search();
    this.running.set(key, answer);
    try {
      const results = await answer;
      if (this.changes.unchangedSince(generation)) this.answers.set(key, results);
      return results;
    } finally {
      // Only this generation's entry: after a change the key may already name a newer search.
      if (this.running.get(key) === answer) this.running.delete(key);
    }
  }
}
