import { AccessLogWriter } from '../../src/modules/reports/jobs/access-log.writer';
import { SearchHistoryWriter, type SearchHistoryJob, type ShownLaboratory } from '../../src/modules/reports/jobs/search-history.writer';
import { ReportsRetentionJob } from '../../src/modules/reports/jobs/reports-retention.job';
import { reportDay } from '../../src/modules/reports/domain/routes';
import type { ReportDashboard } from '../../src/contracts/reports';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, createProvider, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';
import { checkoutBody, payOnSimulator } from '../commerce/orders-support';

/**
 * The reports read back what the storefront recorded: searches made through the quote API and
 * route changes posted to the access log, each counted once however often the queue delivers it.
 */
describe('reports', () => {
  let t: TestApp;
  let admin: string;
  let lab: { id: number; companyId: number; comunaId: number; regionId: number; examId: number };
  let otherLab: number;
  let unofferedExam: number;
  const S1 = 1763900001;
  const S2 = 1763900002;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  const dashboard = async (body: object = {}) => (await t.http.post('/api/reports/dashboard').set(as(admin)).send({ preset: 'today', ...body })).body.data as ReportDashboard;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 6 });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    [lab] = await t.prisma.$queryRaw<typeof lab[]>`
      SELECT l.id, l.company_id AS "companyId", l.comuna_id AS "comunaId", c.parent_id AS "regionId", le.exam_id AS "examId"
      FROM laboratory l JOIN location c ON c.id = l.comuna_id JOIN laboratory_exam le ON le.laboratory_id = l.id AND le.status = 'AUTHORIZED' AND le.is_active
      JOIN company co ON co.id = l.company_id AND co.status = 'APPROVED'
      WHERE l.is_active ORDER BY l.id, le.exam_id LIMIT 1`;
    // Another company's branch (the demo data may have a single company).
    const other = await t.prisma.company.create({ data: { rut: '76086428-5', legalName: 'Otra Empresa SpA', tradeName: 'Otra Empresa', status: 'APPROVED' } });
    [{ id: otherLab }] = await t.prisma.$queryRaw<{ id: number }[]>`UPDATE laboratory SET company_id = ${other.id} WHERE id = (SELECT max(id) FROM laboratory WHERE id <> ${lab.id}) RETURNING id`;
    [{ id: unofferedExam }] = await t.prisma.$queryRaw<{ id: number }[]>`
      SELECT e.id FROM exam e WHERE e.is_active AND NOT EXISTS (SELECT 1 FROM laboratory_exam le WHERE le.exam_id = e.id) ORDER BY e.id LIMIT 1`;
  }, 120_000);

  afterAll(() => t?.close());

  it('counts searches and route changes once each, off the request path', async () => {
    const searches = [];
    // A laboratory's page opened from a quote asks for that laboratory's quote of the order: a view, not a search.
    searches.push(await t.http.post('/api/laboratory/search').send({ exams: [lab.examId], laboratoryId: lab.id, perPage: 1, session: String(S1) }));
    for (let i = 0; i < 3; i++) searches.push(await t.http.post('/api/laboratory/search').send({ exams: [lab.examId], location: lab.comunaId, session: String(S1) }));
    searches.push(await t.http.post('/api/laboratory/search').send({ exams: [unofferedExam], location: lab.comunaId, session: String(S1) }));
    expect(searches.map((s) => s.body.code)).toEqual([200, 200, 200, 200, 200]);
    for (const route of ['/buscador?exams=1', `/laboratorio/${lab.id}`, '/carro']) {
      const logged = await t.http.post('/api/log-access').send({ route, session: S1 });
      expect(logged.body).toMatchObject({ code: 200, data: { recorded: true } });
    }
    await t.http.post('/api/log-access').send({ route: '/', session: S2 });

    const board = await waitFor(dashboard, (d) => d.totals.searches === 4 && d.totals.visits === 4);
    expect(board.totals).toMatchObject({ searches: 4, visits: 4, sessions: 2 });
    expect(board.totals.noResult).toBe(1);
    expect(board.searchesPerDay).toEqual([{ day: reportDay(new Date()), searches: 4, noResult: 1, incomplete: 0 }]);
    expect(board.topExams.find((e) => e.examId === lab.examId)).toMatchObject({ searches: 3, sessions: 1 });
    expect(board.topComunas).toEqual([expect.objectContaining({ comunaId: lab.comunaId, searches: 4 })]);
    expect(board.laboratoriesOpened).toEqual([expect.objectContaining({ laboratoryId: lab.id, opens: 1 })]);
    expect(board.laboratoriesShown.length).toBeGreaterThan(0);
    expect(board.funnel).toEqual({ sessions: 2, searched: 1, openedLaboratory: 1, addedToCart: 1, paidOrders: 0 });

    // A period of whole months reads the monthly rollup, one with edges both: the same exams, counted once.
    const today = reportDay(new Date());
    const [year, month] = today.split('-').map(Number);
    const lastOfMonth = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    for (const period of [{ from: `${today.slice(0, 8)}01`, to: lastOfMonth }, { from: `${year - 1}-${today.slice(5, 7)}-15`, to: lastOfMonth }]) {
      const long = await dashboard({ preset: 'custom', ...period, regionId: lab.regionId });
      expect({ period, exam: long.topExams.find((e) => e.examId === lab.examId) }).toEqual({ period, exam: expect.objectContaining({ searches: 3, sessions: 1 }) });
    }

    // The region filter narrows the searches; another region has none.
    expect((await dashboard({ regionId: lab.regionId })).totals.searches).toBe(4);
    const [{ id: elsewhere }] = await t.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM location WHERE kind = 'REGION' AND id <> ${lab.regionId} LIMIT 1`;
    expect((await dashboard({ regionId: elsewhere })).totals.searches).toBe(0);

    // Addresses are kept truncated.
    const ips = await t.prisma.accessLog.findMany({ select: { ip: true } });
    expect(ips.every((r) => r.ip === '127.0.0.0/24' || r.ip?.endsWith('::/48'))).toBe(true);

    const access = (await t.http.post('/api/reports/access').set(as(admin)).send({ preset: '7d' })).body.data;
    expect(access.routes).toEqual(expect.arrayContaining([{ route: '/laboratorio/:id', visits: 1, signedIn: 0 }, { route: '/buscador', visits: 1, signedIn: 0 }]));
    expect(access.totals).toMatchObject({ visits: 4, sessions: 2 });
  });

  it('ends the funnel with the orders paid through the checkout, in the region of their branch', async () => {
    const offer = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { laboratoryId: lab.id, status: 'AUTHORIZED', isActive: true } });
    const before = (await dashboard()).funnel.paidOrders;
    const placed = await t.http.post('/api/checkout').send(checkoutBody(lab.id, [offer]));
    expect(placed.body.code).toBe(200);
    // Waiting for the payment is not paying.
    expect((await dashboard()).funnel.paidOrders).toBe(before);
    await payOnSimulator(t, placed.body.data.payment.token, 'approve');
    expect((await dashboard()).funnel.paidOrders).toBe(before + 1);
    expect((await dashboard({ regionId: lab.regionId })).funnel.paidOrders).toBe(before + 1);
    const [{ id: elsewhere }] = await t.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM location WHERE kind = 'REGION' AND id <> ${lab.regionId} LIMIT 1`;
    expect((await dashboard({ regionId: elsewhere })).funnel.paidOrders).toBe(0);
  });

  it('counts nothing twice when a batch is delivered again, and nothing of a batch whose worker died mid-way', async () => {
    const before = await dashboard();
    const accessWriter = t.app.get(AccessLogWriter);
    const searchWriter = t.app.get(SearchHistoryWriter);
    // Redelivery of a batch already applied: same job id, same entries.
    const [applied] = await t.prisma.reportBatch.findMany({ where: { kind: 'access' }, take: 1 });
    await accessWriter.write({ id: applied.jobId, name: 'access', attempt: 2, data: { entries: [{ route: '/', session: S2, personId: null, ip: null, at: new Date().toISOString() }] } });
    const search = await t.prisma.searchHistory.findFirstOrThrow({ where: { session: BigInt(S1) } });
    const again: SearchHistoryJob = { filters: search.filters as SearchHistoryJob['filters'], resultCount: search.resultCount, tookMs: 1, session: S1, personId: null, laboratories: (search.shown as unknown as ShownLaboratory[]).map(({ laboratoryId, position, total }) => ({ laboratoryId, position, total })) };
    await searchWriter.write({ id: search.jobId!, name: 'search', attempt: 2, data: again });
    // The same search again inside a batch (as the API hands them over now): its key finds it.
    await searchWriter.write({ id: 'batch-delivered-again', name: 'searches', attempt: 2, data: { searches: [{ ...again, key: search.jobId! }] } });
    expect(await dashboard()).toEqual(before);

    // A worker dies mid-batch: its transaction holds the raw rows but is cut before the rollups commit.
    const jobId = 'killed-mid-batch';
    const entries = [{ route: `/laboratorio/${lab.id}`, session: S2, personId: null, ip: '10.1.2.0/24', at: new Date().toISOString() }];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = t.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM report_laboratory_daily WHERE laboratory_id = ${lab.id} FOR UPDATE`;
      locked();
      await released;
    }, { timeout: 30_000 });
    await isLocked;
    const killed = accessWriter.write({ id: jobId, name: 'access', attempt: 1, data: { entries } });
    // The writer is inside its transaction, its raw rows inserted, waiting to add to the rollups: cut it
    // there (a cancelled statement aborts the transaction as a dead worker's connection would).
    const victim = await waitFor(
      () => t.prisma.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO report_laboratory_daily%'`,
      (rows) => rows.length > 0,
    );
    expect(victim).toHaveLength(1);
    await t.prisma.$queryRaw`SELECT pg_cancel_backend(${victim[0].pid}::int)`;
    await expect(killed).rejects.toThrow();
    release();
    await blocker;
    expect(await t.prisma.reportBatch.count({ where: { jobId } })).toBe(0);
    expect(await t.prisma.accessLog.count({ where: { ip: '10.1.2.0/24' } })).toBe(0);
    expect(await dashboard()).toEqual(before);
    // The queue delivers it again (twice, even): counted once.
    await accessWriter.write({ id: jobId, name: 'access', attempt: 2, data: { entries } });
    await accessWriter.write({ id: jobId, name: 'access', attempt: 3, data: { entries } });
    const after = await dashboard();
    expect(after.totals.visits).toBe(before.totals.visits + 1);
    expect(after.laboratoriesOpened.find((l) => l.laboratoryId === lab.id)?.opens).toBe(2);
    expect(await t.prisma.accessLog.count({ where: { ip: '10.1.2.0/24' } })).toBe(1);
  });

  it('lists the search history with what each search showed, and exports the same rows (audited)', async () => {
    const answer = await t.http.post('/api/reports/search-history').set(as(admin)).send({ preset: '7d', comunaId: lab.comunaId, examId: lab.examId, perPage: 100 });
    expect(answer.body).toMatchObject({ code: 200 });
    const page = answer.body.data;
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({ session: String(S1), comuna: expect.any(String), outcome: 'COMPLETE', exams: [expect.objectContaining({ id: lab.examId })] });
    const none = (await t.http.post('/api/reports/search-history').set(as(admin)).send({ preset: '7d', outcome: 'NONE' })).body.data;
    expect(none.items).toEqual([expect.objectContaining({ resultCount: 0, exams: [expect.objectContaining({ id: unofferedExam })] })]);

    const shown = (await t.http.get(`/api/reports/search-history/${page.items[0].id}`).set(as(admin))).body.data;
    const search = await t.prisma.searchHistory.findUniqueOrThrow({ where: { id: BigInt(page.items[0].id) } });
    expect(shown.results.map((r: { laboratoryId: number }) => r.laboratoryId)).toEqual((search.shown as unknown as ShownLaboratory[]).map((l) => l.laboratoryId));
    expect(shown.results[0]).toMatchObject({ position: 1, total: expect.any(Number), offersAll: expect.any(Boolean) });

    const csv = await t.http.get('/api/reports/search-history/export').set(as(admin)).query({ preset: '7d', comunaId: lab.comunaId, examId: lab.examId, format: 'csv' }).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => done(null, text));
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = (csv.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^N° búsqueda;Fecha;Sesión;Persona/);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(page.items.map((r: { id: string }) => r.id));
    expect(await t.prisma.auditLog.findFirst({ where: { action: 'reports.search_history_exported' } })).toMatchObject({ details: expect.objectContaining({ format: 'csv', comunaId: lab.comunaId }) });

    const xlsx = await t.http.get('/api/reports/search-history/export').set(as(admin)).query({ preset: '7d', format: 'xlsx' }).buffer(true);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('ranks unmet demand: an exam asked in a comuna nobody there offers', async () => {
    const unmet = (await t.http.post('/api/reports/unmet-demand').set(as(admin)).send({ preset: '7d' })).body.data;
    expect(unmet.items).toEqual([expect.objectContaining({ comunaId: lab.comunaId, examId: unofferedExam, sessions: 1, searches: 1, reason: 'NOT_OFFERED' })]);
  });

  it('shows a provider its own branches only, and never the searches or who made them', async () => {
    const provider = (await createProvider(t, admin, lab.companyId, 'reportes@proveedor.test', 'clave-proveedor-123')).token;
    const labs = (await t.http.post('/api/reports/laboratories').set(as(provider)).send({ preset: '7d' })).body.data as { laboratoryId: number }[];
    const own = new Set((await t.prisma.laboratory.findMany({ where: { companyId: lab.companyId }, select: { id: true } })).map((l) => l.id));
    expect(labs.length).toBeGreaterThan(0);
    expect(labs.every((l) => own.has(l.laboratoryId))).toBe(true);
    expect((await t.http.post(`/api/reports/laboratories/${lab.id}`).set(as(provider)).send({ preset: '7d' })).body.data.laboratory).toMatchObject({ laboratoryId: lab.id, opens: 2 });
    expect((await t.http.post(`/api/reports/laboratories/${otherLab}`).set(as(provider)).send({ preset: '7d' })).status).toBe(404);
    for (const path of ['/api/reports/dashboard', '/api/reports/search-history', '/api/reports/access']) {
      expect((await t.http.post(path).set(as(provider)).send({})).status).toBe(403);
    }
    const unmet = (await t.http.post('/api/reports/unmet-demand').set(as(provider)).send({ preset: '7d' })).body.data;
    expect(unmet.items.map((r: { comunaId: number }) => r.comunaId)).toEqual([lab.comunaId]);
  });

  it('refuses a bad period with a clear 400', async () => {
    const bad = await t.http.post('/api/reports/dashboard').set(as(admin)).send({ preset: 'custom', from: '2026-05-10', to: '2026-05-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ to: ['La fecha final es anterior a la inicial.'] });
    expect((await t.http.post('/api/reports/search-history').set(as(admin)).send({ preset: 'ayer' })).status).toBe(400);
    expect((await t.http.get('/api/reports/search-history/abc').set(as(admin))).status).toBe(400);
    const missing = await t.http.get('/api/reports/search-history/999999').set(as(admin));
    expect(missing.body).toMatchObject({ code: 404, error: 'REPORTS.SEARCH_NOT_FOUND' });
  });

  it('prunes raw history past the retention and keeps the rollups', async () => {
    await t.prisma.$executeRaw`UPDATE access_log SET created_at = now() - interval '500 days' WHERE ip = '10.1.2.0/24'`;
    const before = await dashboard();
    const pruned = await t.app.get(ReportsRetentionJob).prune();
    expect(pruned.accessLog).toBe(1);
    expect(await t.prisma.accessLog.count({ where: { ip: '10.1.2.0/24' } })).toBe(0);
    expect(await dashboard()).toEqual(before);
  });
});
