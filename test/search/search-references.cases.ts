import { Client } from 'pg';
import pino from 'pino';
import { HotPath } from '../../src/platform/database/hot-path';
import { SEARCH_CHANGED_CHANNEL, SearchChanges } from '../../src/modules/search/search-changes';
import { SearchReferences } from '../../src/modules/search/search-references';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { waitFor } from '../support/wait';

/**
 * What every search checks its ids against (exams, places, insurers, attribute values) is kept in memory
 * only while the API hears the search's changes, and read again after each one.
 */
describe('Search references', () => {
  let db: TestDatabase;
  let writer: Client;
  let reads: HotPath;
  let changes: SearchChanges;
  let references: SearchReferences;
  let typeId: number;

  const addExam = async (code: string) =>
    (await writer.query(`INSERT INTO exam (code, code_dotted, name, type_exam_id, updated_at) VALUES ($1, $1, $1, $2, now()) RETURNING id`, [code, typeId])).rows[0].id as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    writer = new Client({ connectionString: db.url });
    await writer.connect();
    typeId = (await writer.query(`INSERT INTO exam_type (code, name) VALUES ('0301', 'Hematología') RETURNING id`)).rows[0].id;
    const region = (await writer.query(`INSERT INTO location (code, name, kind) VALUES ('13', 'Metropolitana', 'REGION') RETURNING id`)).rows[0].id;
    await writer.query(`INSERT INTO location (code, name, kind, parent_id, lat, lng) VALUES ('13101', 'Santiago', 'COMUNA', $1, -33.44, -70.65)`, [region]);
    await writer.query(`INSERT INTO insurer (code, name, type) VALUES ('fonasa_b', 'FONASA tramo B', 'public')`);
    reads = new HotPath(db.url);
    changes = new SearchChanges(db.url, pino({ level: 'silent' }));
    changes.start();
    references = new SearchReferences(reads, changes);
    if (!(await waitFor(async () => changes.listening, Boolean))) throw new Error('never started listening');
  });

  afterAll(async () => {
    await changes.close();
    await reads.close();
    await writer.end();
    await db.drop();
  });

  it('reads the catalogue once, and again when a change commits', async () => {
    const hemograma = await addExam('0301045');
    const first = await references.current();
    expect(first.activeExamIds.has(hemograma)).toBe(true);
    expect([...first.comunas.values()]).toEqual([expect.objectContaining({ parentId: expect.any(Number), lat: -33.44, lng: -70.65 })]);
    expect([...first.insurers.values()]).toEqual([expect.objectContaining({ code: 'fonasa_b', type: 'public', parentId: null })]);

    // Written behind its back without an announcement: still the catalogue as read (memory, not a query per search).
    const glicemia = await addExam('0302047');
    expect((await references.current()).activeExamIds.has(glicemia)).toBe(false);
    await writer.query(`UPDATE exam SET is_active = false WHERE id = $1`, [hemograma]);
    await writer.query(`NOTIFY ${SEARCH_CHANGED_CHANNEL}`);
    const after = await waitFor(() => references.current(), (r) => r.activeExamIds.has(glicemia));
    expect(after.activeExamIds.has(hemograma)).toBe(false);
  });

  it('reads the database on every search while it cannot hear changes', async () => {
    await references.current();
    await writer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cotizalab-search-cache' AND datname = current_database()`);
    expect(await waitFor(async () => changes.listening, (listening) => !listening)).toBe(false);
    await references.current();
    const ferritina = await addExam('0302031');
    expect((await references.current()).activeExamIds.has(ferritina)).toBe(true);
  });
});
