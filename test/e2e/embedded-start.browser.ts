import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { isAlive } from '../../src/platform/database/embedded-postgres';
import { chromiumOfTheArea, closeAreaContexts } from '../support/area-chromium';
import { freePort } from '../support/environment';

const ROOT = join(__dirname, '..', '..');

/** `npm start` as a new user runs it: no DATABASE_URL, no REDIS_URL, a fresh DATA_DIR. */
class RunningApp {
  output = '';
  private constructor(readonly child: ChildProcess, readonly url: string) {}

  static async start(env: Record<string, string>): Promise<RunningApp> {
    const { DATABASE_URL: _d, REDIS_URL: _r, ELASTICSEARCH_URL: _e, ...inherited } = process.env;
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js'), 'all'], {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const app = new RunningApp(child, `http://localhost:${env.PORT}`);
    child.stdout!.on('data', (chunk) => (app.output += chunk));
    child.stderr!.on('data', (chunk) => (app.output += chunk));
    const until = Date.now() + 90_000;
    while (Date.now() < until && child.exitCode === null) {
      const ready = (await fetch(`${app.url}/api/health/ready`).then((r) => r.json(), () => null)) as { code?: number } | null;
      if (ready?.code === 200) return app;
      await new Promise((r) => setTimeout(r, 250));
    }
    child.kill('SIGKILL');
    throw new Error(`the app did not become ready:\n${app.output}`);
  }

  get<T = { code: number; data: unknown }>(path: string): Promise<T> {
    return fetch(this.url + path).then((r) => r.json() as Promise<T>);
  }

  killHard(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

describe('a fresh start on the embedded defaults', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'main.js')) || !existsSync(join(ROOT, 'web', 'dist', 'index.html'))) {
      throw new Error('this test starts the built app: run `npm run build` first (`npm test` does)');
    }
    dataDir = await mkdtemp(join(tmpdir(), 'cotizalab-e2e-'));
    env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), SEED_LABS: '20' };
    app = await RunningApp.start(env);
    browser = await chromiumOfTheArea();
  }, 120_000);

  afterAll(async () => {
    await closeAreaContexts(browser);
    await app?.stop();
    // The app waits for its PostgreSQL to exit; should it ever not, the files are still removed once it has.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  it('is ready on the embedded PostgreSQL and the in-process queue, and tells how to sign in', async () => {
    const ready = await app.get('/api/health/ready');
    expect(ready).toEqual({ code: 200, data: { status: 'ready', checks: { database: 'ok', queue: 'ok', queueKind: 'in-process', search: 'ok', searchKind: 'postgres' }, delivery: { backlog: 0, oldestAgeSeconds: null } } });
    expect(app.output).toContain(app.url);
    expect(app.output).toMatch(/sign in at \/app\/login as admin@cotizalab\.cl/);
    expect(app.output).toMatch(/Password: +\S{12,}/);
  });

  it('serves the regions and the 52 comunas of the Metropolitana region', async () => {
    const regions = await app.get<{ data: { id: number; code: string }[] }>('/api/locations');
    expect(regions.data).toHaveLength(16);
    const metropolitana = regions.data.find((r) => r.code === '13')!;
    const comunas = await app.get<{ data: unknown[] }>(`/api/locations/children/${metropolitana.id}`);
    expect(comunas.data).toHaveLength(52);
  });

  it('shows the home page, whose region list comes from the API', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(app.url + '/');
    await page.getByRole('heading', { name: 'Cotiza tus exámenes de laboratorio' }).waitFor();
    await page.locator('#region').click({ force: true });
    await page.getByRole('option', { name: 'Metropolitana de Santiago' }).click();
    // Wait for the region list to close and the comunas to arrive before opening the next list.
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await page.locator('.p-dropdown:not(.p-disabled):has(#comuna) .p-dropdown-label', { hasText: 'Todas las comunas' }).waitFor();
    await page.locator('#comuna').click({ force: true });
    await page.getByRole('option', { name: 'Providencia' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.p-dropdown-panel .p-dropdown-item').count()).toBe(52);
    await page.close();
  });

  it('answers an unknown route with "404 Not Found" and a way home', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    const response = await page.goto(app.url + '/esta-pagina-no-existe');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.getByRole('heading', { name: 'Cotiza tus exámenes de laboratorio' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('keeps every committed row through a kill -9 and a restart, and does not seed again', async () => {
    const credentials = JSON.parse(await readFile(join(dataDir, 'embedded-postgres.json'), 'utf8'));
    const connect = async () => {
      const client = new Client({ host: '127.0.0.1', port: Number(env.EMBEDDED_POSTGRES_PORT), user: credentials.user, password: credentials.password, database: 'cotizalab' });
      await client.connect();
      return client;
    };
    const before = await connect();
    await before.query(`INSERT INTO contact_message (name, email, message) VALUES ('Ana', 'ana@example.cl', 'Guardado antes del corte')`);
    const counts = async (client: Client) =>
      (await client.query(`SELECT (SELECT count(*) FROM laboratory_exam)::int AS prices, (SELECT count(*) FROM app_user)::int AS users, (SELECT count(*) FROM contact_message)::int AS messages`)).rows[0];
    const expected = await counts(before);
    await before.end();

    await app.killHard();
    app = await RunningApp.start(env);

    const after = await connect();
    expect(await counts(after)).toEqual(expected);
    expect(expected.messages).toBe(1);
    await after.end();
    expect(app.output).not.toMatch(/Password:/);
  }, 120_000);

  it('stops its PostgreSQL when it is stopped, leaving nothing running on the cluster', async () => {
    const postmaster = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(isAlive(postmaster)).toBe(true);
    await app.stop();
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 60_000);
});
