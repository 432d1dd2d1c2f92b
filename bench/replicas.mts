/**
 * The several-replicas topology of the compose file (issue 28, item 9), as processes on this machine: 3 API
 * processes and 2 workers on one PostgreSQL and one Redis. Under a search load spread over the three APIs, prices
 * are changed through one of them; every API must quote each new price within a second (each keeps its own answer
 * cache and references, forgotten on the projector's NOTIFY). Then the periodic work is checked to run once per
 * period among the two workers (periodic_run: one claim each).
 *
 *   npm run build && node bench/replicas.mts [SEED_LABS]      (default 200 laboratories)
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { jsonClient, machineLoad, percentile, runCli, startApi, startWorker, stopApi, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LABS = Number(process.argv[2] ?? 200);
const CHANGES = 30;
const ADMIN = { email: 'admin@cotizalab.cl', password: 'clave-replicas-1' };
const ms = (v: number) => `${v.toFixed(0)} ms`;

const database = `cl_bench_replicas_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = withDatabase(SERVER_URL, database);
const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: benchRedisPrefix(database), SEED_LABS: String(LABS), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const apis: { url: string; child: ChildProcess }[] = [];
const workers: ChildProcess[] = [];
let loading = true;
try {
  console.log(`Replicas benchmark: 3 api + 2 worker processes, ${LABS} laboratories; ${machineLoad()}`);
  runCli(['seed'], env);
  for (let i = 0; i < 3; i++) apis.push(await startApi(env, 'api'));
  for (let i = 0; i < 2; i++) workers.push(await startWorker(env));
  const clients = apis.map((api) => jsonClient(api.url));
  const { rows: targets } = await db.query(`
    SELECT le.id, le.laboratory_id, le.exam_id, le.price FROM laboratory_exam le JOIN search_laboratory s ON s.laboratory_id = le.laboratory_id
    WHERE le.status = 'AUTHORIZED' ORDER BY hashtext(le.id::text) LIMIT ${CHANGES}`);
  const { rows: popular } = await db.query(`SELECT exam_id AS id FROM search_laboratory_exam GROUP BY 1 ORDER BY count(*) DESC LIMIT 20`);

  // Searches on every API meanwhile (their answer caches fill), as patients keep searching during changes.
  let searches = 0;
  const background = clients.map(async (_, i) => {
    const client = jsonClient(apis[i].url);
    for (let n = 0; loading; n++) {
      await client.post('/api/laboratory/search', { exams: [popular[n % popular.length].id, popular[(n + 7) % popular.length].id] });
      searches++;
    }
    client.close();
  });

  const token: string = (await clients[0].post('/api/auth/sign-in', ADMIN)).body.data.tokenData.accessToken;
  const lags: number[] = [];
  const lateChanges: string[] = [];
  let late = 0;
  // The first change also waits for the workers' first delivery after they start (a few seconds): not measured.
  for (const [n, target] of targets.entries()) {
    const measured = n > 0;
    // Changed through one API (in turn), read back from all three.
    const price = target.price + 10;
    const changed = await clients[n % 3].post(`/api/laboratory-exam/${target.id}`, { price }, { authorization: `Bearer ${token}` });
    if (changed.status !== 200) throw new Error(`price change answered ${changed.status}`);
    const started = performance.now();
    await Promise.all(clients.map(async (client) => {
      for (;;) {
        const answer = (await client.post('/api/laboratory/search', { exams: [target.exam_id], laboratoryId: target.laboratory_id })).body as { data: { items: { exams: { price: number }[] }[] } };
        if (answer.data.items[0]?.exams[0]?.price === price) break;
        if (performance.now() - started > 30_000) throw new Error('a price change was not quoted within 30 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      const lag = performance.now() - started;
      if (!measured) return;
      lags.push(lag);
      if (lag > 1000) {
        late++;
        lateChanges.push(`change ${n + 1} read from api ${clients.indexOf(client) + 1}: ${ms(lag)}`);
      }
    }));
  }
  loading = false;
  await Promise.all(background);

  // Periodic work: each kind claimed by one worker per period (the two workers tick independently).
  const { rows: periods } = await db.query(`SELECT what, next_at FROM periodic_run ORDER BY what`);
  console.log(`${targets.length - 1} price changes (after one to warm up), each read back from 3 APIs (${lags.length} reads) while ${searches} other searches ran:`);
  console.log(`  new price quoted by an API after: p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}, max ${ms(Math.max(...lags))}; later than 1 s: ${late}`);
  console.log(`  periodic work claimed so far: ${periods.map((p) => `${p.what} (next ${new Date(p.next_at).toISOString()})`).join('; ') || 'none yet (the first periods start 30-60 s after a worker starts)'}`);
  console.log(late === 0 ? 'every API quoted every change within a second' : `${late} reads took more than a second: ${lateChanges.join('; ')}`);
  for (const client of clients) client.close();
} finally {
  loading = false;
  for (const api of apis) await stopApi(api.child);
  for (const worker of workers) await stopApi(worker);
  await db.end();
  await dropBenchData(admin, databaseUrl, REDIS_URL);
  await admin.end();
}
