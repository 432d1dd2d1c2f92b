/**
 * Storefront benchmark: the JavaScript and CSS that `/` and `/buscador` load (bytes on the wire,
 * gzip, as the app serves them), the time from navigation to the first quote on screen in
 * headless Chromium, with a cold cache (a new browser context per run) and a warm one, and
 * Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU; desktop preset) three times on the
 * home, a 3-exam search and a laboratory page, as medians against the aims of issue 18 (and the JavaScript of `/` and
 * `/buscador` against issue 32's 150 kB gzip).
 *
 * Usage: npm run bench:storefront [-- runs]   (default 20 runs; SEED_LABS 300, the demo size)
 * Needs the build (npm run build), PostgreSQL (DATABASE_URL) and Debian's Chromium.
 * WEB_DIST_DIR serves another build of the web app than web/dist; LIGHTHOUSE_JSON_DIR keeps each Lighthouse
 * report there (bootup-time, mainthread-work-breakdown, long tasks: what to look at when a figure misses).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch as launchChrome } from 'chrome-launcher';
import { machineLoad, percentile, runCli, startApi, stopApi, withDatabase, dropBenchData, benchRedisPrefix } from './support.mts';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv[2] ?? 20);
const SEED_LABS = 300;
const LIGHTHOUSE_RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** The JavaScript a page loads until the network is idle, gzip, at most (issue 32, item 4). */
const JS_BUDGET = 150_000;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

interface LighthouseFigures { performance: number; lcp: number; tbt: number; cls: number; accessibility: number; bytes: number }

/** Lighthouse's medians over LIGHTHOUSE_RUNS runs of one page at one form factor, each with a cold cache. */
async function lighthouseMedians(port: number, url: string, formFactor: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // On a busy machine Chromium now and then loses the trace (NO_NAVSTART): that run is taken again, twice at most.
    let lhr;
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, formFactor === 'desktop' ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      lhr = result.lhr;
      if (!lhr.runtimeError) break;
      if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
      const slug = new URL(url).pathname.replace(/\W+/g, '_');
      writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, `${slug}-${formFactor}-${i + 1}.json`), JSON.stringify(lhr));
    }
    const { categories, audits } = lhr;
    runs.push({
      performance: (categories.performance.score ?? 0) * 100,
      accessibility: (categories.accessibility.score ?? 0) * 100,
      lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: audits['total-blocking-time'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      bytes: audits['total-byte-weight'].numericValue ?? NaN,
    });
  }
  const of = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
  return { performance: of('performance'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls'), accessibility: of('accessibility'), bytes: of('bytes') };
}

/** What the page's functions read of the browser (this file is type-checked without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): unknown };
}

async function firstQuote(page: Page, url: string) {
  const started = performance.now();
  await page.goto(url);
  // Checked every frame: a locator's wait polls at widening intervals (up to 500 ms) and would add that much when the
  // page's load event comes early (the app is imported after the first paint, main.tsx).
  // (A function, not a string: the page's CSP forbids eval. `document` is the page's, typed here by hand.)
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="quote"]') !== null, undefined, { polling: 'raf' });
  return performance.now() - started;
}

const database = `cl_bench_web_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const env: Record<string, string> = { ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}), DATABASE_URL: withDatabase(SERVER_URL, database), SEED_LABS: String(SEED_LABS), ADMIN_PASSWORD: 'clave-benchmark-1', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: benchRedisPrefix(database) };
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
  // The three pages: a 3-exam order (hemograma, perfil lipídico, glucosa) and the first public laboratory.
  const { rows: [three] } = await db.query(`SELECT string_agg(id::text, ',' ORDER BY id) AS exams FROM exam WHERE code IN ('0301045', '0302034', '0302076')`);
  const { rows: [lab] } = await db.query(`
    SELECT l.id FROM laboratory l JOIN company c ON c.id = l.company_id
    WHERE l.is_active AND c.status = 'APPROVED' AND EXISTS (SELECT 1 FROM laboratory_exam le WHERE le.laboratory_id = l.id AND le.status = 'AUTHORIZED')
    ORDER BY l.id LIMIT 1`);
  await db.end();
  const search = `${api.url}/buscador?examenes=${order.exams}&region=${place.region}&comuna=${place.comuna}&cercanas=1&prevision=1&orden=total`;
  const lighthousePages: [string, string][] = [
    ['/', `${api.url}/`],
    ['/buscador (3 exámenes)', `${api.url}/buscador?examenes=${three.exams}&region=${place.region}&comuna=${place.comuna}&cercanas=1&orden=total`],
    [`/laboratorio/${lab.id}`, `${api.url}/laboratorio/${lab.id}`],
  ];

  console.log(`Storefront benchmark, ${SEED_LABS} laboratories (demo seed), Chromium headless, ${RUNS} runs\n`);
  console.log('page       | accepted | JS on the wire | CSS on the wire | files | served as');
  const misses: string[] = [];
  for (const [name, url] of [['/', `${api.url}/`], ['/buscador', search]]) {
    // gzip is the yardstick; Chromium asks for Brotli too, which the app serves when asked.
    for (const encoding of ['gzip', 'gzip, deflate, br']) {
      const w = await weigh(browser, url, encoding);
      console.log(`${name.padEnd(10)} | ${encoding.padEnd(8).slice(0, 8)} | ${kB(w.js).padStart(14)} | ${kB(w.css).padStart(15)} | ${String(w.files).padStart(5)} | ${w.encodings}`);
      if (encoding === 'gzip' && w.js > JS_BUDGET) misses.push(`${name}: JS ${kB(w.js)} gzip > ${kB(JS_BUDGET)}`);
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
  await browser.close();
  browser = undefined;

  // Lighthouse drives its own Chromium over the DevTools protocol; one browser for every run, a cold cache each time.
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`\nLighthouse 12, median of ${LIGHTHOUSE_RUNS} runs (mobile: simulated slow 4G, 4x CPU; desktop preset); ${machineLoad()}`);
    console.log('page                   | form    | performance |     LCP |    TBT |   CLS | accessibility |     bytes');
    for (const [name, url] of lighthousePages) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const f = await lighthouseMedians(chrome.port, url, formFactor);
        console.log(`${name.padEnd(22)} | ${formFactor.padEnd(7)} | ${f.performance.toFixed(0).padStart(11)} | ${(f.lcp / 1000).toFixed(2).padStart(5)} s | ${ms(f.tbt).padStart(6)} | ${f.cls.toFixed(3)} | ${f.accessibility.toFixed(0).padStart(13)} | ${kB(f.bytes).padStart(9)}`);
        if (f.cls > 0.05) misses.push(`${name} ${formFactor}: CLS ${f.cls.toFixed(3)} > 0.05`);
        if (f.accessibility < 100) misses.push(`${name} ${formFactor}: accessibility ${f.accessibility.toFixed(0)} < 100`);
        if (formFactor === 'mobile' && f.performance < 90) misses.push(`${name} mobile: performance ${f.performance.toFixed(0)} < 90`);
        if (formFactor === 'mobile' && f.lcp > 2500) misses.push(`${name} mobile: LCP ${(f.lcp / 1000).toFixed(2)} s > 2.5 s`);
      }
    }
    console.log(misses.length ? `\naims missed:\n  ${misses.join('\n  ')}` : `\naims met: JS of / and /buscador <= ${kB(JS_BUDGET)} gzip, mobile performance >= 90 and LCP <= 2.5 s, CLS <= 0.05 and accessibility 100 at both form factors`);
  } finally {
    chrome.kill();
  }
} finally {
  await browser?.close();
  if (api) await stopApi(api.child);
  await dropBenchData(admin, env.DATABASE_URL, env.REDIS_URL);
  await admin.end();
}
