import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../support/app';
import { ADMIN, signIn } from '../support/accounts';
import { checkoutBody, sellingLaboratory } from './orders-support';

const BASE = '/rswebpaytransaction/api/webpay/v1.2/transactions';
const COMMERCE = '597055555532';

interface FakeTransaction {
  buy_order: string;
  session_id: string;
  amount: number;
  return_url: string;
}

/**
 * A local fake of Transbank's Webpay Plus REST API (create and commit), answering as the real one
 * does; `commitAnswer` lets a test make the "bank" reject, or report another amount.
 */
function fakeTransbank() {
  const transactions = new Map<string, FakeTransaction>();
  const seen: { method: string; path: string; apiKeyId: string | undefined; body: unknown }[] = [];
  let commitAnswer: (tx: FakeTransaction) => object = (tx) => approved(tx);
  // Committed transactions stay known for their refunds ("reembolsos"), like Transbank's.
  const committed = new Map<string, FakeTransaction & { refunded?: boolean; answer: { status?: string } }>();
  let refuseRefunds = false;
  let failCreate = false;
  let created = 0;
  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const body = raw ? JSON.parse(raw) : undefined;
    seen.push({ method: req.method!, path: req.url!, apiKeyId: req.headers['tbk-api-key-id'] as string | undefined, body });
    const send = (status: number, payload: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'POST' && req.url === BASE) {
      if (failCreate) return send(500, { error_message: 'Internal server error' });
      const token = `01ab${String(++created).padStart(60, '0')}`;
      transactions.set(token, body);
      return send(200, { token, url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction' });
    }
    const refund = req.method === 'POST' && req.url?.startsWith(`${BASE}/`) && req.url.endsWith('/refunds') ? req.url.slice(BASE.length + 1, -'/refunds'.length) : null;
    if (refund !== null) {
      const tx = committed.get(refund);
      if (!tx || refuseRefunds) return send(422, { error_message: 'Transaction not found or not refundable' });
      if (tx.refunded) return send(422, { error_message: 'Transaction already nullified' });
      if (body?.amount > tx.amount) return send(422, { error_message: 'Invalid amount' });
      tx.refunded = true;
      return send(200, { type: 'NULLIFIED', authorization_code: '123456', authorization_date: new Date().toISOString(), nullified_amount: body.amount, balance: tx.amount - body.amount, response_code: 0 });
    }
    const commit = req.method === 'PUT' && req.url?.startsWith(`${BASE}/`) ? req.url.slice(BASE.length + 1) : null;
    if (commit !== null) {
      const tx = transactions.get(commit);
      if (!tx) return send(422, { error_message: 'Invalid value for parameter: token' });
      transactions.delete(commit);
      const answer = commitAnswer(tx);
      committed.set(commit, { ...tx, answer });
      return send(200, answer);
    }
    // The transaction's status ("estado de una transacción"), as the reconciliation reads it.
    const status = req.method === 'GET' && req.url?.startsWith(`${BASE}/`) ? req.url.slice(BASE.length + 1) : null;
    if (status !== null) {
      const open = transactions.get(status);
      if (open) return send(200, { status: 'INITIALIZED', amount: open.amount, buy_order: open.buy_order, session_id: open.session_id });
      const done = committed.get(status);
      if (!done) return send(422, { error_message: 'Invalid value for parameter: token' });
      return send(200, { ...done.answer, status: done.refunded ? 'NULLIFIED' : done.answer.status });
    }
    send(404, { error_message: 'Not found' });
  });
  return {
    server,
    seen,
    transactions,
    answerCommitsWith: (answer: (tx: FakeTransaction) => object) => (commitAnswer = answer),
    failCreates: (fail: boolean) => (failCreate = fail),
    refuseRefunds: (refuse: boolean) => (refuseRefunds = refuse),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const approved = (tx: FakeTransaction) => ({
  vci: 'TSY', amount: tx.amount, status: 'AUTHORIZED', buy_order: tx.buy_order, session_id: tx.session_id,
  card_detail: { card_number: '6623' }, accounting_date: '1124', transaction_date: new Date().toISOString(),
  authorization_code: '1213', payment_type_code: 'VN', response_code: 0, installments_number: 0,
});

describe('Webpay Plus adapter, against a local fake of Transbank’s REST API', () => {
  const transbank = fakeTransbank();
  let t: TestApp;
  let lab: Awaited<ReturnType<typeof sellingLaboratory>>;

  beforeAll(async () => {
    const host = await transbank.listen();
    t = await startTestApp({ seedLabs: 4, env: { PAYMENT_GATEWAY: 'webpay', WEBPAY_HOST: host, PUBLIC_URL: 'https://cotizalab.example' } });
    lab = await sellingLaboratory(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await transbank.close();
  });

  const checkout = (extra: object = {}) => t.http.post('/api/checkout').send({ ...checkoutBody(lab.laboratory.id, lab.offers.slice(0, 2)), paymentMethod: 'webpay', ...extra }).then((r) => r.body);

  it('creates the transaction with the integration commerce code and sends the browser to Webpay with the token', async () => {
    expect((await t.http.get('/api/payment-methods')).body.data).toEqual([expect.objectContaining({ code: 'webpay', name: 'Webpay Plus', demo: false })]);
    const placed = await checkout();
    expect(placed).toMatchObject({ code: 200, data: { payment: { gateway: 'webpay', url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction', method: 'POST', field: 'token_ws' } } });
    const created = transbank.seen.find((r) => r.method === 'POST')!;
    expect(created.apiKeyId).toBe(COMMERCE);
    expect(created.body).toMatchObject({ buy_order: placed.data.salesOrder.number, amount: placed.data.salesOrder.total, return_url: 'https://cotizalab.example/api/payments/return' });
    // The simulator is not there when Webpay runs.
    expect((await t.http.get(`/api/payments/simulator?token_ws=${'a'.repeat(64)}`)).body).toMatchObject({ code: 404 });
  });

  it('confirms an approved payment by committing it, once: a replayed return does not commit again', async () => {
    const placed = (await checkout()).data;
    const back = await t.http.post('/api/payments/return').type('form').send({ token_ws: placed.payment.token });
    expect(back.headers.location).toBe(`/voucher/${placed.salesOrder.id}?k=${placed.salesOrder.accessKey}`);
    expect(await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: placed.salesOrder.id }, include: { payments: true } })).toMatchObject({ status: 'PAID', payments: [{ status: 'AUTHORIZED', authorizationCode: '1213', cardLast4: '6623' }] });
    const commits = transbank.seen.filter((r) => r.method === 'PUT').length;
    expect((await t.http.get(`/api/payments/return?token_ws=${placed.payment.token}`)).headers.location).toBe(back.headers.location);
    expect(transbank.seen.filter((r) => r.method === 'PUT').length).toBe(commits);
  });

  it('answers a return carrying what no gateway sends (a NUL, a lone surrogate) without an error 500 and without asking Webpay', async () => {
    const asked = transbank.seen.length;
    const answers = [
      await t.http.get('/api/payments/return?token_ws=abc%00def'),
      await t.http.post('/api/payments/return').send({ token_ws: 'abc\ud800' }),
      await t.http.post('/api/payments/return').send({ TBK_TOKEN: '\u0000', TBK_ORDEN_COMPRA: 'x\udfff' }),
    ];
    expect(answers.map((a) => a.status < 500)).toEqual([true, true, true]);
    expect(transbank.seen.length).toBe(asked);
  });

  it('fails the order when the bank rejects, and refuses an answer for another amount', async () => {
    transbank.answerCommitsWith((tx) => ({ ...approved(tx), status: 'FAILED', response_code: -1, authorization_code: '000000' }));
    const rejected = (await checkout()).data;
    expect((await t.http.get(`/api/payments/return?token_ws=${rejected.payment.token}`)).headers.location).toMatch(/^\/transaction\/failed\//);
    expect((await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: rejected.salesOrder.id } })).status).toBe('FAILED');

    transbank.answerCommitsWith((tx) => ({ ...approved(tx), amount: tx.amount - 1 }));
    const mismatch = (await checkout()).data;
    expect((await t.http.get(`/api/payments/return?token_ws=${mismatch.payment.token}`)).headers.location).toMatch(/^\/transaction\/failed\//);
    expect(await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: mismatch.salesOrder.id }, include: { payments: true } })).toMatchObject({ status: 'FAILED', paidAt: null, payments: [{ status: 'REFUSED' }] });
    transbank.answerCommitsWith(approved);
  });

  it('keeps nothing when Webpay cannot start the transaction: a clear 502, and the same key works later', async () => {
    const before = await t.prisma.salesOrder.count();
    transbank.failCreates(true);
    const body = { ...checkoutBody(lab.laboratory.id, [lab.offers[0]]), paymentMethod: 'webpay' };
    expect((await t.http.post('/api/checkout').send(body)).body).toMatchObject({ code: 502, error: 'PAYMENT.GATEWAY_UNAVAILABLE' });
    expect(await t.prisma.salesOrder.count()).toBe(before);
    transbank.failCreates(false);
    expect((await t.http.post('/api/checkout').send(body)).body).toMatchObject({ code: 200 });
  });
  it('refunds a paid order through Webpay Plus (its "reembolso") once; a refund Transbank refuses changes nothing', async () => {
    const admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
    const pay = async () => {
      const placed = (await checkout()).data;
      await t.http.get(`/api/payments/return?token_ws=${placed.payment.token}`);
      return placed as { salesOrder: { id: number; total: number }; payment: { token: string } };
    };
    const refund = (id: number) => t.http.post(`/api/sales-order/${id}/refund`).set('Authorization', `Bearer ${admin}`).send({ reason: 'Cobro duplicado.' }).then((r) => r.body);

    const paid = await pay();
    expect(await refund(paid.salesOrder.id)).toMatchObject({ code: 200, data: { status: 'REFUNDED', refund: { amount: paid.salesOrder.total, gatewayType: 'NULLIFIED' } } });
    const asked = transbank.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/refunds'));
    expect(asked).toEqual([expect.objectContaining({ path: `${BASE}/${paid.payment.token}/refunds`, apiKeyId: COMMERCE, body: { amount: paid.salesOrder.total } })]);
    // Asked again: the refund already made is the answer; Transbank is not asked twice.
    expect(await refund(paid.salesOrder.id)).toMatchObject({ code: 200, data: { status: 'REFUNDED' } });
    expect(transbank.seen.filter((r) => r.path.endsWith('/refunds'))).toHaveLength(1);

    transbank.refuseRefunds(true);
    const other = await pay();
    expect(await refund(other.salesOrder.id)).toMatchObject({ code: 502, error: 'PAYMENT.REFUND_REFUSED' });
    expect(await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: other.salesOrder.id }, include: { refund: true } })).toMatchObject({ status: 'PAID', refund: null });
    transbank.refuseRefunds(false);
  });
});
