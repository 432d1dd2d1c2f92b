/**
 * Reports benchmark (issue 12). Generates, deterministically, access-log rows and searches with
 * their shown laboratories spread over 13 months, builds the daily rollups from them (as the
 * writers would have), then times through HTTP, one request at a time:
 * - the dashboard (POST /api/reports/dashboard) for the last 30 days and for 12 months,
 * - a filtered search-history page (a comuna, an outcome, 30 days),
 * - a streamed CSV export of up to 1,000,000 rows (rows per second) with the API process's peak RSS.
 *
 * Usage: node bench/reports.mts [accessRows] [searches]   (default 1000000 500000; the issue's aim is 10000000 5000000)
 * Needs the build (npm run build; BENCH_DIST to use another build directory), PostgreSQL (DATABASE_URL,
 * default postgresql://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL). The database is dropped at the end
 * (BENCH_KEEP_DATABASE=1 keeps it, and prints its URL, to look at plans afterwards).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, machineLoad, percentile, processMemory, ROOT, stopApi, withDatabase } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist');
const ACCESS_ROWS = Number(process.argv[2] ?? 1_000_000);
const SEARCHES = Number(process.argv[3] ?? 500_000);
const SHOWN_PER_SEARCH = 5;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const EXPORT_ROWS = 1_000_000;
const ADMIN = { email: 'bench@cotizalab.cl', password: 'clave-benchmark-1' };
const DAY = `(created_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago')::date`;

const database = `cl_bench_reports_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = withDatabase(SERVER_URL, database);
const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `bench-${database}`, SEED_LABS: '300', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
const db = new pg.Client({ connectionString: databaseUrl });
let child: ReturnType<typeof spawn> | undefined;

const timed = async (label: string, sql: string) => {
  const started = performance.now();
  const r = await db.query(sql);
  console.log(`  ${label}: ${r.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

try {
  const seeded = spawnSync(process.execPath, [join(DIST, 'main.js'), 'seed'], { cwd: ROOT, env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
  await db.connect();
  console.log(`Generating ${ACCESS_ROWS.toLocaleString('es-CL')} access-log rows and ${SEARCHES.toLocaleString('es-CL')} searches (${SHOWN_PER_SEARCH} shown each) over 395 days...`);
  await db.query(`SELECT setseed(0.42)`);
  await db.query(`CREATE TEMP TABLE b_comuna AS SELECT row_number() OVER (ORDER BY id) AS rn, id, parent_id FROM location WHERE kind = 'COMUNA'`);
  await db.query(`CREATE TEMP TABLE b_exam AS SELECT row_number() OVER (ORDER BY id) AS rn, id FROM exam WHERE is_active`);
  await db.query(`CREATE TEMP TABLE b_lab AS SELECT row_number() OVER (ORDER BY id) AS rn, id FROM laboratory`);
  const [{ nc, ne, nl }] = (await db.query(`SELECT (SELECT count(*) FROM b_comuna)::int AS nc, (SELECT count(*) FROM b_exam)::int AS ne, (SELECT count(*) FROM b_lab)::int AS nl`)).rows;
  // Demand is skewed as in life: a few comunas and exams take most searches (squared random picks).
  await timed('search_history', `
    INSERT INTO search_history (job_id, filters, result_count, took_ms, session, created_at, comuna_id, region_id, exam_ids, outcome, with_near)
    SELECT 'b' || x.g, json_build_object('exams', ARRAY[e1.id, e2.id], 'location', c.id)::jsonb,
      CASE WHEN x.g % 20 = 0 THEN 0 ELSE 5 + x.g % 40 END, 20 + x.g % 90, 1700000000 + x.g / 3,
      now() - make_interval(secs => (x.g::float8 / ${SEARCHES}) * 395 * 86400), c.id, c.parent_id, ARRAY[e1.id, e2.id],
      CASE WHEN x.g % 20 = 0 THEN 'NONE' WHEN x.g % 7 = 0 THEN 'INCOMPLETE' ELSE 'COMPLETE' END, x.g % 3 = 0
    FROM (SELECT g, 1 + floor(power(random(), 2) * ${nc})::int AS cr, 1 + floor(power(random(), 2) * ${ne})::int AS er FROM generate_series(1, ${SEARCHES}) g) x
    JOIN b_comuna c ON c.rn = x.cr
    JOIN b_exam e1 ON e1.rn = x.er
    JOIN b_exam e2 ON e2.rn = 1 + (x.g::bigint * 7919) % ${ne}`);
  await timed('result_history', `
    INSERT INTO result_history (search_history_id, laboratory_id, position, total, created_at)
    SELECT s.id, l.id, k, 5000 + (s.id * 37 + k) % 40000, s.created_at
    FROM search_history s CROSS JOIN generate_series(1, ${SHOWN_PER_SEARCH}) k JOIN b_lab l ON l.rn = 1 + (s.id * 31 + k * 101) % ${nl}
    WHERE s.result_count > 0`);
  await timed('access_log', `
    INSERT INTO access_log (route, session, person_id, ip, laboratory_id, created_at)
    SELECT CASE g % 5 WHEN 0 THEN '/' WHEN 1 THEN '/buscador?examenes=1' WHEN 2 THEN '/laboratorio/' || l.id WHEN 3 THEN '/contacto' ELSE '/carro' END,
      1700000000 + g / 6, NULL, '10.0.' || (g % 250) || '.0/24', CASE WHEN g % 5 = 2 THEN l.id END,
      now() - make_interval(secs => (g::float8 / ${ACCESS_ROWS}) * 395 * 86400)
    FROM generate_series(1, ${ACCESS_ROWS}) g JOIN b_lab l ON l.rn = 1 + (g::bigint * 13) % ${nl}`);
  console.log('Building the daily rollups from the raw rows...');
  await timed('report_search_daily', `INSERT INTO report_search_daily SELECT ${DAY}, COALESCE(comuna_id, 0), COALESCE(max(region_id), 0), count(*),
    count(*) FILTER (WHERE outcome = 'NONE'), count(*) FILTER (WHERE outcome = 'INCOMPLETE'), sum(took_ms) FROM search_history GROUP BY 1, 2`);
  await timed('report_exam_daily', `INSERT INTO report_exam_daily SELECT ${DAY}, COALESCE(comuna_id, 0), x.exam_id, COALESCE(max(region_id), 0), count(*), count(DISTINCT session)
    FROM search_history, unnest(exam_ids) AS x(exam_id) GROUP BY 1, 2, 3`);
  await timed('report_exam_monthly', `INSERT INTO report_exam_monthly SELECT date_trunc('month', day)::date, region_id, exam_id, sum(searches), sum(sessions)
    FROM report_exam_daily GROUP BY 1, 2, 3`);
  await timed('report_laboratory_daily', `INSERT INTO report_laboratory_daily SELECT ${DAY}, laboratory_id, count(*), sum(position), count(*) FILTER (WHERE position <= 3), 0 FROM result_history GROUP BY 1, 2`);
  await timed('  + opens', `INSERT INTO report_laboratory_daily (day, laboratory_id, opens) SELECT ${DAY}, laboratory_id, count(*) FROM access_log WHERE laboratory_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, laboratory_id) DO UPDATE SET opens = EXCLUDED.opens`);
  await timed('report_access_daily', `INSERT INTO report_access_daily SELECT ${DAY}, regexp_replace(split_part(route, '?', 1), '/\\d+(?=/|$)', '/:id', 'g'), count(*), count(person_id) FROM access_log GROUP BY 1, 2`);
  await timed('report_session_daily', `INSERT INTO report_session_daily (day, session, visits, lab_opens, carts) SELECT ${DAY}, session, count(*), count(laboratory_id), count(*) FILTER (WHERE route LIKE '/carro%') FROM access_log GROUP BY 1, 2`);
  await timed('  + searches', `INSERT INTO report_session_daily (day, session, searches) SELECT ${DAY}, session, count(*) FROM search_history GROUP BY 1, 2
    ON CONFLICT (day, session) DO UPDATE SET searches = EXCLUDED.searches`);
  await db.query('VACUUM ANALYZE');
  const sizes: { relname: string; n: number }[] = [];
  for (const relname of ['access_log', 'search_history', 'result_history', 'report_search_daily', 'report_exam_daily', 'report_exam_monthly', 'report_laboratory_daily', 'report_access_daily', 'report_session_daily']) {
    sizes.push({ relname, n: Number((await db.query(`SELECT count(*)::bigint AS n FROM ${relname}`)).rows[0].n) });
  }
  console.log('Rows:', sizes.map((r) => `${r.relname} ${Number(r.n).toLocaleString('es-CL')}`).join(', '));

  const port = await freePort();
  child = spawn(process.execPath, [join(DIST, 'main.js'), 'all'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  while (!(await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const idle = processMemory(child.pid!);
  const signIn = (await (await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { data: { tokenData: { accessToken: string } } };
  const auth = { Authorization: `Bearer ${signIn.data.tokenData.accessToken}`, 'Content-Type': 'application/json' };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86400_000).toISOString().slice(0, 10);
  const comunas = (await db.query(`SELECT id FROM b_comuna ORDER BY rn LIMIT 20`)).rows.map((r) => r.id as number);
  const time = async (path: string, body: (i: number) => object) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const answer = await fetch(`${url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body(i)) });
      const json = (await answer.json()) as { code: number };
      if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
      samples.push(performance.now() - started);
    }
    return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  };
  const dash30 = await time('/api/reports/dashboard', (i) => (i % 2 ? { preset: '30d' } : { preset: '30d', regionId: undefined }));
  const dash12 = await time('/api/reports/dashboard', () => ({ preset: 'custom', from: yearAgo, to: today }));
  const page = await time('/api/reports/search-history', (i) => ({ preset: '30d', comunaId: comunas[i % comunas.length], outcome: i % 2 ? 'COMPLETE' : undefined, perPage: 20 }));
  const firstPage = await time('/api/reports/search-history', () => ({ preset: '30d', perPage: 20 }));

  const exportQuery = new URLSearchParams({ preset: 'custom', from: new Date(Date.now() - 399 * 86400_000).toISOString().slice(0, 10), to: today, format: 'csv' });
  const started = performance.now();
  const answer = await fetch(`${url}/api/reports/search-history/export?${exportQuery}`, { headers: auth });
  let lines = 0;
  let bytes = 0;
  const reader = answer.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    // Counted with indexOf: a byte-by-byte loop here was slower than the server it measures.
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines++;
    if (lines - 1 >= EXPORT_ROWS) {
      await reader.cancel();
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = Math.min(lines - 1, EXPORT_ROWS);
  const memory = processMemory(child.pid!);

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\nDataset: ${sizes.map((r) => `${r.relname} ${Number(r.n).toLocaleString('es-CL')}`).join(', ')}`);
  console.log(`Machine: ${machineLoad()}; ${SAMPLES} sequential requests per figure, through HTTP.`);
  console.log(`| figure | p50 | p95 | aim |`);
  console.log(`| dashboard, 30 days | ${ms(dash30.p50)} | ${ms(dash30.p95)} | p95 < 300 ms |`);
  console.log(`| dashboard, 12 months | ${ms(dash12.p50)} | ${ms(dash12.p95)} | p95 < 300 ms |`);
  console.log(`| search history, comuna (+ outcome), 30 days, page 1 | ${ms(page.p50)} | ${ms(page.p95)} | < 150 ms |`);
  console.log(`| search history, 30 days unfiltered, page 1 | ${ms(firstPage.p50)} | ${ms(firstPage.p95)} | < 150 ms |`);
  console.log(`| CSV export | ${rows.toLocaleString('es-CL')} rows, ${(bytes / 1048576).toFixed(0)} MiB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('es-CL')} rows/s | API RSS ${idle.rssMiB.toFixed(0)} MiB before the figures, ${memory.rssMiB.toFixed(0)} MiB after, peak ${memory.peakMiB.toFixed(0)} MiB (peak before: ${idle.peakMiB.toFixed(0)} MiB) | ≥ 100.000 rows/s, < 200 MB |`);
} finally {
  if (child) await stopApi(child);
  await db.end().catch(() => undefined);
  if (process.env.BENCH_KEEP_DATABASE) console.log(`Kept the database for a closer look: ${databaseUrl}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
