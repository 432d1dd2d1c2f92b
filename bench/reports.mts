/**
 * Reports benchmark (issues 12 and 32). Generates, deterministically and set-based (generate_series), access-log
 * rows and searches with their shown laboratories spread over 13 months, in time order as they arrive (ids grow
 * with time), a browsing session in forty signed in; builds the rollups from them (the daily ones as the writers
 * would have, the others with the backfill of their migration); then times through HTTP, one request at a time:
 * - the dashboard (POST /api/reports/dashboard) for the last 30 days and for 12 months (the whole country and its
 *   busiest region), p50 and p95,
 * - a filtered search-history page (a comuna, an outcome, 30 days) and the unfiltered first page,
 * - a streamed CSV export of up to 1,000,000 rows (rows per second), with the API process's resident memory
 *   before it and at its peak during it (the kernel's high-water mark, reset just before the export);
 * - the XLSX export of the last 30 days (rows per second, the API's CPU and how much of it its event loop spent, memory).
 *
 * Usage: node bench/reports.mts [accessRows] [searches]   (default 1000000 500000; the issue's aim is 10000000 5000000)
 * Needs the build (npm run build; BENCH_DIST to use another build directory), PostgreSQL (DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres; a superuser loads faster, its foreign-key checks skipped while the
 * generated rows are loaded) and Redis (REDIS_URL). The API runs in role `api` (BENCH_ROLE=all for API and worker in
 * one process). BENCH_SAMPLES requests per figure (40). The database is dropped at the end (BENCH_KEEP_DATABASE=1
 * keeps it, and prints its URL, to look at plans afterwards).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, jsonClient, machineLoad, percentile, processMemory, ROOT, stopApi, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist');
const ROLE = process.env.BENCH_ROLE ?? 'api';
const ACCESS_ROWS = Number(process.argv[2] ?? 1_000_000);
const SEARCHES = Number(process.argv[3] ?? 500_000);
const SHOWN_PER_SEARCH = 5;
const PERSONS = 500;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const EXPORT_ROWS = 1_000_000;
const ADMIN = { email: 'bench@cotizalab.cl', password: 'clave-benchmark-1' };
const DAY = `(created_at AT TIME ZONE 'UTC' AT TIME ZONE 'America/Santiago')::date`;
/** The rollups' backfill: what the migration runs on an existing database, run here on the generated rows' daily rollups. */
const ROLLUP_MIGRATION = join(ROOT, 'prisma/migrations/20261205000000_reports_rollups/migration.sql');

const database = `cl_bench_reports_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = withDatabase(SERVER_URL, database);
const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: benchRedisPrefix(database), SEED_LABS: '300', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
const db = new pg.Client({ connectionString: databaseUrl });
let child: ReturnType<typeof spawn> | undefined;
const loadAtStart = machineLoad();

const timed = async (label: string, sql: string) => {
  const started = performance.now();
  const r = await db.query(sql);
  console.log(`  ${label}: ${(r.rowCount ?? 0).toLocaleString('es-CL')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};
const fmt = (n: number) => Math.round(n).toLocaleString('es-CL');
/**
 * CPU seconds a process (all its threads) has used (Linux /proc, 100 ticks a second): what a figure cost the API
 * itself, which the machine's other work does not change the way it changes the wall-clock time.
 */
const cpuSeconds = (pid: number, thread = false) => {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** The CPU of the API's main thread alone (its event loop), where the process's figure also counts its other threads. */
const eventLoopCpuSeconds = (pid: number) => cpuSeconds(pid, true);

try {
  const seeded = spawnSync(process.execPath, [join(DIST, 'main.js'), 'seed'], { cwd: ROOT, env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
  await db.connect();
  const generating = performance.now();
  console.log(`Generating ${fmt(ACCESS_ROWS)} access-log rows and ${fmt(SEARCHES)} searches (${SHOWN_PER_SEARCH} shown each) over 395 days...`);
  await db.query(`SELECT setseed(0.42)`);
  await db.query(`SET maintenance_work_mem = '512MB'`);
  // Foreign keys are not checked row by row while the generated rows load (they hold by construction): a superuser only.
  const unchecked = await db.query(`SET session_replication_role = replica`).then(() => true, () => false);
  // Secondary indexes are built once after loading, as a restore does, rather than kept up row by row.
  const indexes = (await db.query<{ indexname: string; indexdef: string }>(`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('search_history', 'access_log') AND indexname NOT LIKE '%\\_pkey'`)).rows;
  for (const index of indexes) await db.query(`DROP INDEX ${index.indexname}`);

  await db.query(`
    INSERT INTO person (first_name, last_name, profile_id, updated_at)
    SELECT 'Paciente ' || g, 'Benchmark', (SELECT id FROM profile WHERE code = 'USR'), now() FROM generate_series(1, ${PERSONS}) g`);
  // Ids by rank, as arrays: each generated row picks by index, with no join that could reorder the rows.
  await db.query(`
    CREATE TEMP TABLE b_ids AS SELECT
      (SELECT array_agg(id ORDER BY id) FROM location WHERE kind = 'COMUNA') AS comunas,
      (SELECT array_agg(parent_id ORDER BY id) FROM location WHERE kind = 'COMUNA') AS regions,
      (SELECT array_agg(id ORDER BY id) FROM exam WHERE is_active) AS exams,
      (SELECT array_agg(id ORDER BY id) FROM laboratory) AS labs,
      (SELECT array_agg(id ORDER BY id) FROM person WHERE last_name = 'Benchmark') AS persons`);
  const [{ nc, ne, nl }] = (await db.query(`SELECT cardinality(comunas) AS nc, cardinality(exams) AS ne, cardinality(labs) AS nl FROM b_ids`)).rows;
  // Demand is skewed as in life: a few comunas and exams take most searches (squared random picks). Rows are
  // written oldest first, as they arrive; a browsing session in forty is signed in (the same person all along).
  const signedIn = (session: string) => `CASE WHEN (${session}) % 40 = 0 THEN i.persons[1 + ((${session}) / 40) % ${PERSONS}] END`;
  await timed('search_history', `
    INSERT INTO search_history (job_id, filters, result_count, took_ms, session, person_id, created_at, comuna_id, region_id, exam_ids, outcome, with_near, shown)
    SELECT 'b' || g, json_build_object('exams', ARRAY[e1, e2], 'location', c)::jsonb,
      CASE WHEN g % 20 = 0 THEN 0 ELSE 5 + g % 40 END, 20 + g % 90, 1700000000 + g / 3, ${signedIn('g / 3')},
      now() - make_interval(secs => ((${SEARCHES} - g)::float8 / ${SEARCHES}) * 395 * 86400), c, r, ARRAY[e1, e2],
      CASE WHEN g % 20 = 0 THEN 'NONE' WHEN g % 7 = 0 THEN 'INCOMPLETE' ELSE 'COMPLETE' END, g % 3 = 0,
      CASE WHEN g % 20 = 0 THEN '[]'::jsonb ELSE (
        SELECT jsonb_agg(jsonb_build_object('laboratoryId', labs[1 + (g::bigint * 31 + k * 101) % ${nl}], 'position', k, 'total', 5000 + (g::bigint * 37 + k) % 40000,
          'copay', NULL, 'offersAll', g % 7 <> 0) ORDER BY k)
        FROM generate_series(1, ${SHOWN_PER_SEARCH}) k) END
    FROM (SELECT x.g, i.comunas[x.cr] AS c, i.regions[x.cr] AS r, i.exams[x.er] AS e1, i.exams[1 + (x.g::bigint * 7919) % ${ne}] AS e2, i.persons, i.labs
          FROM (SELECT g, 1 + floor(power(random(), 2) * ${nc})::int AS cr, 1 + floor(power(random(), 2) * ${ne})::int AS er FROM generate_series(1, ${SEARCHES}) g) x
          CROSS JOIN b_ids i) i`);
  await timed('access_log', `
    INSERT INTO access_log (route, session, person_id, ip, laboratory_id, created_at)
    SELECT CASE g % 5 WHEN 0 THEN '/' WHEN 1 THEN '/buscador?examenes=1' WHEN 2 THEN '/laboratorio/' || lab WHEN 3 THEN '/contacto' ELSE '/carro' END,
      1700000000 + g / 6, ${signedIn('g / 6')}, '10.0.' || (g % 250) || '.0/24', CASE WHEN g % 5 = 2 THEN lab END,
      now() - make_interval(secs => ((${ACCESS_ROWS} - g)::float8 / ${ACCESS_ROWS}) * 395 * 86400)
    FROM (SELECT g, i.labs[1 + (g::bigint * 13) % ${nl}] AS lab, i.persons FROM generate_series(1, ${ACCESS_ROWS}) g CROSS JOIN b_ids i) i`);
  if (unchecked) await db.query(`SET session_replication_role = DEFAULT`);
  const indexing = performance.now();
  for (const index of indexes) await db.query(index.indexdef);
  console.log(`  ${indexes.length} indexes rebuilt in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);

  console.log('Building the rollups from the raw rows...');
  await timed('report_search_daily', `INSERT INTO report_search_daily SELECT ${DAY}, COALESCE(comuna_id, 0), COALESCE(max(region_id), 0), count(*),
    count(*) FILTER (WHERE outcome = 'NONE'), count(*) FILTER (WHERE outcome = 'INCOMPLETE'), sum(took_ms) FROM search_history GROUP BY 1, 2`);
  await timed('report_exam_daily', `INSERT INTO report_exam_daily SELECT ${DAY}, COALESCE(comuna_id, 0), x.exam_id, COALESCE(max(region_id), 0), count(*), count(DISTINCT session)
    FROM search_history, unnest(exam_ids) AS x(exam_id) GROUP BY 1, 2, 3`);
  await timed('report_exam_monthly', `INSERT INTO report_exam_monthly SELECT date_trunc('month', day)::date, region_id, exam_id, sum(searches), sum(sessions)
    FROM report_exam_daily GROUP BY 1, 2, 3`);
  const positionCounts = Array.from({ length: SHOWN_PER_SEARCH }, (_, k) => `count(*) FILTER (WHERE position = ${k + 1})`).join(', ');
  await timed('report_laboratory_daily', `INSERT INTO report_laboratory_daily (day, laboratory_id, impressions, position_sum, top3, opens, positions)
    SELECT ${DAY}, s."laboratoryId", count(*), sum(s.position), count(*) FILTER (WHERE s.position <= 3), 0, ARRAY[${positionCounts}]
    FROM search_history, jsonb_to_recordset(shown) AS s("laboratoryId" int, position int) GROUP BY 1, 2`);
  await timed('  + opens', `INSERT INTO report_laboratory_daily (day, laboratory_id, opens) SELECT ${DAY}, laboratory_id, count(*) FROM access_log WHERE laboratory_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, laboratory_id) DO UPDATE SET opens = EXCLUDED.opens`);
  await timed('report_access_daily', `INSERT INTO report_access_daily SELECT ${DAY}, regexp_replace(split_part(route, '?', 1), '/\\d+(?=/|$)', '/:id', 'g'), count(*), count(person_id) FROM access_log GROUP BY 1, 2`);
  await timed('report_session_daily', `INSERT INTO report_session_daily (day, session, visits, lab_opens, carts, person_id)
    SELECT ${DAY}, session, count(*), count(laboratory_id), count(*) FILTER (WHERE route LIKE '/carro%'), max(person_id) FROM access_log GROUP BY 1, 2`);
  await timed('  + searches', `INSERT INTO report_session_daily (day, session, searches, person_id) SELECT ${DAY}, session, count(*), max(person_id) FROM search_history GROUP BY 1, 2
    ON CONFLICT (day, session) DO UPDATE SET searches = EXCLUDED.searches, person_id = COALESCE(EXCLUDED.person_id, report_session_daily.person_id)`);
  // The rollups of issue 32, with their migration's own backfill (a build from before it leaves them unread).
  if (existsSync(ROLLUP_MIGRATION)) {
    const backfill = readFileSync(ROLLUP_MIGRATION, 'utf8').split(/;\s*$/m).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter((s) => s.startsWith('INSERT INTO'));
    for (const statement of backfill) await timed(/INSERT INTO "(\w+)"/.exec(statement)![1], statement);
  }
  await db.query('VACUUM ANALYZE');
  const tables = ['access_log', 'search_history', 'report_session_daily', 'report_search_daily', 'report_exam_daily', 'report_exam_monthly', 'report_laboratory_daily',
    'report_access_daily', 'report_site_daily', 'report_person_daily', 'report_search_region_daily', 'report_search_monthly', 'report_laboratory_monthly', 'report_exam_region_daily',
    'report_exam_country_daily', 'report_exam_country_monthly'];
  const sizes: string[] = [];
  for (const table of tables) {
    const [row] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [table])).rows;
    if (row.present) sizes.push(`${table} ${fmt(Number((await db.query(`SELECT count(*)::bigint AS n FROM ${table}`)).rows[0].n))}`);
  }
  console.log(`Generated in ${((performance.now() - generating) / 60_000).toFixed(1)} min${unchecked ? '' : ' (foreign keys checked: not a superuser)'}. Rows: ${sizes.join(', ')}`);

  const port = await freePort();
  child = spawn(process.execPath, [join(DIST, 'main.js'), ROLE], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  while (!(await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const idle = processMemory(child.pid!);
  const client = jsonClient(url);
  const signIn = await client.post('/api/auth/sign-in', ADMIN);
  const token = (signIn.body as { data: { tokenData: { accessToken: string } } }).data.tokenData.accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  const chile = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(at);
  const today = chile(new Date());
  const yearAgo = chile(new Date(Date.now() - 364 * 86400_000));
  const comunas = (await db.query(`SELECT unnest(comunas[1:20]) AS id FROM b_ids`)).rows.map((r) => r.id as number);
  const [{ region }] = (await db.query(`SELECT region_id AS region FROM report_search_daily GROUP BY 1 ORDER BY sum(searches) DESC LIMIT 1`)).rows;
  const time = async (path: string, body: (i: number) => object) => {
    const samples: number[] = [];
    const cpu = cpuSeconds(child!.pid!);
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const answer = await client.post(path, body(i), auth);
      if (answer.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      samples.push(performance.now() - started);
    }
    return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpuMs: ((cpuSeconds(child!.pid!) - cpu) * 1000) / SAMPLES };
  };
  const loadBefore = machineLoad();
  const dash30 = await time('/api/reports/dashboard', () => ({ preset: '30d' }));
  const dash12 = await time('/api/reports/dashboard', () => ({ preset: 'custom', from: yearAgo, to: today }));
  const dash12Region = await time('/api/reports/dashboard', () => ({ preset: 'custom', from: yearAgo, to: today, regionId: region }));
  const page = await time('/api/reports/search-history', (i) => ({ preset: '30d', comunaId: comunas[i % comunas.length], outcome: i % 2 ? 'COMPLETE' : undefined, perPage: 20 }));
  const firstPage = await time('/api/reports/search-history', () => ({ preset: '30d', perPage: 20 }));
  client.close();

  // The export: the process's high-water mark is reset first (Linux `clear_refs`), so its peak is the export's.
  const beforeExport = processMemory(child.pid!);
  const hwmReset = (() => {
    try {
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
      return true;
    } catch {
      return false;
    }
  })();
  const exportCpu = cpuSeconds(child.pid!);
  let sampledPeak = beforeExport.rssMiB;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, processMemory(child!.pid!).rssMiB)), 50);
  const exportQuery = new URLSearchParams({ preset: 'custom', from: chile(new Date(Date.now() - 399 * 86400_000)), to: today, format: 'csv' });
  const started = performance.now();
  const clientCpu = process.cpuUsage();
  // As a browser downloads it (fetch asks for gzip, as browsers do, and inflates it).
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
  clearInterval(sampler);
  const rows = Math.min(lines - 1, EXPORT_ROWS);
  const afterExport = processMemory(child.pid!);
  const exportCpuSeconds = cpuSeconds(child.pid!) - exportCpu;
  // What this process spent receiving, inflating and counting: a browser does that on the person's own machine, here it shares the two cores.
  const used = process.cpuUsage(clientCpu);
  const exportClientSeconds = (used.user + used.system) / 1e6;
  const exportPeak = hwmReset ? afterExport.peakMiB : Math.max(sampledPeak, afterExport.rssMiB);

  // The spreadsheet of the last 30 days: formatted by the API's file thread, its event loop left to the requests.
  const xlsxFilter = { preset: 'custom', from: chile(new Date(Date.now() - 29 * 86400_000)), to: today };
  const { SearchHistoryExport } = createRequire(import.meta.url)(join(DIST, 'modules/reports/queries/search-history/search-history.export.js'));
  const counted = new SearchHistoryExport({}).statement(xlsxFilter) as { text: string; values: unknown[] };
  const xlsxRows = Number((await db.query(`SELECT count(*) AS n FROM (${counted.text}) file`, counted.values)).rows[0].n);
  if (hwmReset) writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  const beforeXlsx = { cpu: cpuSeconds(child.pid!), loop: eventLoopCpuSeconds(child.pid!), rss: processMemory(child.pid!).rssMiB };
  const xlsxStarted = performance.now();
  const xlsx = await fetch(`${url}/api/reports/search-history/export?${new URLSearchParams({ ...xlsxFilter, format: 'xlsx' })}`, { headers: auth });
  const xlsxBytes = (await xlsx.arrayBuffer()).byteLength;
  const xlsxSeconds = (performance.now() - xlsxStarted) / 1000;
  const afterXlsx = processMemory(child.pid!);
  const xlsxFigures = { cpu: cpuSeconds(child.pid!) - beforeXlsx.cpu, loop: eventLoopCpuSeconds(child.pid!) - beforeXlsx.loop, peak: hwmReset ? afterXlsx.peakMiB : afterXlsx.rssMiB };
  const loadAfter = machineLoad();

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\nDataset: ${fmt(ACCESS_ROWS)} access-log rows and ${fmt(SEARCHES)} searches; ${sizes.join(', ')}`);
  console.log(`Machine: at the start ${loadAtStart}; before the figures ${loadBefore}; after them ${loadAfter}.`);
  console.log(`API: built ${DIST}, role ${ROLE}; ${SAMPLES} sequential requests per figure, through HTTP.`);
  console.log(`| figure | p50 | p95 | API CPU per request | aim |`);
  console.log(`|---|---|---|---|---|`);
  const line = (label: string, f: { p50: number; p95: number; cpuMs: number }, aim: string) => console.log(`| ${label} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.cpuMs)} | ${aim} |`);
  line('dashboard, 30 days', dash30, 'p95 ≤ 300 ms');
  line('dashboard, 12 months', dash12, 'p95 ≤ 300 ms');
  line('dashboard, 12 months, busiest region', dash12Region, 'p95 ≤ 300 ms');
  line('search history, comuna (+ outcome), 30 days, page 1', page, '< 150 ms');
  line('search history, 30 days unfiltered, page 1', firstPage, '< 150 ms');
  console.log(`\n| CSV export | rows | MiB (inflated) | seconds | rows/s | API CPU | client CPU | API RSS before | API peak RSS during | aim |`);
  console.log(`|---|---|---|---|---|---|---|---|---|---|`);
  console.log(`| last 400 days, newest first | ${fmt(rows)} | ${(bytes / 1048576).toFixed(0)} | ${seconds.toFixed(1)} | ${fmt(rows / seconds)} | ${exportCpuSeconds.toFixed(1)} s | ${exportClientSeconds.toFixed(1)} s | ${beforeExport.rssMiB.toFixed(0)} MiB | ${exportPeak.toFixed(0)} MiB${hwmReset ? '' : ' (sampled every 50 ms)'} | ≥ 100.000 rows/s, < 200 MB |`);
  console.log(`API RSS: ${idle.rssMiB.toFixed(0)} MiB when ready, ${afterExport.rssMiB.toFixed(0)} MiB after the export; the process's lifetime peak before the export ${beforeExport.peakMiB.toFixed(0)} MiB.`);
  console.log(`\n| XLSX export | rows | MiB | seconds | rows/s | API CPU | of it the event loop | API RSS before | API peak RSS during |`);
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  console.log(`| last 30 days | ${fmt(xlsxRows)} | ${(xlsxBytes / 1048576).toFixed(0)} | ${xlsxSeconds.toFixed(1)} | ${fmt(xlsxRows / xlsxSeconds)} | ${xlsxFigures.cpu.toFixed(1)} s | ${xlsxFigures.loop.toFixed(1)} s | ${beforeXlsx.rss.toFixed(0)} MiB | ${xlsxFigures.peak.toFixed(0)} MiB |`);
} finally {
  if (child) await stopApi(child);
  await db.end().catch(() => undefined);
  await dropBenchData(admin, databaseUrl, REDIS_URL);
  await admin.end();
}
