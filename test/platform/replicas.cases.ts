import { startBuilt, type BuiltProcess } from '../support/built-app';
import { requiredEnv, testRedisPrefix } from '../support/databases';
import { startTestApp, serve, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { waitFor } from '../support/wait';

/**
 * The compose file's several-replicas topology (issue 28, item 9) as processes: three APIs (this test's own and
 * two built ones) and two built workers on one PostgreSQL and one Redis. Each API keeps its own answer cache and
 * references; a price changed through any of them must be quoted by all three. (That the periodic work runs once
 * among several workers is proven where it is claimed: periodic-claims.cases.ts.)
 */
describe('three APIs and two workers on one database', () => {
  let t: TestApp;
  let admin: string;
  const processes: BuiltProcess[] = [];
  const apis: string[] = [];

  beforeAll(async () => {
    const prefix = testRedisPrefix();
    t = await startTestApp({ seedLabs: 6, env: { APP_ROLE: 'api', REDIS_PREFIX: prefix } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const env = { DATABASE_URL: t.db.url, REDIS_URL: requiredEnv('TEST_REDIS_URL'), REDIS_PREFIX: prefix, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' };
    processes.push(...(await Promise.all([startBuilt('api', env), startBuilt('api', env), startBuilt('worker', env), startBuilt('worker', env)])));
    apis.push(await serve(t), processes[0].url, processes[1].url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await t?.close();
  });

  const quotedPrice = async (api: string, examId: number, laboratoryId: number) => {
    const answer = await fetch(`${api}/api/laboratory/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ exams: [examId], laboratoryId }) });
    const body = (await answer.json()) as { data: { items: { exams: { price: number }[] }[] } };
    return body.data.items[0]?.exams[0]?.price;
  };

  it('quotes a price changed through any API from every API, each having cached the old one', async () => {
    const offers = await t.prisma.laboratoryExam.findMany({ where: { status: 'AUTHORIZED', laboratory: { isActive: true } }, select: { id: true, examId: true, laboratoryId: true, price: true }, orderBy: { id: 'asc' }, take: 3 });
    expect(offers).toHaveLength(3);
    for (const [n, offer] of offers.entries()) {
      // Every API has answered (and cached) the price before it changes.
      for (const api of apis) expect(await quotedPrice(api, offer.examId, offer.laboratoryId)).toBe(offer.price);
      const price = offer.price + 10;
      const changed = await fetch(`${apis[n]}/api/laboratory-exam/${offer.id}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ price }) });
      expect(changed.status).toBe(200);
      const quoted = await Promise.all(apis.map((api) => waitFor(() => quotedPrice(api, offer.examId, offer.laboratoryId), (p) => p === price, 20_000)));
      expect(quoted).toEqual([price, price, price]);
    }
    // Nothing went wrong in any process meanwhile.
    for (const p of processes) expect(p.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
