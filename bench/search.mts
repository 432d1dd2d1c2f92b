/**
 * Search benchmark (issue 14): for each size,
 * - latency of POST /api/laboratory/search for a 1-exam and a 5-exam order with a comuna, its
 *   neighbours and FONASA, one request at a time on one kept-alive connection after a warm-up, against the
 *   very same SQL run straight on PostgreSQL (the ratio is the API's own overhead), with the answer cache off;
 * - throughput and latency of 5-exam orders under 1, 8 and 32 concurrent clients (autocannon, in
 *   this process, on the same machine as the API and the database): every order computed (cache
 *   off), then with the answer cache on a workload where orders repeat (Zipf); the API's memory;
 * - the projection lag from a price change (API) to the new price being quoted, and the exam look-up of the
 *   search box (POST /api/exam/search: type-ahead and typos) through HTTP, both once the worker has written the
 *   earlier searches to the history, not beside it;
 * the API (role `api`) and the worker (role `worker`) as two processes on this machine, as docker compose runs them;
 * and at the end the table: each figure against its aim.
 *
 * Usage: npm run bench:search [-- 2000,20000]   (laboratory counts; 300 exams each)
 * Needs the build (npm run build), PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379). Each size gets a database of its own, dropped at the end.
 * BENCH_SAMPLES (default 300) sequential searches per order size; BENCH_LOAD_SECONDS (default 10) per concurrency.
 * BENCH_KEEP_DATABASE=1 keeps each size's database (and prints its URL) to look at plans afterwards.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { databaseBackends, jsonClient, machineLoad, percentile, processCpuMs, processMemory, ROOT, runCli as run, startApi, startWorker, stopApi, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const require = createRequire(import.meta.url);
const { searchStatement } = require(join(ROOT, 'dist/modules/search/infrastructure/postgres-search-index.js'));
const autocannon = require('autocannon');

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIZES = (process.argv[2] ?? '2000,20000').split(',').map(Number);
const EXAMS_PER_LAB = 300;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONCURRENCY = [1, 8, 32];
const ADMIN = { email: 'bench@cotizalab.cl', password: 'clave-benchmark-1' };
/** What people type in the search box: type-ahead prefixes, names, abbreviations, typos, codes. */
const LOOKUPS = ['hemo', 'hemog', 'hemograma', 'hemogrma', 'perfil lip', 'perfil lipidico', 'glisemia', 'tsh', 'orina completa', 'creatinna',
  'hemoglobina glicosilada', 'perfil bioquimico', 'urocultibo', 'vitamina d', 't4 libre', 'colestrol', 'trigliseridos', 'acido urico', 'pcr', 'vhs',
  'feritina', 'insulina', 'protombina', 'grupo sanguineo', '0302034', '03-01-045', 'ferr', 'uro', 'gli', 'vit'];

const ms = (n: number) => `${n.toFixed(1)} ms`;
/** The benchmark's own connections' application name. */
const BENCH_APPLICATION = 'bench-search';
/** Distinct five-exam orders of the cached load. */
const COMMON_ORDERS = 200;

/** Waits until the worker has written the searches made so far to the history (its row count stops growing). */
async function historySettled(db: pg.Pool) {
  const count = async () => Number((await db.query('SELECT count(*) AS n FROM search_history')).rows[0].n);
  const until = Date.now() + 180_000;
  let last = -1;
  for (let n = await count(); n !== last && Date.now() < until; n = await count()) {
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A deterministic generator (mulberry32): the same workload on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws 0..n-1 with probability proportional to 1/(rank+1)^s: a few common, a long tail. */
function zipf(n: number, s: number, seed: number) {
  const next = random(seed);
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let r = next() * total;
    for (let k = 0; k < n; k++) if ((r -= weights[k]) <= 0) return k;
    return n - 1;
  };
}

/** `k` distinct numbers of 0..n-1, deterministic for `seed`. */
function sample(n: number, k: number, seed: number) {
  const next = random(seed);
  const picked = new Set<number>();
  while (picked.size < k) picked.add(Math.floor(next() * n));
  return [...picked].sort((a, b) => a - b);
}

interface SizeFigures {
  labs: number;
  prices: number;
  one: { api: number[]; raw: number[]; plain: number[] };
  five: { api: number[]; raw: number[]; plain: number[] };
  load: { connections: number; rps: number; p50: number; p95: number; p99: number; errors: number; requests: number }[];
  /** The same load with the answer cache on, and a workload where orders repeat as patients repeat them. */
  cached: { figures: SizeFigures['load']; requests: number; distinct: number };
  rss: { rssMiB: number; peakMiB: number };
  lags: number[];
  lookups: number[];
  mixed: MixedFigures;
}

async function benchSize(labs: number): Promise<SizeFigures> {
  const database = `cl_bench_${labs}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = withDatabase(SERVER_URL, database);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: benchRedisPrefix(database), SEED_LABS: String(labs), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // As the API's hot reads run (no JIT; src/platform/database/hot-path.ts).
  // Named, so that its own backends (the benchmark's reads, its history counts) are told apart from the API's.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c jit=off', application_name: BENCH_APPLICATION });
  db.on('error', () => undefined); // idle connections are cut when the database is dropped
  let api: { url: string; child: ChildProcess } | undefined;
  let worker: ChildProcess | undefined;
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
    // A database in use has statistics; one just bulk-loaded has none until autovacuum comes by, and with the
    // stale ones the projection of a price scanned every authorized price's index entry (10 ms a change). Vacuumed
    // too, as autovacuum would within the minute: not beside the measurements.
    await db.query('VACUUM (ANALYZE) laboratory_exam');
    const reindexSeconds = run(['search:reindex'], env);
    const { rows: [size] } = await db.query(`SELECT (SELECT count(*) FROM search_laboratory)::int AS labs, (SELECT count(*) FROM search_laboratory_exam)::int AS prices`);
    const { rows: [server] } = await db.query(`SELECT current_setting('server_version') AS version`);

    // The API and the worker as separate processes, as docker compose runs them (role `all` puts the worker's
    // history writes on the API's event loop: a single-process convenience, not the product's topology).
    worker = await startWorker(env);
    // Searches straight to the database first (no answer cache): the query path against the raw SQL.
    api = await startApi({ ...env, SEARCH_CACHE_ENTRIES: '0' }, 'api');
    const { rows: comunas } = await db.query(`
      SELECT l.comuna_id AS id, c.parent_id AS region FROM search_laboratory l JOIN location c ON c.id = l.comuna_id
      GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 20`);
    const { rows: popular } = await db.query(`SELECT exam_id AS id FROM search_laboratory_exam GROUP BY 1 ORDER BY count(*) DESC LIMIT 40`);
    const { rows: [fonasa] } = await db.query(`SELECT id FROM insurer WHERE code = 'fonasa'`);
    const order = (i: number, n: number) => Array.from({ length: n }, (_, k) => popular[(i * 7 + k * 3) % popular.length].id as number);
    const bodyOf = (i: number, n: number) => {
      const comuna = comunas[i % comunas.length];
      return { comuna, exams: order(i, n), body: { exams: order(i, n), location: { id: comuna.id }, nearLocations: true, pensionHealtInstitutionId: { id: fonasa.id }, orderBy: 'total' } };
    };

    /** What the API asks the search index for such a body (FONASA, comuna + neighbours, by total, first page). */
    const rawQuery = (comuna: { id: number; region: number }, exams: number[]) => ({
      examIds: exams, comunaId: comuna.id, withNearLocations: true, regionId: comuna.region, insurerIds: [fonasa.id],
      coverage: { kind: 'FONASA', mle: true }, filterValueIds: [], orderBy: 'total', orderSort: 'asc', currentPage: 1, perPage: 10,
      // Blood exams: the visit's venous sample taking, with FONASA's 03-07-011 by level (issue 30), as the API adds it.
      visitFees: [{ kind: 'VENOUS', bono: { arancel: [910, 1180, 1460], copay: [450, 720, 1000] } }],
      // As the API asks it on a first page of 2 exams or more: the split's candidates come in the same statement.
      withSplitCandidates: exams.length >= 2,
    });
    // Prepared, as the API runs it (HotPath): the ratio is then the API's own overhead.
    const prepared = (statement: { text: string; values: unknown[] }) => ({ name: `bench_${createHash('sha1').update(statement.text).digest('hex').slice(0, 20)}`, text: statement.text, values: statement.values });

    const measure = async (n: number) => {
      const apiTimes: number[] = [];
      const rawTimes: number[] = [];
      const plainTimes: number[] = [];
      for (let i = 0; i < SAMPLES + 20; i++) {
        const { comuna, exams, body } = bodyOf(i, n);
        let started = performance.now();
        const answer = await client.post('/api/laboratory/search', body);
        if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
        const apiMs = performance.now() - started;
        const query = rawQuery(comuna, exams);
        const statement: { text: string; values: unknown[] } = searchStatement(query);
        started = performance.now();
        await db.query(prepared(statement));
        const rawMs = performance.now() - started;
        // The same without the split's candidates: what computing "Hazlo en 2 laboratorios" costs (issue 30).
        const plain: { text: string; values: unknown[] } = searchStatement({ ...query, withSplitCandidates: false });
        started = performance.now();
        await db.query(prepared(plain));
        const plainMs = performance.now() - started;
        if (i >= 20) {
          apiTimes.push(apiMs);
          rawTimes.push(rawMs);
          plainTimes.push(plainMs);
        }
      }
      return { api: apiTimes, raw: rawTimes, plain: plainTimes };
    };

    // Not measured: a fresh process's first seconds (V8 compiling, connections opening, statements prepared).
    const warmUp = async () => {
      let warm = 0;
      await autocannon({ url: `${api!.url}/api/laboratory/search`, connections: 8, duration: 2, requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request: object) => ({ ...request, body: JSON.stringify(bodyOf(1000 + warm++, 5).body) }) }] });
    };
    let client = jsonClient(api.url);
    await warmUp();
    const one = await measure(1);
    const five = await measure(5);

    // Under load, twice. Without the answer cache: every request a different order of the same comunas and exams,
    // all computed. With it: what patients ask, where some orders and places are far more common than others
    // (Zipf over 20 comunas x 200 five-exam orders of the 40 most offered exams): the cache answers the repeats.
    const underLoad = async (bodies: (i: number) => object): Promise<SizeFigures['load']> => {
      const figures: SizeFigures['load'] = [];
      await warmUp();
      for (const connections of CONCURRENCY) {
        let next = 0;
        const times: number[] = [];
        const instance = autocannon({
          url: `${api!.url}/api/laboratory/search`,
          connections,
          duration: LOAD_SECONDS,
          requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request: object) => ({ ...request, body: JSON.stringify(bodies(next++)) }) }],
        });
        instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
        const result = await instance;
        figures.push({ connections, rps: result.requests.total / result.duration, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), errors: result.non2xx + result.errors + result.timeouts, requests: result.requests.total });
      }
      return figures;
    };
    const load = await underLoad((i) => bodyOf(i, 5).body);

    await stopApi(api.child);
    api = await startApi(env, 'api');
    // The searches so far may still be being written to the history by the worker; what follows is measured once
    // that is done, not beside it.
    await historySettled(db);

    // Projection lag: change a price through the API, then ask /buscador until it quotes it. Counted from the
    // change's answer (the provider's "guardado": the change is committed); the change's own time apart.
    client.close();
    client = jsonClient(api.url);
    const token: string = (await client.post('/api/auth/sign-in', ADMIN)).body.data.tokenData.accessToken;
    const { rows: targets } = await db.query(`SELECT le.id, le.laboratory_id, le.exam_id, le.price FROM laboratory_exam le JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id WHERE le.status = 'AUTHORIZED' ORDER BY hashtext(le.id::text) LIMIT 40`);
    const lags: number[] = [];
    const changes: number[] = [];
    for (const target of targets) {
      const price = target.price + 10;
      const asked = performance.now();
      const changed = await client.post(`/api/laboratory-exam/${target.id}`, { price }, { authorization: `Bearer ${token}` });
      if (changed.status !== 200) throw new Error(`price change answered ${changed.status}`);
      const started = performance.now();
      changes.push(started - asked);
      for (;;) {
        const answer = (await client.post('/api/laboratory/search', { exams: [target.exam_id], laboratoryId: target.laboratory_id })).body as { data: { items: { exams: { price: number }[] }[] } };
        if (answer.data.items[0]?.exams[0]?.price === price) break;
        if (performance.now() - started > 30_000) throw new Error('a price change was not searchable within 30 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      lags.push(performance.now() - started);
    }

    // The search box: what the storefront's type-ahead sends.
    const lookups: number[] = [];
    for (let i = 0; i < SAMPLES + LOOKUPS.length; i++) {
      const started = performance.now();
      const answer = await client.post('/api/exam/search', { term: LOOKUPS[i % LOOKUPS.length], perPage: 8 });
      if (answer.status !== 200) throw new Error(`exam look-up answered ${answer.status}`);
      if (i >= LOOKUPS.length) lookups.push(performance.now() - started);
    }

    // The load with the answer cache.
    const pickComuna = zipf(comunas.length, 1.0, 7);
    const pickOrder = zipf(COMMON_ORDERS, 1.0, 11);
    const orders = Array.from({ length: COMMON_ORDERS }, (_, o) => sample(popular.length, 5, o + 1).map((k) => popular[k].id as number));
    const common: object[] = [];
    const commonBody = (i: number) => {
      while (common.length <= i) {
        const comuna = comunas[pickComuna()];
        common.push({ exams: orders[pickOrder()], location: { id: comuna.id }, nearLocations: true, pensionHealtInstitutionId: { id: fonasa.id }, orderBy: 'total' });
      }
      return common[i];
    };
    const cached = await underLoad(commonBody);
    const distinct = new Set(common.map((b) => JSON.stringify(b))).size;
    const mixed = await mixedLoad(databaseUrl, database, api, worker, fonasa.id, rawQuery, prepared, db);
    const rss = processMemory(api.child.pid!);
    client.close();

    console.log(`\n${size.labs} laboratories x ${EXAMS_PER_LAB} exams = ${size.prices} prices, PostgreSQL ${server.version} (seed ${seedSeconds.toFixed(0)} s, search:reindex ${reindexSeconds.toFixed(1)} s); ${machineLoad()}`);
    console.log(`${SAMPLES} sequential searches each on one kept-alive connection after 2 s of warm-up, comuna + neighbours + FONASA, ordered by total (the top 20 comunas by laboratories, in turn)`);
    console.log('order     |  API p50 |  API p95 |  API p99 |  raw p50 |  raw p95 |  raw p99 | API/raw p50 | API/raw p95');
    for (const [name, { api: apiTimes, raw: rawTimes }] of [['1 exam ', one], ['5 exams', five]] as const) {
      const cells = [50, 95, 99].map((p) => ms(percentile(apiTimes, p)).padStart(8)).concat([50, 95, 99].map((p) => ms(percentile(rawTimes, p)).padStart(8)));
      const ratio = (p: number) => (percentile(apiTimes, p) / percentile(rawTimes, p)).toFixed(2).padStart(11);
      console.log(`${name}   | ${cells.join(' | ')} | ${ratio(50)} | ${ratio(95)}`);
    }
    console.log(`5 exams, the statement without the split's candidates (issue 30): raw p50 ${ms(percentile(five.plain, 50))}, p95 ${ms(percentile(five.plain, 95))}`);
    const printLoad = (figures: SizeFigures['load']) => {
      console.log('clients |    req/s |      p50 |      p95 |      p99 | errors');
      for (const l of figures) console.log(`${String(l.connections).padStart(7)} | ${l.rps.toFixed(0).padStart(8)} | ${ms(l.p50).padStart(8)} | ${ms(l.p95).padStart(8)} | ${ms(l.p99).padStart(8)} | ${l.errors}`);
    };
    console.log(`5-exam orders under load, every one computed (SEARCH_CACHE_ENTRIES=0; autocannon in this process, the API and the worker in two more, ${LOAD_SECONDS} s each):`);
    printLoad(load);
    const requests = cached.reduce((n, l) => n + l.requests, 0);
    console.log(`the same with the answer cache (default), orders as patients repeat them: ${requests} requests, ${distinct} distinct (Zipf over ${comunas.length} comunas x ${COMMON_ORDERS} orders):`);
    printLoad(cached);
    console.log(`API process memory after the load: RSS ${rss.rssMiB.toFixed(0)} MiB (peak ${rss.peakMiB.toFixed(0)} MiB)`);
    console.log(`projection lag (a price change's answer -> quoted by /buscador), ${lags.length} changes: p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}; the change itself (POST /api/laboratory-exam/{id}): p50 ${ms(percentile(changes, 50))}, p95 ${ms(percentile(changes, 95))}`);
    console.log(`exam look-up through HTTP, ${lookups.length} type-ahead terms and typos: p50 ${ms(percentile(lookups, 50))}, p95 ${ms(percentile(lookups, 95))}`);
    console.log(`orders as patients send them (3-6 of the 100 most offered exams, any comuna with laboratories), ${connections32(mixed)}:`);
    console.log(`  API (answer cache on): ${mixed.api.rps.toFixed(0)} req/s, p50 ${ms(mixed.api.p50)}, p99 ${ms(mixed.api.p99)}, ${mixed.api.errors} errors; the same statements on PostgreSQL: ${mixed.raw.rps.toFixed(0)} req/s, p50 ${ms(mixed.raw.p50)}, p99 ${ms(mixed.raw.p99)}; raw/API ${(mixed.raw.rps / mixed.api.rps).toFixed(2)}x`);
    console.log(`  server CPU per search: API ${mixed.cpu.api.toFixed(2)} ms, worker ${mixed.cpu.worker.toFixed(2)} ms, PostgreSQL ${mixed.cpu.database.toFixed(2)} ms (the statement alone, raw: ${mixed.rawDatabaseCpu.toFixed(2)} ms); in all ${(mixed.cpu.api + mixed.cpu.worker + mixed.cpu.database).toFixed(2)} ms`);
    return { labs: size.labs, prices: size.prices, one, five, load, cached: { figures: cached, requests: cached.reduce((n, l) => n + l.requests, 0), distinct }, rss, lags, lookups, mixed };
  } finally {
    if (api && (await stopApi(api.child))) console.log('(the API did not stop within 15 s of SIGTERM and was killed)');
    if (worker && (await stopApi(worker))) console.log('(the worker did not stop within 15 s of SIGTERM and was killed)');
    await db.end();
    await dropBenchData(admin, databaseUrl, REDIS_URL);
    await admin.end();
  }
}

interface MixedFigures {
  orders: number;
  distinct: number;
  api: { rps: number; p50: number; p99: number; errors: number };
  raw: { rps: number; p50: number; p99: number };
  /** CPU milliseconds per search: the API process, the worker (writing the history), PostgreSQL's backends. */
  cpu: { api: number; worker: number; database: number };
  rawDatabaseCpu: number;
}

/**
 * Orders as patients send them (issue 32): 3 to 6 exams among the 100 most offered, in any comuna with laboratories,
 * every request a different order; 32 clients for LOAD_SECONDS against the API as it is deployed (answer cache on),
 * then the very same statements straight on PostgreSQL from 32 connections (what the API adds to the SQL), with the
 * CPU each process spent per search, the worker's until it has written the history of those searches.
 */
async function mixedLoad(
  databaseUrl: string, database: string, api: { url: string; child: ChildProcess }, worker: ChildProcess, fonasaId: number,
  rawQuery: (comuna: { id: number; region: number }, exams: number[]) => object,
  prepared: (statement: { text: string; values: unknown[] }) => { name: string; text: string; values: unknown[] },
  db: pg.Pool,
): Promise<MixedFigures> {
  const { rows: comunas } = await db.query(`SELECT DISTINCT l.comuna_id AS id, c.parent_id AS region FROM search_laboratory l JOIN location c ON c.id = l.comuna_id ORDER BY 1`);
  const { rows: common } = await db.query(`SELECT exam_id AS id FROM search_laboratory_exam GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 100`);
  const next = random(2026);
  const orders: { comuna: { id: number; region: number }; exams: number[] }[] = [];
  const orderAt = (i: number) => {
    while (orders.length <= i) {
      const size = 3 + Math.floor(next() * 4);
      orders.push({ comuna: comunas[Math.floor(next() * comunas.length)], exams: sample(common.length, size, Math.floor(next() * 2 ** 31)).map((k) => common[k].id as number) });
    }
    return orders[i];
  };
  const bodyAt = (i: number) => {
    const { comuna, exams } = orderAt(i);
    return { exams, location: { id: comuna.id }, nearLocations: true, pensionHealtInstitutionId: { id: fonasaId }, orderBy: 'total' };
  };
  const connections = 32;
  const cpuOf = (pids: number[]) => pids.reduce((total, pid) => total + processCpuMs(pid), 0);
  // What the backends alive at the end spent since the start (a backend that closed meanwhile is not counted: its CPU
  // can no longer be read, and subtracting what it had spent before would count it as negative).
  const cpuSince = (before: Map<number, number>, pids: number[]) => pids.reduce((total, pid) => total + processCpuMs(pid) - (before.get(pid) ?? 0), 0);
  const cpuNow = (pids: number[]) => new Map(pids.map((pid) => [pid, processCpuMs(pid)]));

  // Warm-up on orders of their own, then the measured load.
  await autocannon({ url: `${api.url}/api/laboratory/search`, connections: 8, duration: 2, requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request: object) => ({ ...request, body: JSON.stringify(bodyAt(orders.length)) }) }] });
  await historySettled(db);
  const offset = orders.length;
  let sent = 0;
  const times: number[] = [];
  const benchBackends = async () => new Set((await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [database, BENCH_APPLICATION])).rows.map((r) => r.pid as number));
  const before = { api: processCpuMs(api.child.pid!), worker: processCpuMs(worker.pid!), database: cpuNow(databaseBackends(database)) };
  const instance = autocannon({
    url: `${api.url}/api/laboratory/search`, connections, duration: LOAD_SECONDS,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request: object) => ({ ...request, body: JSON.stringify(bodyAt(offset + sent++)) }) }],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await instance;
  const apiCpu = processCpuMs(api.child.pid!) - before.api;
  await historySettled(db);
  // Backends opened during the load (the hot pool grows to its size) count too; those that closed are lost, few.
  const ours = await benchBackends();
  const after = databaseBackends(database).filter((pid) => !ours.has(pid));
  const searches = result.requests.total;
  const cpu = {
    api: apiCpu / searches,
    worker: (processCpuMs(worker.pid!) - before.worker) / searches,
    database: cpuSince(before.database, after) / searches,
  };
  const measured = orders.slice(offset, offset + sent);

  // The same statements straight on PostgreSQL, prepared, from as many connections.
  const statements = measured.map(({ comuna, exams }) => prepared(searchStatement(rawQuery(comuna, exams))));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: '-c jit=off' });
  pool.on('error', () => undefined);
  // The pool's own backends, by asking each of its connections (the API's and the worker's are not the raw SQL's).
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  const rawBackends = await Promise.all(clients.map(async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number));
  for (const client of clients) client.release();
  const rawBefore = cpuOf(rawBackends);
  const rawTimes: number[] = [];
  let at = 0;
  const started = performance.now();
  const until = started + LOAD_SECONDS * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const statement = statements[at++ % statements.length];
      const t = performance.now();
      await pool.query(statement);
      rawTimes.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const rawDatabaseCpu = (cpuOf(rawBackends) - rawBefore) / rawTimes.length;
  await pool.end();
  return {
    orders: searches,
    distinct: new Set(measured.map((o) => `${o.comuna.id}:${o.exams.join(',')}`)).size,
    api: { rps: searches / result.duration, p50: percentile(times, 50), p99: percentile(times, 99), errors: result.non2xx + result.errors + result.timeouts },
    raw: { rps: rawTimes.length / seconds, p50: percentile(rawTimes, 50), p99: percentile(rawTimes, 99) },
    cpu,
    rawDatabaseCpu,
  };
}

const connections32 = (mixed: MixedFigures) => `32 clients, ${LOAD_SECONDS} s, ${mixed.distinct} distinct orders in ${mixed.orders}`;

/** The table: each figure against its aim, from the smallest size and the largest. */
function printSummary(results: SizeFigures[]) {
  const small = results[0];
  const large = results.at(-1)!;
  const p95 = (values: number[]) => percentile(values, 95);
  const rows: [string, string, boolean][] = [];
  // Issue 32: the same aims at 600,000 and at 6,000,000 prices.
  for (const size of large === small ? [small] : [small, large]) {
    const at32 = size.load.find((l) => l.connections === 32);
    rows.push([`5-exam order, API p95, every answer computed (${size.prices} prices)`, `${ms(p95(size.five.api))} | 10 ms`, p95(size.five.api) <= 10]);
    if (at32) rows.push([`throughput, 5-exam orders, 32 clients, every answer computed (${size.prices} prices)`, `${at32.rps.toFixed(0)} req/s, p99 ${ms(at32.p99)} | 400 req/s, p99 < 100 ms`, at32.rps >= 400 && at32.p99 < 100]);
    rows.push([`API resident memory after the loads (${size.prices} prices)`, `${size.rss.rssMiB.toFixed(0)} MiB | 400 MB`, size.rss.rssMiB * 1.048576 <= 400]);
    rows.push([`projection lag p95 (${size.prices} prices)`, `${ms(p95(size.lags))} | 100 ms`, p95(size.lags) <= 100]);
  }
  const ratio = small.mixed.raw.rps / small.mixed.api.rps;
  rows.push([`orders as patients send them, ${small.prices} prices: the API's throughput against the same SQL's (${small.mixed.distinct} distinct orders)`, `${small.mixed.api.rps.toFixed(0)} vs ${small.mixed.raw.rps.toFixed(0)} req/s, ${ratio.toFixed(2)}x | within 1.5x`, ratio <= 1.5]);
  // Issue 14's, kept.
  rows.push([`1-exam order, API p95 (${small.prices} prices)`, `${ms(p95(small.one.api))} | 6 ms`, p95(small.one.api) <= 6]);
  rows.push([`exam look-up p95 through HTTP`, `${ms(p95(small.lookups))} | 5 ms`, p95(small.lookups) <= 5]);
  console.log(`\nThe issue's table (${machineLoad()}):`);
  console.log('| figure | now | aim | met |\n|---|---|---|---|');
  for (const [figure, values, met] of rows) console.log(`| ${figure} | ${values} | ${met ? 'yes' : 'no'} |`);
}

console.log(`Search benchmark, node ${process.version}, PostgreSQL at ${new URL(SERVER_URL).host}; ${machineLoad()}`);
const results: SizeFigures[] = [];
for (const labs of SIZES) results.push(await benchSize(labs));
printSummary(results);
