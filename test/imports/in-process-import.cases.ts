import { ImportRunner } from '../../src/modules/imports/jobs/import-runner';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';
import { bearer, csv, finished, upload } from './import-helpers';

/** The embedded default (`npm start` without REDIS_URL): the same import job on the in-process queue. */
describe('imports without Redis (in-process queue)', () => {
  let t: TestApp;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 0, redis: false });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    companyId = (await t.http.post('/api/company').set(bearer(admin)).send({ rut: '76.086.428-5', legalName: 'Sin Redis SpA', tradeName: 'Sin Redis' })).body.data.id;
    const comunaId = (await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', name: 'Santiago' } })).id;
    await t.prisma.laboratory.create({ data: { companyId, identifierName: 'Sucursal Única', addressLine1: 'Calle 1', comunaId, branchCode: 'UNICA' } });
  }, 120_000);
  afterAll(() => t.close());

  const file = (price: number) => csv([['codigo_sucursal', 'codigo_fonasa', 'precio'], ['UNICA', '0301045', String(price)], ['UNICA', '0302047', String(price + 1)]]);

  it('answers the upload at once and runs the import behind it', async () => {
    const answer = await upload(t, admin, '/api/laboratory-exam-import', file(4000), 'lista.csv', { companyId, confirm: true });
    expect(answer.code).toBe(200);
    expect(await finished(t, admin, answer.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { created: 2 } });
  });

  it('goes on with an import a stopped process left queued, when the worker starts again', async () => {
    const answer = await upload(t, admin, '/api/laboratory-exam-import', file(4500), 'lista.csv', { companyId });
    // As if the process died right after the confirmation: queued, but no job in memory any more.
    await t.prisma.importJob.update({ where: { id: answer.data.import.id }, data: { status: 'QUEUED' } });
    await t.app.get(ImportRunner).resumeUnfinished();
    expect(await finished(t, admin, answer.data.import.id)).toMatchObject({ status: 'COMPLETED', result: { updated: 2 } });
    const prices = await waitFor(() => t.prisma.laboratoryExam.findMany({ where: { laboratory: { companyId } }, orderBy: { price: 'asc' } }), (p) => p[0]?.price === 4500);
    expect(prices.map((p) => p.price)).toEqual([4500, 4501]);
  });
});
