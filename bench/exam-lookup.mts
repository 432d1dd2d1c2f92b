/**
 * Exam look-up benchmark (issue 18, "an exam box that knows what people mean"): the latency of
 * POST /api/exam/search through HTTP, one request at a time, for what people type in the search
 * box (type-ahead prefixes, names, abbreviations, typos, codes), on a seeded catalogue with a year
 * of search history in the reports' monthly rollup (what the look-up learns people choose).
 * The same terms as the look-up part of `bench:search`, without its large price tables.
 * Then the order reader (issue 26): POST /api/exam/read-order of 12-line orders made of the test set's
 * order lines (test/catalogue/order-reader/order-lines.csv), as numbered lists; aim p95 ≤ 20 ms.
 *
 * Usage: npm run build:api && node bench/exam-lookup.mts [SEED_LABS]   (default 200)
 * BENCH_ROOT: the root of another build to measure (its dist/main.js), e.g. the code before a change.
 * BENCH_SAMPLES (default 1500) look-ups after a warm-up of one round of the terms.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { freePort, jsonClient, machineLoad, percentile, ROOT, stopApi, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_ROOT = process.env.BENCH_ROOT ?? ROOT;
const LABS = Number(process.argv[2] ?? 200);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1500);
/** What people type in the search box (the list of bench/search.mts, plus the first letters of common exams). */
const LOOKUPS = ['hemo', 'hemog', 'hemograma', 'hemogrma', 'perfil lip', 'perfil lipidico', 'glisemia', 'tsh', 'orina completa', 'creatinna',
  'hemoglobina glicosilada', 'perfil bioquimico', 'urocultibo', 'vitamina d', 't4 libre', 'colestrol', 'trigliseridos', 'acido urico', 'pcr', 'vhs',
  'feritina', 'insulina', 'protombina', 'grupo sanguineo', '0302034', '03-01-045', 'ferr', 'uro', 'gli', 'vit',
  'perf', 'glic', 'orin', 'crea', 'elec', 'a', 'p', 'he'];

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** 12-line orders of the test set's lines, every line in some order. */
const ORDER_LINES = (parse(readFileSync(join(ROOT, 'test/catalogue/order-reader/order-lines.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as { text: string }[]).map((l) => l.text);
const ORDERS = Array.from({ length: Math.ceil(ORDER_LINES.length / 12) }, (_, i) =>
  Array.from({ length: 12 }, (_, j) => `${j + 1}. ${ORDER_LINES[(i * 12 + j) % ORDER_LINES.length]}`).join('\n'));
const READS = Number(process.env.BENCH_READS ?? 400);

function cli(args: string[], env: Record<string, string>): void {
  const result = spawnSync(process.execPath, [join(APP_ROOT, 'dist/main.js'), ...args], { cwd: APP_ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

async function start(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(APP_ROOT, 'dist/main.js'), 'all'], { cwd: APP_ROOT, env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false)) return { url, child };
    if (child.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const database = `cl_bench_lookup_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = withDatabase(SERVER_URL, database);
const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: benchRedisPrefix(database), SEED_LABS: String(LABS), ADMIN_EMAIL: 'bench@cotizalab.cl', ADMIN_PASSWORD: 'clave-benchmark-1' };
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
db.on('error', () => undefined); // idle connections are cut when the database is dropped
let api: { url: string; child: ChildProcess } | undefined;
try {
  cli(['seed'], env);
  // A year of searches: every exam chosen by some sessions a month in every region, a few exams by many.
  await db.query(`
    INSERT INTO report_exam_monthly (month, region_id, exam_id, searches, sessions)
    SELECT date_trunc('month', now())::date - (m || ' months')::interval, r.id, e.id, n * 2, n
    FROM exam e CROSS JOIN (SELECT id FROM location WHERE kind = 'REGION') r CROSS JOIN generate_series(0, 11) m
    CROSS JOIN LATERAL (SELECT 1 + (abs(hashtext(e.code || r.id || m)) % (CASE WHEN abs(hashtext(e.code)) % 20 = 0 THEN 400 ELSE 8 END)) AS n) s`);
  const { rows: [size] } = await db.query(`
    SELECT (SELECT count(*) FROM exam)::int AS exams, (SELECT count(*) FROM exam_synonym)::int AS synonyms,
           (SELECT count(*) FROM laboratory)::int AS labs, (SELECT count(*) FROM report_exam_monthly)::int AS rollup`);
  api = await start(env);
  const times: number[] = [];
  const client = jsonClient(api.url);
  for (let i = 0; i < SAMPLES + LOOKUPS.length; i++) {
    const started = performance.now();
    const answer = await client.post('/api/exam/search', { term: LOOKUPS[i % LOOKUPS.length], perPage: 8 });
    if (answer.status !== 200) throw new Error(`exam look-up answered ${answer.status}`);
    if (i >= LOOKUPS.length) times.push(performance.now() - started);
  }
  const readTimes: number[] = [];
  for (let i = 0; i < READS + ORDERS.length; i++) {
    const started = performance.now();
    const answer = await client.post('/api/exam/read-order', { text: ORDERS[i % ORDERS.length] });
    if (answer.status !== 200) throw new Error(`order reader answered ${answer.status}`);
    if (i >= ORDERS.length) readTimes.push(performance.now() - started);
  }
  client.close();
  console.log(`build: ${APP_ROOT}`);
  console.log(`dataset: ${size.exams} exams, ${size.synonyms} synonyms, ${size.labs} laboratories, ${size.rollup} monthly rollup rows of searched exams`);
  console.log(`exam look-up through HTTP, ${times.length} look-ups of ${LOOKUPS.length} terms: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}`);
  console.log(`order reader through HTTP, ${readTimes.length} reads of ${ORDERS.length} different 12-line orders: p50 ${ms(percentile(readTimes, 50))}, p95 ${ms(percentile(readTimes, 95))}, p99 ${ms(percentile(readTimes, 99))} (aim: p95 ≤ 20 ms)`);
  console.log(machineLoad());
} finally {
  if (api) await stopApi(api.child);
  await db.end();
  await dropBenchData(admin, databaseUrl, REDIS_URL);
  await admin.end();
}
