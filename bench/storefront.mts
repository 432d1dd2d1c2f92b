/**
 * Storefront benchmark: the JavaScript and CSS that `/` and `/buscador` load (bytes on the wire,
 * gzip, as the app serves them) and the time from navigation to the first quote on screen in
 * headless Chromium, with a cold cache (a new browser context per run) and a warm one.
 *
 * Usage: npm run bench:storefront [-- runs]   (default 20 runs; SEED_LABS 300, the demo size)
 * Needs the build (npm run build), PostgreSQL (DATABASE_URL) and Debian's Chromium.
 */
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { percentile, runCli, startApi, withDatabase } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv[2] ?? 20);
const SEED_LABS = 300;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** What a page loads until the network is idle, by kind, as transferred (compressed) bytes. */
async function weigh(browser: Browser, url: string, encoding: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': encoding } });
  const page = await context.newPage();
  const responses: Promise<{ type: string; bytes: number; encoding: string }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      responses.push(response.request().sizes().then(async (sizes) => ({ type, bytes: sizes.responseBodySize, encoding: (await response.allHeaders())['content-encoding'] ?? 'none' })));
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(responses);
  await context.close();
  const sum = (type: string) => loaded.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
  return { js: sum('script'), css: sum('stylesheet'), files: loaded.length, encodings: [...new Set(loaded.map((r) => r.encoding))].join(',') };
}

async function firstQuote(page: Page, url: string) {
  const started = performance.now();
  await page.goto(url);
  await page.getByTestId('quote').first().waitFor();
  return performance.now() - started;
}

const database = `cl_bench_web_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const env = { DATABASE_URL: withDatabase(SERVER_URL, database), SEED_LABS: String(SEED_LABS), ADMIN_PASSWORD: 'clave-benchmark-1', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `bench-${database}` };
let api: Awaited<ReturnType<typeof startApi>> | undefined;
let browser: Browser | undefined;
try {
  runCli(['seed'], env);
  api = await startApi(env);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const { rows: [order] } = await db.query(`
    SELECT string_agg(id::text, ',' ORDER BY id) AS exams FROM exam WHERE code IN ('0301045', '0302034', '0302047', '0303024', '0302057')`);
  const { rows: [place] } = await db.query(`SELECT c.id AS comuna, c.parent_id AS region FROM location c WHERE c.kind = 'COMUNA' AND c.name = 'Providencia'`);
  await db.end();
  const search = `${api.url}/buscador?examenes=${order.exams}&region=${place.region}&comuna=${place.comuna}&cercanas=1&prevision=1&orden=total`;

  console.log(`Storefront benchmark, ${SEED_LABS} laboratories (demo seed), Chromium headless, ${RUNS} runs\n`);
  console.log('page       | accepted | JS on the wire | CSS on the wire | files | served as');
  for (const [name, url] of [['/', `${api.url}/`], ['/buscador', search]]) {
    // gzip is the yardstick; Chromium asks for Brotli too, which the app serves when asked.
    for (const encoding of ['gzip', 'gzip, deflate, br']) {
      const w = await weigh(browser, url, encoding);
      console.log(`${name.padEnd(10)} | ${encoding.padEnd(8).slice(0, 8)} | ${kB(w.js).padStart(14)} | ${kB(w.css).padStart(15)} | ${String(w.files).padStart(5)} | ${w.encodings}`);
    }
  }

  const cold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    cold.push(await firstQuote(await context.newPage(), search));
    await context.close();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstQuote(page, search);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await firstQuote(page, `${search}&pagina=${(i % 3) + 1}`));
  await context.close();
  console.log(`\ntime to first results, 5-exam order in Providencia + neighbours with FONASA (navigation -> first quote card):`);
  console.log(`cold cache: p50 ${ms(percentile(cold, 50))}, p95 ${ms(percentile(cold, 95))}`);
  console.log(`warm cache: p50 ${ms(percentile(warm, 50))}, p95 ${ms(percentile(warm, 95))}`);
} finally {
  await browser?.close();
  api?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
