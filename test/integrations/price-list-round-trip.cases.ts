import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { CreatedApiKey } from '../../src/contracts/api-keys';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/wait';
import { bearer, finished } from '../imports/import-helpers';

/**
 * Issue 27, done when: a laboratory's system keeps its prices current without a person. It downloads the company's
 * price list as XLSX, changes three prices and deletes nothing, imports it back with an API key and an
 * `Idempotency-Key` (sent twice: one import), sees exactly three changes; an administrator authorizes them, and the
 * laboratory's server receives the signed `price.authorized` webhook, whose signature verifies.
 */
describe('the price list round trip of a laboratory’s system (API key, Idempotency-Key, webhook)', () => {
  let t: TestApp;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({ seedLabs: 2, env: { WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_MS: '50' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('exports, changes three prices, imports them back with a key once, and is told of their authorization, signed', async () => {
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const companyId = (await t.http.post('/api/company').set(bearer(admin)).send({ rut: '76.086.428-5', legalName: 'Ronda Lab SpA', tradeName: 'Ronda Lab' })).body.data.id as number;
    const provider = (await createProvider(t, admin, companyId, 'sistemas@ronda.cl', 'clave-ronda-lab-1')).token;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Ñuñoa' } })).id;
    const branch = await t.prisma.laboratory.create({ data: { companyId, identifierName: 'Ronda Ñuñoa', addressLine1: 'Av. Grecia 1', comunaId, branchCode: 'SUC-001' } });
    const exams = await t.prisma.exam.findMany({ where: { isActive: true }, orderBy: { code: 'asc' }, take: 5 });
    // A list waiting for its first authorization (a price changed once authorized stays authorized: docs/decisions.md).
    await t.prisma.laboratoryExam.createMany({ data: exams.map((exam, i) => ({ laboratoryId: branch.id, examId: exam.id, price: 5000 + 100 * i, status: 'PENDING' as const })) });

    // Set up once by a person: the system's key and its webhook.
    const key = (await t.http.post('/api/api-key').set(bearer(provider)).send({ name: 'LIS Ronda' })).body.data as CreatedApiKey;
    const hook = (await t.http.post('/api/webhook-endpoint').set(bearer(provider)).send({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cotizalab`, events: ['price.authorized'] })).body.data as { secret: string };

    // The system downloads its list as Excel, and changes three prices (rows 2 to 4), deleting nothing.
    const download = await t.http.get('/api/laboratory-exam-export?format=xlsx').set(bearer(key.secret)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.body as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + exams.length);
    for (const row of [2, 3, 4]) sheet.getRow(row).getCell(5).value = Number(sheet.getRow(row).getCell(5).value) + 250;
    const edited = Buffer.from(await book.xlsx.writeBuffer());

    // Sent twice with the same Idempotency-Key (a retry after a lost answer): one import, the same answer.
    const send = () => t.http.post('/api/laboratory-exam-import').set(bearer(key.secret)).set('Idempotency-Key', 'lista-2026-11-27').field('confirm', 'true').attach('file', edited, 'lista.xlsx');
    const first = await send();
    const again = await send();
    expect(first.body.data.import.summary).toMatchObject({ rows: exams.length, toUpdate: 3, unchanged: exams.length - 3, toCreate: 0, withErrors: 0 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.import.id).toBe(first.body.data.import.id);
    expect(await t.prisma.importJob.count({ where: { companyId } })).toBe(1);
    const job = await finished(t, provider, first.body.data.import.id);
    expect(job.result).toMatchObject({ updated: 3, unchanged: exams.length - 3, created: 0, pendingAuthorization: 3 });
    const changed = await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch.id, examId: { in: exams.slice(0, 3).map((e) => e.id) } }, orderBy: { examId: 'asc' } });
    expect(changed.map((offer) => [offer.price, offer.status])).toEqual([[5250, 'PENDING'], [5350, 'PENDING'], [5450, 'PENDING']]);
    expect((await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: branch.id }, orderBy: { examId: 'asc' } })).map((offer) => offer.price)).toEqual([5250, 5350, 5450, 5300, 5400]);

    // An administrator authorizes them; the system's server hears it, signed with its secret.
    expect((await t.http.post('/api/laboratory-exam/authorize').set(bearer(admin)).send({ ids: changed.map((offer) => offer.id) })).body.data).toMatchObject({ changed: 3 });
    const [hit] = await waitFor(async () => received, (hits) => hits.length > 0);
    const signature = Object.fromEntries(String(hit.headers['cotizalab-signature']).split(',').map((part) => part.split('=', 2)));
    expect(createHmac('sha256', hook.secret).update(`${signature.t}.${hit.body}`).digest('hex')).toBe(signature.v1);
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({ type: 'price.authorized', data: { count: 3 } });
    expect(event.data.prices.map((p: { laboratoryExamId: number; price: number }) => [p.laboratoryExamId, p.price])).toEqual(changed.map((offer) => [offer.id, offer.price]));
  });
});
