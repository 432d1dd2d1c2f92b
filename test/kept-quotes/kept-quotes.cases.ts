import { KEPT_AFTER_EXPIRY_DAYS, KeptQuoteSweep } from '../../src/modules/kept-quotes';
import { announceSearchChange, SEARCH_INDEX, type SearchIndex } from '../../src/modules/search';
import { waitFor } from '../support/wait';
import { startTestApp, type TestApp } from '../support/app';
import { clp } from '../support/format';

/**
 * Issue 30, "a quote to keep": the order's quote at one laboratory kept under a reference for 30 days, opened again
 * (re-quoted, with what changed), printed as a PDF; a reference that does not exist is a 404.
 */
describe('kept quotes (POST /api/quote, GET /api/quote/{ref})', () => {
  let t: TestApp;
  let lab: { id: number; exams: { examId: number; price: number }[] };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 12 });
    const found = await t.prisma.laboratory.findFirstOrThrow({
      where: { isActive: true, company: { status: 'APPROVED' }, exams: { some: { status: 'AUTHORIZED', isActive: true } } },
      select: { id: true, exams: { where: { status: 'AUTHORIZED', isActive: true }, select: { examId: true, price: true }, orderBy: { examId: 'asc' }, take: 3 } },
      orderBy: { id: 'asc' },
    });
    lab = found;
  }, 120_000);
  afterAll(() => t.close());

  const keep = (body: object) => t.http.post('/api/quote').send(body).then((r) => r.body);
  const open = (ref: string) => t.http.get(`/api/quote/${ref}`).then((r) => r.body);

  it('keeps the server’s quote under a reference, reopens it unchanged, then says what changed', async () => {
    const exams = lab.exams.map((e) => e.examId);
    const kept = await keep({ exams, laboratoryId: lab.id, typed: { [exams[0]]: 'HMG', 999: 'no es de la orden' } });
    expect(kept).toMatchObject({ code: 200, data: { ref: expect.stringMatching(/^CTZ-[2-9A-Z]{4}-[2-9A-Z]{4}$/) } });
    const { ref } = kept.data;
    const first = (await open(ref)).data;
    expect(first).toMatchObject({ ref, expired: false, changes: [], laboratory: { id: lab.id }, insurer: null });
    expect(first.exams[0]).toMatchObject({ id: exams[0], typed: 'HMG' });
    expect(first.exams.filter((e: { typed: string | null }) => e.typed)).toHaveLength(1);
    expect(first.then.quote.exams.map((e: { examId: number; price: number }) => [e.examId, e.price])).toEqual(lab.exams.map((e) => [e.examId, e.price]));
    expect(first.now.quote.toPay).toBe(first.then.quote.toPay);
    expect(Date.parse(first.validUntil) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);

    // The laboratory raises its first price: the quote reopened says so, as the order named the exam.
    const [moved] = lab.exams;
    await t.prisma.laboratoryExam.updateMany({ where: { laboratoryId: lab.id, examId: moved.examId }, data: { price: moved.price + 1000 } });
    await t.app.get<SearchIndex>(SEARCH_INDEX).reindexPrices(lab.id, [moved.examId]);
    // As the projector does after a change: the API forgets the answers it kept.
    await announceSearchChange(t.prisma);
    const again = (await waitFor(() => open(ref), (answer) => answer.data.changes.length > 0)).data;
    const name = `HMG (${first.exams[0].name})`;
    expect(again.changes).toEqual([
      `${name}: de ${clp(moved.price)} a ${clp(moved.price + 1000)}.`,
      `Tú pagas: de ${clp(first.then.quote.toPay)} a ${clp(first.then.quote.toPay + 1000)}.`,
    ]);
    expect(again.then.quote.toPay).toBe(first.then.quote.toPay);

    // The PDF: the printable quote, named by its reference.
    const pdf = await t.http.get(`/api/quote/${ref}/pdf`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="cotizacion-${ref}.pdf"`);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.SHOTS_DIR) require('node:fs').writeFileSync(`${process.env.SHOTS_DIR}/cotizacion.pdf`, pdf.body);

    // Past its 30 days it still opens, and says it expired.
    const expiredAt = new Date(Date.now() - 1000);
    await t.prisma.keptQuote.update({ where: { ref }, data: { validUntil: expiredAt } });
    expect((await open(ref)).data.expired).toBe(true);
    // The daily sweep keeps it for months after that, then it is gone like a reference that never existed.
    const sweep = t.app.get(KeptQuoteSweep);
    const day = 86_400_000;
    expect(await sweep.sweep(new Date(expiredAt.getTime() + (KEPT_AFTER_EXPIRY_DAYS - 1) * day))).toBe(0);
    expect((await open(ref)).data.expired).toBe(true);
    expect(await sweep.sweep(new Date(expiredAt.getTime() + (KEPT_AFTER_EXPIRY_DAYS + 1) * day))).toBeGreaterThanOrEqual(1);
    expect(await open(ref)).toMatchObject({ code: 404 });
  });

  it('answers a reference that does not exist with 404, on the API and on its page, and refuses what cannot be kept', async () => {
    expect(await open('CTZ-2222-2222')).toMatchObject({ code: 404, error: 'QUOTE.NOT_FOUND' });
    expect(await open('nada')).toMatchObject({ code: 404 });
    expect((await t.http.get('/cotizacion/CTZ-2222-2222')).status).toBe(404);
    expect(await keep({ exams: [], laboratoryId: lab.id })).toMatchObject({ code: 400, errors: { exams: [expect.any(String)] } });
    expect(await keep({ exams: [lab.exams[0].examId], laboratoryId: 'x' })).toMatchObject({ code: 400, errors: { laboratoryId: [expect.any(String)] } });
    // An exam this laboratory does not offer: nothing to keep.
    const offered = new Set((await t.prisma.laboratoryExam.findMany({ where: { laboratoryId: lab.id }, select: { examId: true } })).map((e) => e.examId));
    const other = await t.prisma.exam.findFirstOrThrow({ where: { isActive: true, id: { notIn: [...offered] } } });
    expect(await keep({ exams: [other.id], laboratoryId: lab.id })).toMatchObject({ code: 422, error: 'QUOTE.NOTHING_QUOTED' });
    expect(await t.prisma.keptQuote.count({ where: { laboratoryId: lab.id, request: { path: ['exams'], equals: [other.id] } } })).toBe(0);
  });
});
