/**
 * Import benchmark: a 100,000-price file (CSV, then the same rows as XLSX) uploaded to
 * POST /api/laboratory-exam-import with confirm=true, timed from the upload to committed (the
 * import COMPLETED) and to searchable (every price in the search read model), with rows per second
 * and the peak RSS of the application process; and the same rows loaded with COPY into a scratch
 * table of the same database as the floor, with the ratio.
 *
 * Usage: npm run bench:imports [-- 100000]
 * Needs PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres), Redis
 * (REDIS_URL, default redis://127.0.0.1:6379) and psql (for COPY). It builds the API with swc into a
 * folder of its own (so it measures this tree, not a stale dist/), runs it in role `all`, and drops
 * its database at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Envelope } from '../src/contracts/envelope.ts';
import type { ImportDryRun, ImportJob } from '../src/contracts/imports.ts';
import { freePort, ROOT, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROWS = Number(process.argv[2] ?? 100_000);
const ADMIN = { email: 'bench@cotizalab.cl', password: 'clave-benchmark-1' };
const seconds = (ms: number) => (ms / 1000).toFixed(2);

const work = mkdtempSync(join(tmpdir(), 'cotizalab-bench-imports-'));
const build = join(work, 'dist');
const compiled = spawnSync(join(ROOT, 'node_modules/.bin/swc'), ['src', '-d', build, '--strip-leading-paths', '--copy-files', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
if (compiled.status !== 0) throw new Error(`swc failed: ${compiled.stderr}`);
// The built app finds migrations, reference data and packages beside its folder, as dist/ does.
for (const entry of ['scripts', 'prisma', 'prisma.config.ts', 'data', 'node_modules', 'package.json']) symlinkSync(join(ROOT, entry), join(work, entry));

const database = `cl_bench_imports_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = withDatabase(SERVER_URL, database);
const env = {
  DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: benchRedisPrefix(database), SEED_LABS: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
  DATA_DIR: work, WEB_DIST_DIR: join(work, 'no-web'), LOG_LEVEL: 'warn',
};
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
db.on('error', () => undefined);
let api: ChildProcess | undefined;

/** The built app in role `all` (API, workers, outbox relay, search projector) on a free port. */
async function startApi(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(build, 'main.js'), 'all'], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: process.env.BENCH_APP_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false)) return { url, child };
    if (child.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Peak resident memory of a process since its last reset (Linux VmHWM), in MB. */
const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

try {
  // The seed migrates and creates the catalogue and the administrator (no demo laboratories).
  const seeded = spawnSync(process.execPath, [join(build, 'main.js'), 'seed'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const { rows: exams } = await db.query<{ code: string }>('SELECT code FROM exam WHERE is_active ORDER BY code');
  const branchesPerCompany = Math.ceil(ROWS / exams.length);
  const companies: { id: number; codes: string[] }[] = [];
  for (const [n, rut] of ['76086428-5', '77312560-0'].entries()) {
    const { rows: [company] } = await db.query(`INSERT INTO company (rut, legal_name, trade_name, status, updated_at) VALUES ($1, $2, $2, 'APPROVED', now()) RETURNING id`, [rut, `Bench Imports ${n + 1}`]);
    await db.query(
      `INSERT INTO laboratory (company_id, identifier_name, address_line1, comuna_id, branch_code, updated_at)
       SELECT $1, 'Sucursal ' || g, 'Calle ' || g, (SELECT id FROM location WHERE kind = 'COMUNA' ORDER BY id LIMIT 1), 'S' || lpad(g::text, 4, '0'), now()
       FROM generate_series(1, $2) g`,
      [company.id, branchesPerCompany],
    );
    companies.push({ id: company.id, codes: Array.from({ length: branchesPerCompany }, (_, g) => `S${String(g + 1).padStart(4, '0')}`) });
  }
  // The branches inserted above are put in the search as the app would have on their registration.
  const reindexed = spawnSync(process.execPath, [join(build, 'main.js'), 'search:reindex'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (reindexed.status !== 0) throw new Error(`search:reindex failed:\n${reindexed.stdout}\n${reindexed.stderr}`);
  const rowsOf = (codes: string[]) => {
    const rows: [string, string, number][] = [];
    for (const code of codes) for (const [i, exam] of exams.entries()) if (rows.length < ROWS) rows.push([code, exam.code, 1000 + ((i * 37) % 90) * 100]);
    return rows;
  };

  // The files as a laboratory has them: a ;-separated CSV, and an XLSX written row by row.
  const csvPath = join(work, 'precios.csv');
  const csvRows = rowsOf(companies[0].codes);
  writeFileSync(csvPath, ['codigo_sucursal;codigo_fonasa;precio', ...csvRows.map((r) => r.join(';'))].join('\r\n') + '\r\n');
  const xlsxPath = join(work, 'precios.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(xlsxPath), useSharedStrings: false });
  const sheet = workbook.addWorksheet('Precios');
  sheet.addRow(['codigo_sucursal', 'codigo_fonasa', 'precio']).commit();
  for (const row of rowsOf(companies[1].codes)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();

  const started = await startApi();
  api = started.child;
  const signIn = (await (await fetch(`${started.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as Envelope<{ tokenData: { accessToken: string } }>;
  const token = signIn.data.tokenData.accessToken as string;
  const idleRss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))![1]) / 1024;

  const runImport = async (path: string, type: string, companyId: number) => {
    resetPeak(api!.pid!);
    const form = new FormData();
    form.set('companyId', String(companyId));
    form.set('confirm', 'true');
    form.set('file', await openAsBlob(path, { type }), path.split('/').at(-1));
    const t0 = performance.now();
    const uploaded = (await (await fetch(`${started.url}/api/laboratory-exam-import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as Envelope<ImportDryRun>;
    if (uploaded.code !== 200) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`);
    const dryRun = performance.now() - t0;
    const dryRunRss = peakRss(api!.pid!);
    const id = uploaded.data.import.id;
    let committed = 0;
    for (;;) {
      const job = ((await (await fetch(`${started.url}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<ImportJob>).data;
      if (job.status === 'COMPLETED') {
        committed = performance.now() - t0;
        if (job.result?.created !== ROWS) throw new Error(`expected ${ROWS} created: ${JSON.stringify(job.result)}`);
        break;
      }
      if (!['QUEUED', 'RUNNING'].includes(job.status)) throw new Error(`import ${job.status}: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    let searchable = 0;
    for (;;) {
      const { rows: [{ n }] } = await db.query(`SELECT count(*)::int AS n FROM search_laboratory_exam s JOIN laboratory l ON l.id = s.laboratory_id WHERE l.company_id = $1`, [companyId]);
      if (n === ROWS) {
        searchable = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return { dryRun, dryRunRss, committed, searchable, rss: peakRss(api!.pid!), bytes: statSync(path).size };
  };

  const copyFloor = () => {
    spawnSync('psql', [databaseUrl, '-q', '-c', 'DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (branch_code text, exam_code text, price int)'], { encoding: 'utf8' });
    const t0 = performance.now();
    const copied = spawnSync('psql', [databaseUrl, '-q', '-c', `\\copy bench_copy FROM '${csvPath}' WITH (FORMAT csv, HEADER true, DELIMITER ';')`], { encoding: 'utf8' });
    const elapsed = performance.now() - t0;
    if (copied.status !== 0) throw new Error(`COPY failed: ${copied.stderr}`);
    return elapsed;
  };

  const csv = await runImport(csvPath, 'text/csv', companies[0].id);
  const xlsx = await runImport(xlsxPath, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', companies[1].id);
  const copy = copyFloor();

  console.log(`\nImport benchmark: ${ROWS.toLocaleString('en')} prices (${branchesPerCompany} branches x ${exams.length} exams), new offers by an administrator (authorized at once)`);
  console.log(`machine: shared, 2 cores, other jobs running (load average now ${loadavg().map((l) => l.toFixed(1)).join(' / ')}): figures are indicative, not a clean-room measurement`);
  console.log(`app process (role all: API, workers, relay, search projector) idle after start: ${idleRss.toFixed(0)} MB RSS`);
  console.log('| file | size | upload -> dry run answered | -> committed | -> searchable | rows/s (committed) | peak RSS: dry run / whole import | COPY floor | committed / COPY |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, r] of [['CSV', csv], ['XLSX', xlsx]] as const) {
    console.log(`| ${name} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${seconds(r.dryRun)} s | ${seconds(r.committed)} s | ${seconds(r.searchable)} s | ${Math.round(ROWS / (r.committed / 1000)).toLocaleString('en')} | ${r.dryRunRss.toFixed(0)} / ${r.rss.toFixed(0)} MB | ${seconds(copy)} s | ${(r.committed / copy).toFixed(0)}x |`);
  }
} finally {
  api?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await db.end();
  await dropBenchData(admin, databaseUrl, REDIS_URL);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
