import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { requiredEnv } from '../support/databases';
import { waitFor } from '../support/wait';
import { bearer, upload } from './import-helpers';

const ROOT = join(__dirname, '../..');

/**
 * A worker process killed with SIGKILL in the middle of an import, and another one started: the
 * import goes on from its last committed chunk, and every row ends up applied exactly once.
 * The worker is the real application (`main.js worker`), built with swc into a folder of its own.
 */
describe('a worker killed mid-import (kill -9) and a new one started', () => {
  let t: TestApp;
  let admin: string;
  let companyId: number;
  let build: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    build = mkdtempSync(join(tmpdir(), 'cotizalab-import-worker-'));
    const compiled = spawnSync(join(ROOT, 'node_modules/.bin/swc'), ['src', '-d', build, '--strip-leading-paths', '--copy-files', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    if (compiled.status !== 0) throw new Error(`swc failed: ${compiled.stderr}`);
    // Only the API in this process: the imports run in the child workers.
    t = await startTestApp({ seedLabs: 0, env: { APP_ROLE: 'api' } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    companyId = (await t.http.post('/api/company').set(bearer(admin)).send({ rut: '76.086.428-5', legalName: 'Muchas Sucursales SpA', tradeName: 'Muchas Sucursales' })).body.data.id;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Santiago' } })).id;
    await t.prisma.laboratory.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({ companyId, identifierName: `Sucursal ${i + 1}`, addressLine1: `Calle ${i + 1}`, comunaId, branchCode: `S${String(i + 1).padStart(3, '0')}` })),
    });
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  const startWorker = () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const worker = spawn(process.execPath, [join(build, 'main.js'), 'worker'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_PATH: join(ROOT, 'node_modules'),
        DATABASE_URL: t.db.url,
        REDIS_URL: requiredEnv('TEST_REDIS_URL'),
        REDIS_PREFIX: config.redis!.prefix,
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    worker.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM') console.error(`import worker exited ${code} ${signal}: ${stderr}`);
    });
    workers.push(worker);
    return worker;
  };
  const exited = (worker: ChildProcess) => new Promise<void>((resolve) => (worker.exitCode !== null || worker.signalCode !== null ? resolve() : worker.once('exit', () => resolve())));

  it('resumes from the last committed chunk: nothing applied twice, nothing skipped', async () => {
    const exams = await t.prisma.exam.findMany({ where: { isActive: true }, select: { code: true }, orderBy: { code: 'asc' } });
    const branches = await t.prisma.laboratory.findMany({ where: { companyId }, select: { branchCode: true }, orderBy: { branchCode: 'asc' } });
    const lines = ['codigo_sucursal,codigo_fonasa,precio'];
    for (const b of branches) for (const [i, e] of exams.entries()) lines.push(`${b.branchCode},${e.code},${1000 + i * 10}`);
    const total = lines.length - 1;
    const answer = await upload(t, admin, '/api/laboratory-exam-import', Buffer.from(lines.join('\n')), 'lista-grande.csv', { companyId, confirm: true });
    expect(answer.data.import).toMatchObject({ status: 'QUEUED', summary: { rows: total, toCreate: total } });
    const importId = answer.data.import.id;
    const job = () => t.prisma.importJob.findUniqueOrThrow({ where: { id: importId } });

    const first = startWorker();
    const started = await waitFor(job, (j) => j.lastRow > 0, 60_000);
    first.kill('SIGKILL');
    await exited(first);
    const atCrash = await job();
    expect(started.lastRow).toBeGreaterThan(0);
    // Killed in the middle: some chunks committed, not all, and exactly the rows of those chunks are in.
    expect(atCrash.status).toBe('RUNNING');
    expect(atCrash.rowsDone).toBeGreaterThan(0);
    expect(atCrash.rowsDone).toBeLessThan(total);
    expect(await t.prisma.laboratoryExam.count({ where: { laboratory: { companyId } } })).toBe(atCrash.rowsDone);

    startWorker();
    const done = await waitFor(job, (j) => j.status === 'COMPLETED', 90_000);
    expect(done).toMatchObject({ status: 'COMPLETED', rowsDone: total, created: total, updated: 0, failed: 0 });
    expect(await t.prisma.laboratoryExam.count({ where: { laboratory: { companyId } } })).toBe(total);
    expect(await t.prisma.laboratoryExamPriceHistory.count({ where: { laboratoryExam: { laboratory: { companyId } } } })).toBe(total);
    const events = await t.prisma.outboxEvent.findMany({ where: { type: 'LaboratoryPricesImported' }, select: { payload: true } });
    expect(events.reduce((sum, e) => sum + (e.payload as { offered: number }).offered, 0)).toBe(total);
    const audits = await t.prisma.auditLog.findMany({ where: { action: 'laboratory_exam.imported' }, select: { details: true } });
    expect(audits.reduce((sum, a) => sum + (a.details as { offered: number }).offered, 0)).toBe(total);
    // A sample of prices is the file's.
    const last = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratory: { companyId, branchCode: 'S060' }, exam: { code: exams.at(-1)!.code } } });
    expect(last.price).toBe(1000 + (exams.length - 1) * 10);
  });
});
