import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, providersOfTwoCompanies, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { waitFor } from '../support/wait';
import { DELIVERIES_KEPT_DAYS, WebhookDeliverySweep } from '../../src/modules/integrations/webhooks/jobs/webhook-delivery-sweep.job';

/** A local endpoint: what it received, and what it answers (200 unless told). */
interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  status: number;
  server: Server;
}

async function receiver(): Promise<Receiver> {
  const r: Receiver = { url: '', received: [], status: 200, server: createServer() };
  r.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(r.status, { 'Content-Type': 'text/plain' }).end(r.status === 200 ? 'ok' : 'x'.repeat(5000));
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hooks/cotizalab`;
  return r;
}

/** The receiver's side of the signature, written from docs/api/webhooks.md (not from the server's code). */
function verifies(secret: string, body: string, header: string | string[] | undefined): boolean {
  const fields = Object.fromEntries(String(header).split(',').map((p) => p.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${fields.t}.${body}`).digest('hex');
  return expected === fields.v1 && Math.abs(Date.now() / 1000 - Number(fields.t)) < 300;
}

/**
 * Issue 27, item 4, webhooks: a company's endpoint receives its own events, signed; a failing endpoint is retried and
 * ends FAILED in the log without holding up another; "Reenviar" sends again; SSRF and scheme rules refuse bad URLs.
 */
describe('webhooks', () => {
  let t: TestApp;
  let admin: string;
  let providerA: string;
  let providerB: string;
  let companyA: number;
  let good: Receiver;
  let bad: Receiver;
  let other: Receiver;
  let secretA = '';

  const as = (token: string) => ({
    get: (path: string) => t.http.get(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
    post: (path: string, body: object = {}) => t.http.post(path).set('Authorization', `Bearer ${token}`).send(body).then((r) => r.body),
    delete: (path: string) => t.http.delete(path).set('Authorization', `Bearer ${token}`).then((r) => r.body),
  });

  /** New pending prices at exams the branch does not offer yet. */
  async function pendingPrices(token: string, laboratoryId: number, prices: number[]): Promise<number[]> {
    const offered = (await t.prisma.laboratoryExam.findMany({ where: { laboratoryId }, select: { examId: true } })).map((r) => r.examId);
    const exams = await t.prisma.exam.findMany({ where: { id: { notIn: offered }, isActive: true }, orderBy: { id: 'asc' }, take: prices.length });
    const ids = [];
    for (const [i, price] of prices.entries()) ids.push((await as(token).post('/api/laboratory-exam', { laboratoryId, examId: exams[i].id, price })).data.id as number);
    return ids;
  }

  const branchOf = async (companyId: number) => (await t.prisma.laboratory.findFirstOrThrow({ where: { companyId }, orderBy: { id: 'asc' } })).id;

  beforeAll(async () => {
    [good, bad, other] = await Promise.all([receiver(), receiver(), receiver()]);
    bad.status = 500;
    t = await startTestApp({ seedLabs: 16, env: { WEBHOOK_ATTEMPTS: '3', WEBHOOK_BACKOFF_MS: '50', WEBHOOK_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '3000' } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    ({ companyA, providerA, providerB } = await providersOfTwoCompanies(t, admin, 'hooks'));
    await t.prisma.laboratoryExam.updateMany({ where: { status: 'PENDING' }, data: { status: 'AUTHORIZED', authorizedAt: new Date() } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    for (const r of [good, bad, other]) r.server.close();
  });

  it('registers an endpoint and shows its secret once', async () => {
    const created = await as(providerA).post('/api/webhook-endpoint', { url: good.url, events: ['price.authorized', 'price.rejected'] });
    expect(created).toMatchObject({ code: 200, data: { companyId: companyA, url: good.url, events: ['price.authorized', 'price.rejected'], active: true, secret: expect.stringMatching(/^whsec_/) } });
    secretA = created.data.secret;
    const listed = await as(providerA).post('/api/webhook-endpoint/search');
    expect(listed.data.items).toEqual([expect.objectContaining({ id: created.data.id, url: good.url })]);
    expect(JSON.stringify(listed)).not.toContain(secretA);
    // Another company's provider neither sees it nor touches it.
    expect((await as(providerB).post('/api/webhook-endpoint/search')).data.items).toEqual([]);
    expect(await as(providerB).post(`/api/webhook-endpoint/${created.data.id}`, { active: false })).toMatchObject({ code: 404, error: 'WEBHOOK.ENDPOINT_NOT_FOUND' });
    // The other company listens on a server of its own.
    expect((await as(providerB).post('/api/webhook-endpoint', { url: other.url, events: ['price.authorized'] })).code).toBe(200);
  });

  it('refuses a URL that is not https, outside localhost in development', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'ftp://example.cl/x', 'no-url'])
      expect(await as(providerA).post('/api/webhook-endpoint', { url, events: ['order.paid'] })).toMatchObject({ code: 400, error: 'WEBHOOK.URL_REFUSED', errors: { url: [expect.any(String)] } });
    expect(await as(providerA).post('/api/webhook-endpoint', { url: good.url, events: ['price.nope'] })).toMatchObject({ code: 400, errors: { 'events.0': [expect.any(String)] } });
    expect(await as(admin).post('/api/webhook-endpoint', { url: good.url, events: ['order.paid'] })).toMatchObject({ code: 400, errors: { companyId: ['Indica la empresa.'] } });
  });

  it('delivers one signed price.authorized per company and batch, listing its prices, to that company only', async () => {
    const labA = await branchOf(companyA);
    const ids = await pendingPrices(providerA, labA, [15100, 15200]);
    expect(await as(admin).post('/api/laboratory-exam/authorize', { ids })).toMatchObject({ data: { changed: 2 } });
    const received = await waitFor(async () => good.received, (r) => r.length >= 1);
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.headers['cotizalab-event-type']).toBe('price.authorized');
    expect(verifies(secretA, hit.body, hit.headers['cotizalab-signature'])).toBe(true);
    expect(verifies('whsec_wrong', hit.body, hit.headers['cotizalab-signature'])).toBe(false);
    const payload = JSON.parse(hit.body);
    expect(hit.headers['cotizalab-event-id']).toBe(payload.id);
    expect(payload).toMatchObject({ id: expect.stringMatching(/^evt_\d+_\d+$/), type: 'price.authorized', createdAt: expect.any(String), data: { count: 2, part: 1, parts: 1 } });
    expect(payload.data.prices).toEqual(ids.map((id, i) => ({
      laboratoryExamId: id,
      branch: { id: labA, code: expect.any(String), name: expect.any(String) },
      exam: { id: expect.any(Number), fonasaCode: expect.any(String), name: expect.any(String) },
      price: [15100, 15200][i],
      status: 'AUTHORIZED',
      reason: null,
    })));
    // The other company's endpoint got nothing of it.
    expect(other.received).toEqual([]);
    const log = await as(providerA).post('/api/webhook-delivery/search');
    expect(log.data.items).toEqual([expect.objectContaining({ eventType: 'price.authorized', status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 })]);
  });

  it('retries an endpoint that answers 500 and leaves it FAILED, while another keeps receiving', async () => {
    const failing = await as(providerA).post('/api/webhook-endpoint', { url: bad.url, events: ['price.rejected'] });
    const labA = await branchOf(companyA);
    const ids = await pendingPrices(providerA, labA, [16100]);
    expect((await as(admin).post('/api/laboratory-exam/reject', { ids, reason: 'Precio fuera de mercado' })).code).toBe(200);
    const failed = await waitFor(
      () => t.prisma.webhookDelivery.findFirst({ where: { endpointId: failing.data.id }, include: { attempts: { orderBy: { number: 'asc' } } } }),
      (d) => d?.status === 'FAILED',
    );
    expect(failed).toMatchObject({ status: 'FAILED', attemptCount: 3, lastStatusCode: 500 });
    expect(failed!.attempts.map((a) => [a.number, a.statusCode])).toEqual([[1, 500], [2, 500], [3, 500]]);
    expect(failed!.attempts[0].response!.length).toBe(1024);
    expect(bad.received).toHaveLength(3);
    // The healthy endpoint had the same event, once, signed.
    const rejected = await waitFor(async () => good.received.filter((r) => r.headers['cotizalab-event-type'] === 'price.rejected'), (r) => r.length >= 1);
    expect(rejected).toHaveLength(1);
    expect(JSON.parse(rejected[0].body).data.prices[0]).toMatchObject({ laboratoryExamId: ids[0], status: 'REJECTED', reason: 'Precio fuera de mercado' });
    expect(verifies(secretA, rejected[0].body, rejected[0].headers['cotizalab-signature'])).toBe(true);

    // The attempts are in the log with their status, duration and a bounded snippet.
    const detail = await as(providerA).get(`/api/webhook-delivery/${failed!.id}`);
    expect(detail.data).toMatchObject({ status: 'FAILED', attempts: 3, attemptLog: [expect.objectContaining({ number: 1, statusCode: 500, error: 'El servidor respondió 500' }), expect.anything(), expect.anything()] });
    expect(await as(providerB).get(`/api/webhook-delivery/${failed!.id}`)).toMatchObject({ code: 404, error: 'WEBHOOK.DELIVERY_NOT_FOUND' });

    // "Reenviar", once the endpoint is fixed: one more attempt, the same event.
    bad.status = 200;
    expect(await as(providerA).post(`/api/webhook-delivery/${failed!.id}/redeliver`)).toMatchObject({ code: 200, data: { status: 'PENDING' } });
    const resent = await waitFor(() => t.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: failed!.id } }), (d) => d.status === 'SUCCEEDED');
    expect(resent).toMatchObject({ status: 'SUCCEEDED', attemptCount: 4, lastStatusCode: 200 });
    expect(bad.received).toHaveLength(4);
    expect(bad.received[3].body).toBe(bad.received[0].body);
  });

  it('records nothing for a paused endpoint, and only its company may resend', async () => {
    const [endpoint] = (await as(providerA).post('/api/webhook-endpoint/search')).data.items;
    const [delivered] = (await as(providerA).post('/api/webhook-delivery/search', { endpointId: endpoint.id, status: 'SUCCEEDED' })).data.items;
    expect(await as(providerB).post(`/api/webhook-delivery/${delivered.id}/redeliver`)).toMatchObject({ code: 404, error: 'WEBHOOK.DELIVERY_NOT_FOUND' });
    expect((await as(providerA).post(`/api/webhook-endpoint/${endpoint.id}`, { active: false })).data.active).toBe(false);
    expect(await as(providerA).post(`/api/webhook-delivery/${delivered.id}/redeliver`)).toMatchObject({ code: 409, error: 'WEBHOOK.ENDPOINT_PAUSED' });
    const before = await t.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } });
    const ids = await pendingPrices(providerA, await branchOf(companyA), [17100]);
    expect((await as(admin).post('/api/laboratory-exam/authorize', { ids })).code).toBe(200);
    // Once the consumer handled the decision, there is still no delivery for the paused endpoint.
    const handled = await waitFor(
      async () => (await t.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM outbox_event e WHERE e.type = 'PriceDecisionsMade'
          AND NOT EXISTS (SELECT 1 FROM processed_event p WHERE p.consumer = 'webhooks' AND p.event_id = e.id)`)[0].n,
      (n) => n === 0,
    );
    expect(handled).toBe(0);
    expect(await t.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(before);
    expect((await as(providerA).post(`/api/webhook-endpoint/${endpoint.id}`, { active: true })).data.active).toBe(true);
  });

  it('keeps finished deliveries in the log for 30 days, and pending ones until they finish', async () => {
    const [endpoint] = (await as(providerA).post('/api/webhook-endpoint/search')).data.items;
    const day = 86_400_000;
    const made = (status: 'SUCCEEDED' | 'FAILED' | 'RETRYING', daysAgo: number) =>
      t.prisma.webhookDelivery.create({
        data: { endpointId: endpoint.id, eventId: `evt_sweep_${status}_${daysAgo}`, eventType: 'price.authorized', body: '{}', status, maxAttempts: 8, createdAt: new Date(Date.now() - daysAgo * day),
          attempts: { create: { number: 1, durationMs: 40, statusCode: 200 } } },
      });
    const [old, oldFailed, oldRetrying, recent] = [await made('SUCCEEDED', DELIVERIES_KEPT_DAYS + 1), await made('FAILED', DELIVERIES_KEPT_DAYS + 1), await made('RETRYING', DELIVERIES_KEPT_DAYS + 1), await made('SUCCEEDED', DELIVERIES_KEPT_DAYS - 1)];
    expect(await t.app.get(WebhookDeliverySweep).sweep()).toBeGreaterThanOrEqual(2);
    const left = (await t.prisma.webhookDelivery.findMany({ where: { id: { in: [old.id, oldFailed.id, oldRetrying.id, recent.id] } }, select: { id: true } })).map((d) => d.id);
    expect(left.sort()).toEqual([oldRetrying.id, recent.id].sort());
    expect(await t.prisma.webhookAttempt.count({ where: { deliveryId: { in: [old.id, oldFailed.id] } } })).toBe(0);
    await t.prisma.webhookDelivery.deleteMany({ where: { id: { in: left } } });
  });

  it('rotates the secret: later deliveries are signed with the new one', async () => {
    const [endpoint] = (await as(providerA).post('/api/webhook-endpoint/search')).data.items;
    const rotated = await as(providerA).post(`/api/webhook-endpoint/${endpoint.id}/rotate-secret`);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(secretA);
    const before = good.received.length;
    const ids = await pendingPrices(providerA, await branchOf(companyA), [18100]);
    await as(admin).post('/api/laboratory-exam/authorize', { ids });
    const received = await waitFor(async () => good.received, (r) => r.length > before);
    const last = received[received.length - 1];
    expect(verifies(rotated.data.secret, last.body, last.headers['cotizalab-signature'])).toBe(true);
    expect(verifies(secretA, last.body, last.headers['cotizalab-signature'])).toBe(false);
    expect((await as(providerA).delete(`/api/webhook-endpoint/${endpoint.id}`)).code).toBe(200);
  });
});

describe('webhooks in production', () => {
  let t: TestApp;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 2, env: { NODE_ENV: 'production' } });
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    companyId = (await t.prisma.company.findFirstOrThrow({ orderBy: { id: 'asc' } })).id;
  }, 180_000);
  afterAll(() => t.close());

  it('refuses http, private, loopback, link-local and metadata addresses', async () => {
    const post = (url: string) => t.http.post('/api/webhook-endpoint').set('Authorization', `Bearer ${admin}`).send({ companyId, url, events: ['order.paid'] }).then((r) => r.body);
    expect(await post('http://10.0.0.1/hook')).toMatchObject({ code: 400, error: 'WEBHOOK.URL_REFUSED', errors: { url: ['La URL debe comenzar con https://.'] } });
    expect(await post('http://169.254.169.254/')).toMatchObject({ code: 400, errors: { url: ['La URL debe comenzar con https://.'] } });
    expect(await post('http://lis.example.cl/hook')).toMatchObject({ code: 400, errors: { url: ['La URL debe comenzar con https://.'] } });
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://127.0.0.1:8443/', 'https://localhost/hook', 'https://[::1]/'])
      expect(await post(url)).toMatchObject({ code: 400, error: 'WEBHOOK.URL_REFUSED', errors: { url: ['La URL apunta a una dirección privada o interna; usa una dirección pública de tu sistema.'] } });
  });
});
