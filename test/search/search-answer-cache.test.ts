import { Client } from 'pg';
import pino from 'pino';
import { SEARCH_CHANGED_CHANNEL, SearchAnswerCache } from '../../src/modules/search/search-answer-cache';
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
  let cache: SearchAnswerCache;

  const answerWith = (label: string): QuoteResults => ({ items: [], total: label.length, currentPage: 1, perPage: 10, lastPage: 1, facets: { comunas: [], insurers: [], filterValues: [] }, label } as QuoteResults);
  /** Answers `key` through the cache, counting how often the index was asked. */
  const ask = async (key: string, label: string, asked: { count: number }) =>
    ((await cache.answer(key, async () => {
      asked.count++;
      return answerWith(label);
    })) as QuoteResults & { label: string }).label;

  beforeAll(async () => {
    db = await createTestDatabase();
    writer = new Client({ connectionString: db.url });
    await writer.connect();
    cache = new SearchAnswerCache(db.url, 100, pino({ level: 'silent' }));
    if (!(await waitFor(async () => cache.active, Boolean))) throw new Error('the cache never started listening');
  });

  afterAll(async () => {
    await cache.close();
    await writer.end();
    await db.drop();
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
    expect((stale as QuoteResults & { label: string }).label).toBe('read-before-the-change');
    const again = { count: 0 };
    expect(await ask('glicemia-temuco', 'fresh', again)).toBe('fresh');
    expect(again.count).toBe(1);
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
