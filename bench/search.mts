/**
 * Search benchmark: latency of POST /api/laboratory/search for a 1-exam and a 5-exam order with
 * a comuna, its neighbours and FONASA, against the very same SQL run straight on PostgreSQL, and
 * the projection lag from a price change (API) to the new price being quoted.
 *
 * Usage: npm run bench:search [-- 2000,20000]   (laboratory counts; 300 exams each)
 * Needs the build (npm run build), PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379). Each size gets a database of its own, dropped at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { percentile, ROOT, runCli as run, startApi, withDatabase } from './support.mts';

const require = createRequire(import.meta.url);
const { searchStatements } = require(join(ROOT, 'dist/modules/search/infrastructure/postgres-search-index.js'));

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIZES = (process.argv[2] ?? '2000,20000').split(',').map(Number);
const EXAMS_PER_LAB = 300;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const ADMIN = { email: 'bench@cotizalab.cl', password: 'clave-benchmark-1' };

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function benchSize(labs: number) {
  const database = `cl_bench_${labs}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = withDatabase(SERVER_URL, database);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `bench-${database}`, SEED_LABS: String(labs), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => undefined); // idle connections are cut when the database is dropped
  let api: { url: string; child: ChildProcess } | undefined;
  try {
    const seedSeconds = run(['seed'], env);
    // The demo generator gives each branch a plausible subset of exams; the benchmark wants 300 each.
    await db.query('TRUNCATE laboratory_exam CASCADE');
    await db.query(`
      INSERT INTO laboratory_exam (laboratory_id, exam_id, price, status, authorized_at, updated_at)
      SELECT l.id, e.id, GREATEST(500, round(coalesce(e.fonasa_price_level1, 5000) * (0.85 + (abs(hashtext(l.id || '-' || e.id)) % 60) / 100.0) / 10) * 10), 'AUTHORIZED', now(), now()
      FROM laboratory l
      CROSS JOIN LATERAL (SELECT id, fonasa_price_level1 FROM exam ORDER BY hashtext(l.id || ':' || id) LIMIT ${EXAMS_PER_LAB}) e
`);
    const reindexSeconds = run(['search:reindex'], env);
    const { rows: [size] } = await db.query(`SELECT (SELECT count(*) FROM search_laboratory)::int AS labs, (SELECT count(*) FROM search_laboratory_exam)::int AS prices`);

    api = await startApi(env);
    const { rows: comunas } = await db.query(`
      SELECT l.comuna_id AS id, c.parent_id AS region FROM search_laboratory l JOIN location c ON c.id = l.comuna_id
      GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 20`);
    const { rows: popular } = await db.query(`SELECT exam_id AS id FROM search_laboratory_exam GROUP BY 1 ORDER BY count(*) DESC LIMIT 40`);
    const { rows: [fonasa] } = await db.query(`SELECT id FROM insurer WHERE code = 'fonasa'`);
    const order = (i: number, n: number) => Array.from({ length: n }, (_, k) => popular[(i * 7 + k * 3) % popular.length].id as number);

    const measure = async (n: number) => {
      const apiTimes: number[] = [];
      const rawTimes: number[] = [];
      for (let i = 0; i < SAMPLES + 20; i++) {
        const comuna = comunas[i % comunas.length];
        const exams = order(i, n);
        const body = { exams, location: { id: comuna.id }, nearLocations: true, pensionHealtInstitutionId: { id: fonasa.id }, orderBy: 'total' };
        let started = performance.now();
        const answer = await fetch(`${api!.url}/api/laboratory/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
        await answer.json();
        const apiMs = performance.now() - started;
        const query = {
          examIds: exams, comunaId: comuna.id, withNearLocations: true, regionId: comuna.region, insurerIds: [fonasa.id],
          coverage: { kind: 'FONASA', mle: true }, filterValueIds: [], orderBy: 'total', orderSort: 'asc', currentPage: 1, perPage: 10,
        };
        const statements = searchStatements(query);
        started = performance.now();
        await Promise.all([statements.rows, ...statements.facets].map((s: { text: string; values: unknown[] }) => db.query(s.text, s.values)));
        const rawMs = performance.now() - started;
        if (i >= 20) {
          apiTimes.push(apiMs);
          rawTimes.push(rawMs);
        }
      }
      return { apiTimes, rawTimes };
    };

    const one = await measure(1);
    const five = await measure(5);

    // Projection lag: change a price through the API, then ask /buscador until it quotes it.
    const token: string = ((await (await fetch(`${api.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { data: { tokenData: { accessToken: string } } }).data.tokenData.accessToken;
    const { rows: targets } = await db.query(`SELECT le.id, le.laboratory_id, le.exam_id, le.price FROM laboratory_exam le JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id WHERE le.status = 'AUTHORIZED' ORDER BY hashtext(le.id::text) LIMIT 40`);
    const lags: number[] = [];
    for (const target of targets) {
      const price = target.price + 10;
      const started = performance.now();
      const changed = await fetch(`${api.url}/api/laboratory-exam/${target.id}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ price }) });
      if (changed.status !== 200) throw new Error(`price change answered ${changed.status}`);
      for (;;) {
        const answer = (await (await fetch(`${api.url}/api/laboratory/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ exams: [target.exam_id], laboratoryId: target.laboratory_id }) })).json()) as { data: { items: { exams: { price: number }[] }[] } };
        if (answer.data.items[0]?.exams[0]?.price === price) break;
        if (performance.now() - started > 30_000) throw new Error('a price change was not searchable within 30 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      lags.push(performance.now() - started);
    }

    console.log(`\n${size.labs} laboratories x ${EXAMS_PER_LAB} exams = ${size.prices} prices (seed ${seedSeconds.toFixed(0)} s, search:reindex ${reindexSeconds.toFixed(1)} s); ${SAMPLES} sequential searches each, comuna + neighbours + FONASA, ordered by total`);
    console.log('order     |  API p50 |  API p95 |  API p99 |  raw p50 |  raw p95 |  raw p99 | API/raw p50 | API/raw p95');
    for (const [name, { apiTimes, rawTimes }] of [['1 exam ', one], ['5 exams', five]] as const) {
      const cells = [50, 95, 99].map((p) => ms(percentile(apiTimes, p)).padStart(8)).concat([50, 95, 99].map((p) => ms(percentile(rawTimes, p)).padStart(8)));
      const ratio = (p: number) => (percentile(apiTimes, p) / percentile(rawTimes, p)).toFixed(2).padStart(11);
      console.log(`${name}   | ${cells.join(' | ')} | ${ratio(50)} | ${ratio(95)}`);
    }
    console.log(`projection lag (price change via API -> quoted by /buscador), ${lags.length} changes: p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}`);
  } finally {
    if (api) await new Promise<void>((resolve) => { api!.child.once('exit', () => resolve()); api!.child.kill('SIGTERM'); });
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`Search benchmark, node ${process.version}, PostgreSQL at ${new URL(SERVER_URL).host}`);
for (const labs of SIZES) await benchSize(labs);
