import { EventConsumerRegistry } from '../../src/platform/messaging/event-consumers';
import { Outbox } from '../../src/platform/messaging/outbox';
import { NearLocationsChanged } from '../../src/modules/geography';
import { startTestApp, type TestApp } from '../support/app';
import { projectionSettled, waitFor } from '../support/wait';


describe('from a price change to the quote in /buscador', () => {
  let t: TestApp;
  let admin: string;
  let target: { id: number; laboratoryId: number; examId: number; price: number };

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 12 });
    admin = (await t.http.post('/api/auth/sign-in').send({ email: 'admin@cotizalab.test', password: 'clave-de-prueba-123' })).body.data.tokenData.accessToken;
    const row = await t.prisma.laboratoryExam.findFirstOrThrow({ where: { status: 'AUTHORIZED', isActive: true, laboratory: { company: { status: 'APPROVED' } } }, orderBy: { id: 'asc' } });
    target = { id: row.id, laboratoryId: row.laboratoryId, examId: row.examId, price: row.price };
  });
  afterAll(() => t.close());

  const quotedPrice = async () => {
    const answer = await t.http.post('/api/laboratory/search').send({ exams: [target.examId], laboratoryId: target.laboratoryId });
    expect(answer.body.code).toBe(200);
    return answer.body.data.items[0]?.exams[0]?.price as number | undefined;
  };

  it('quotes the new price once the projector has run, and keeps the old one in the history', async () => {
    expect(await quotedPrice()).toBe(target.price);
    const newPrice = target.price + 1230;
    const changed = await t.http.post(`/api/laboratory-exam/${target.id}`).set('Authorization', `Bearer ${admin}`).type('form').send({ price: String(newPrice) });
    expect(changed.body.data).toMatchObject({ price: newPrice, status: 'AUTHORIZED' });
    expect(await waitFor(quotedPrice, (p) => p === newPrice)).toBe(newPrice);
    const history = await t.prisma.laboratoryExamPriceHistory.findMany({ where: { laboratoryExamId: target.id }, orderBy: { id: 'asc' } });
    expect(history.at(-1)).toMatchObject({ oldPrice: target.price, newPrice });
    target.price = newPrice;
  });

  it('changes nothing when the same event is delivered again', async () => {
    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { type: 'LaboratoryExamPriceChanged' }, orderBy: { id: 'desc' } });
    await waitFor(() => t.prisma.outboxEvent.findUniqueOrThrow({ where: { id: event.id } }), (e) => e.publishedAt !== null);
    const before = await t.prisma.searchLaboratory.findUniqueOrThrow({ where: { laboratoryId: target.laboratoryId } });
    // A price changed behind the projector's back shows that a redelivery really did nothing.
    await t.prisma.laboratoryExam.update({ where: { id: target.id }, data: { price: 1 } });
    expect(await t.app.get(EventConsumerRegistry).deliver('search-projector', event.id)).toBe(false);
    expect(await quotedPrice()).toBe(target.price);
    expect((await t.prisma.searchLaboratory.findUniqueOrThrow({ where: { laboratoryId: target.laboratoryId } })).projectedAt).toEqual(before.projectedAt);
    await t.prisma.laboratoryExam.update({ where: { id: target.id }, data: { price: target.price } });
  });

  it('changes nothing when the command rolls back', async () => {
    // Fault injection: the price-history insert fails after the price itself was written.
    await t.prisma.$executeRawUnsafe(`
      CREATE FUNCTION fail_history() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await t.prisma.$executeRawUnsafe(`CREATE TRIGGER fail_history BEFORE INSERT ON laboratory_exam_price_history FOR EACH ROW EXECUTE FUNCTION fail_history()`);
    const events = await t.prisma.outboxEvent.count();
    try {
      const failed = await t.http.post(`/api/laboratory-exam/${target.id}`).set('Authorization', `Bearer ${admin}`).send({ price: target.price + 999 });
      expect(failed.body.code).toBe(500);
      expect(failed.body.error).toBe('SERVER.INTERNAL_ERROR');
    } finally {
      await t.prisma.$executeRawUnsafe('DROP TRIGGER fail_history ON laboratory_exam_price_history');
      await t.prisma.$executeRawUnsafe('DROP FUNCTION fail_history');
    }
    expect((await t.prisma.laboratoryExam.findUniqueOrThrow({ where: { id: target.id } })).price).toBe(target.price);
    expect(await t.prisma.outboxEvent.count()).toBe(events);
    await projectionSettled(t.prisma);
    expect(await quotedPrice()).toBe(target.price);
  });

  it('re-projects every laboratory of a comuna whose neighbours changed', async () => {
    const laboratory = await t.prisma.laboratory.findUniqueOrThrow({ where: { id: target.laboratoryId } });
    // A far-away comuna that does not border the laboratory's.
    const far = await t.prisma.location.findFirstOrThrow({ where: { kind: 'COMUNA', id: { not: laboratory.comunaId }, near: { none: { nearLocationId: laboratory.comunaId } } } });
    const search = () => t.http.post('/api/laboratory/search').send({ exams: [target.examId], location: { id: far.id }, nearLocations: true }).then((r) => r.body.data.items.map((i: { laboratoryId: number }) => i.laboratoryId));
    expect(await search()).not.toContain(laboratory.id);
    await t.prisma.$transaction(async (tx) => {
      await tx.nearLocation.create({ data: { locationId: far.id, nearLocationId: laboratory.comunaId, source: 'MANUAL' } });
      await t.app.get(Outbox).record(tx, [NearLocationsChanged({ comunaIds: [laboratory.comunaId] })]);
    });
    expect(await waitFor(search, (ids) => ids.includes(laboratory.id))).toContain(laboratory.id);
  });

  it('records the search, its result count and the laboratories it showed', async () => {
    const answer = await t.http.post('/api/laboratory/search').send({ exams: [target.examId], session: '1763870000' });
    const search = await waitFor(() => t.prisma.searchHistory.findFirst({ where: { session: 1763870000n } }), (s) => s !== null && (s.shown as unknown[]).length > 0);
    expect(search).toMatchObject({ resultCount: answer.body.data.total, filters: expect.objectContaining({ exams: [target.examId] }) });
    expect((search!.shown as { laboratoryId: number }[]).map((l) => l.laboratoryId)).toEqual(answer.body.data.items.map((i: { laboratoryId: number }) => i.laboratoryId));
  });

  it('answers an order asked again (from the answer cache) with the very body, type and ETag of its first answer, and records it again', async () => {
    const order = { exams: [target.examId], orderBy: 'total', session: '1763870001' };
    const first = await t.http.post('/api/laboratory/search').send(order);
    const again = await t.http.post('/api/laboratory/search').send(order);
    expect(first.body).toMatchObject({ code: 200, data: { total: expect.any(Number), items: expect.any(Array) } });
    expect(first.body.data.items.length).toBeGreaterThan(0);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    const searches = await waitFor(() => t.prisma.searchHistory.findMany({ where: { session: 1763870001n } }), (s) => s.length === 2);
    expect(searches.map((s) => (s.shown as unknown[]).length)).toEqual([first.body.data.items.length, first.body.data.items.length]);
  });
});
