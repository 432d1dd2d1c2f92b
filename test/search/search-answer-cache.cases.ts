import { Client } from 'pg';
import pino from 'pino';
import { SearchAnswerCache, toSearchAnswer, type SearchAnswer } from '../../src/modules/search/search-answer-cache';
import { SEARCH_CHANGED_CHANNEL, SearchChanges } from '../../src/modules/search/search-changes';
import type { QuoteResults } from '../../src/modules/search/search-index';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { waitFor } from '../support/wait';

/**
 * The search's answer cache must never show a patient a price that changed: answers are kept only while
 * changes can be heard, and forgotten on the commit of every change.
 */
describe('Search answer cache', () => {
  let db: TestDatabase;
  let writer: Client;
  let changes: SearchChanges;
  let cache: SearchAnswerCache;

  /** An answer told apart by its label (an extra field, kept through serialization). */
  const answerWith = (label: string): SearchAnswer =>
    toSearchAnswer({ items: [], total: label.length, currentPage: 1, perPage: 10, lastPage: 1, facets: { comunas: [], insurers: [], filterValues: [] }, label } as QuoteResults);
  const labelOf = (answer: SearchAnswer) => (JSON.parse(answer.body.json) as { label: string }).label;
  /** Answers `key` through the cache, counting how often the index was asked. */
  const ask = async (key: string, label: string, asked: { count: number }) =>
    labelOf(
      await cache.answer(key, async () => {
        asked.count++;
        return answerWith(label);
      }),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    writer = new Client({ connectionString: db.url });
    await writer.connect();
    changes = new SearchChanges(db.url, pino({ level: 'silent' }));
    changes.start();
    cache = new SearchAnswerCache(changes, { entries: 100, megabytes: 32 });
    if (!(await waitFor(async () => cache.active, Boolean))) throw new Error('the cache never started listening');
  });

  afterAll(async () => {
    await changes.close();
    await writer.end();
    await db.drop();
  });

  it('keeps no more bytes than it is given: the oldest answers go first', async () => {
    const small = new SearchAnswerCache(changes, { entries: 100, megabytes: 1 });
    if (!(await waitFor(async () => small.active, Boolean))) throw new Error('the cache never started listening');
    const asked = { count: 0 };
    // Five answers of about 300 kB each as kept (300,000 characters): a megabyte holds three of them.
    const big = (n: number) => `${n}${'x'.repeat(300_000)}`;
    for (let n = 1; n <= 5; n++) await small.answer(`order-${n}`, async () => answerWith(big(n)));
    const again = async (n: number) => labelOf(await small.answer(`order-${n}`, async () => { asked.count++; return answerWith(big(n)); }));
    expect(await again(5)).toBe(big(5));
    expect(asked.count).toBe(0);
    expect(await again(1)).toBe(big(1));
    expect(asked.count).toBe(1);
  });

  it('answers a repeated search from memory until a change commits', async () => {
    const asked = { count: 0 };
    expect(await ask('hemograma-maipu', 'v1', asked)).toBe('v1');
    expect(await ask('hemograma-maipu', 'v2', asked)).toBe('v1');
    expect(asked.count).toBe(1);

    // A change inside a transaction says nothing until it commits.
    await writer.query('BEGIN');
    await writer.query(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
    expect(await ask('hemograma-maipu', 'v2', asked)).toBe('v1');
    await writer.query('COMMIT');
    expect(await waitFor(() => ask('hemograma-maipu', 'v3', asked), (label) => label === 'v3')).toBe('v3');
  });

  it('does not keep what a search read before a change that committed while it ran', async () => {
    const asked = { count: 0 };
    await ask('witness', 'w1', asked);
    const stale = await cache.answer('glicemia-temuco', async () => {
      await writer.query(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
      // Wait until the cache has heard the change (the witness answer is gone), then end with what was read before it.
      expect(await waitFor(() => ask('witness', 'w2', asked), (label) => label === 'w2')).toBe('w2');
      return answerWith('read-before-the-change');
    });
    expect(labelOf(stale)).toBe('read-before-the-change');
    const again = { count: 0 };
    expect(await ask('glicemia-temuco', 'fresh', again)).toBe('fresh');
    expect(again.count).toBe(1);
  });

  it('runs one search for the same order asked again while it runs, and a new one once a change is heard', async () => {
    let finish!: (label: string) => void;
    let searches = 0;
    const slow = () =>
      cache.answer('creatinina-puente-alto', () => {
        searches++;
        return new Promise<SearchAnswer>((resolve) => (finish = (label) => resolve(answerWith(label))));
      });
    const first = slow();
    const second = slow();
    expect(searches).toBe(1);

    // A change committed while the search runs: who asks after hearing it gets a search of their own.
    const asked = { count: 0 };
    await ask('witness-2', 'w1', asked);
    await writer.query(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
    expect(await waitFor(() => ask('witness-2', 'w2', asked), (label) => label === 'w2')).toBe('w2');
    const finishBefore = finish;
    const third = slow();
    expect(searches).toBe(2);

    finishBefore('read-before-the-change');
    finish('read-after-the-change');
    const labels = (await Promise.all([first, second, third])).map(labelOf);
    expect(labels).toEqual(['read-before-the-change', 'read-before-the-change', 'read-after-the-change']);
  });

  it('keeps nothing while it cannot hear changes, and forgets what it had when it hears again', async () => {
    const asked = { count: 0 };
    await ask('perfil-lipidico-nunoa', 'before', asked);
    await writer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cotizalab-search-cache' AND datname = current_database()`);
    expect(await waitFor(async () => cache.active, (active) => !active)).toBe(false);

    // Deaf: every search goes to the index, and nothing is kept for later.
    expect(await ask('perfil-lipidico-nunoa', 'deaf-1', asked)).toBe('deaf-1');
    expect(await ask('perfil-lipidico-nunoa', 'deaf-2', asked)).toBe('deaf-2');

    expect(await waitFor(async () => cache.active, Boolean)).toBe(true);
    expect(await ask('perfil-lipidico-nunoa', 'after', asked)).toBe('after');
    expect(await ask('perfil-lipidico-nunoa', 'later', asked)).toBe('after');
  });
});
