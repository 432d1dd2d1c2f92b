import { PaymentReconciliationJob } from '../../src/modules/commerce';
import { ADMIN, signIn } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app';
import { checkoutBody, sellingLaboratory } from './orders-support';

/**
 * Issue 28, item 1: money never freezes and never disagrees. Ten checkouts, payment returns and
 * refunds at the same moment, on the simulator (which keeps its own book in the same database, so
 * a transaction held open while it answers would starve the pool), all answer within seconds, and
 * every order ends in the state its money is in at the gateway. A step whose answer was lost is
 * settled from the gateway's own record.
 */
const BURST = 10;
/** No request of a burst may wait longer than this (the freeze was 30 s). */
const PROMPT_MS = 8_000;

describe('payments under a burst', () => {
  let t: TestApp;
  let lab: Awaited<ReturnType<typeof sellingLaboratory>>;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ seedLabs: 4 });
    lab = await sellingLaboratory(t);
    admin = (await signIn(t, ADMIN.email, ADMIN.password)).token;
  }, 120_000);
  afterAll(() => t?.close());

  /** Runs the requests at once; answers them with how long the slowest took. */
  async function atOnce<T>(requests: (() => Promise<T>)[]): Promise<{ answers: T[]; slowestMs: number }> {
    const started = Date.now();
    const timed = await Promise.all(requests.map(async (request) => {
      const answer = await request();
      return { answer, ms: Date.now() - started };
    }));
    return { answers: timed.map((x) => x.answer), slowestMs: Math.max(...timed.map((x) => x.ms)) };
  }

  const decide = (token: string) => t.http.post('/api/payments/simulator/decision').type('form').send({ token_ws: token, decision: 'approve' });
  const simulated = (token: string) => t.prisma.simulatedPayment.findUniqueOrThrow({ where: { token } });

  it('places, pays and refunds ten orders at once, each answered within seconds, the orders agreeing with the gateway', async () => {
    const checkouts = await atOnce(Array.from({ length: BURST }, () => () => t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[0]]))));
    expect(checkouts.answers.map((a) => a.body.code)).toEqual(Array(BURST).fill(200));
    expect(checkouts.slowestMs).toBeLessThan(PROMPT_MS);
    const placed = checkouts.answers.map((a) => a.body.data as { salesOrder: { id: number }; payment: { token: string } });

    for (const order of placed) await decide(order.payment.token);
    // Each return, twice, all at once (a reload racing the first): one commit each, every order paid.
    const returns = await atOnce(placed.flatMap((order) => [0, 1].map(() => () => t.http.get(`/api/payments/return?token_ws=${order.payment.token}`))));
    expect(returns.slowestMs).toBeLessThan(PROMPT_MS);
    expect(returns.answers.every((a) => a.status === 303 && /^\/voucher\//.test(a.headers.location))).toBe(true);
    for (const order of placed) {
      const [row, book] = await Promise.all([t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.salesOrder.id }, include: { payments: true } }), simulated(order.payment.token)]);
      expect({ status: row.status, payments: row.payments.map((p) => p.status), committed: book.committed }).toEqual({ status: 'PAID', payments: ['AUTHORIZED'], committed: true });
    }

    // Each refund, twice, all at once: one refund each, the money back at the gateway for every refunded order.
    const refunds = await atOnce(placed.flatMap((order) => [0, 1].map(() => () => t.http.post(`/api/sales-order/${order.salesOrder.id}/refund`).set('Authorization', `Bearer ${admin}`).send({ reason: 'Ráfaga de reembolsos de prueba.' }))));
    expect(refunds.slowestMs).toBeLessThan(PROMPT_MS);
    expect(refunds.answers.map((a) => a.body.code)).toEqual(Array(BURST * 2).fill(200));
    for (const order of placed) {
      const [row, book, refundRows] = await Promise.all([
        t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.salesOrder.id } }),
        simulated(order.payment.token),
        t.prisma.salesOrderRefund.findMany({ where: { salesOrderId: order.salesOrder.id } }),
      ]);
      expect({ status: row.status, refundedAtGateway: book.refundedAt !== null, refunds: refundRows.map((r) => r.state) }).toEqual({ status: 'REFUNDED', refundedAtGateway: true, refunds: ['DONE'] });
    }
  }, 120_000);

  it('settles from the gateway\'s own record a payment and a refund whose answers were never recorded', async () => {
    const job = t.app.get(PaymentReconciliationJob);
    const long = new Date(Date.now() - 10 * 60_000);

    // A payment the gateway committed while our process died before writing it down.
    const paid = (await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[1]]))).body.data as { salesOrder: { id: number }; payment: { token: string } };
    await decide(paid.payment.token);
    await t.prisma.simulatedPayment.update({ where: { token: paid.payment.token }, data: { committed: true } });
    await t.prisma.payment.updateMany({ where: { token: paid.payment.token }, data: { status: 'COMMITTING', commitStartedAt: long } });
    // One whose commit never reached the gateway: the sweep commits it now.
    const asked = (await t.http.post('/api/checkout').send(checkoutBody(lab.laboratory.id, [lab.offers[2]]))).body.data as { salesOrder: { id: number }; payment: { token: string } };
    await decide(asked.payment.token);
    await t.prisma.payment.updateMany({ where: { token: asked.payment.token }, data: { status: 'COMMITTING', commitStartedAt: long } });

    expect(await job.sweep()).toMatchObject({ payments: 2 });
    for (const order of [paid, asked]) {
      const row = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: order.salesOrder.id }, include: { payments: true } });
      expect({ status: row.status, payment: row.payments[0].status, committed: (await simulated(order.payment.token)).committed }).toEqual({ status: 'PAID', payment: 'AUTHORIZED', committed: true });
    }

    // A refund the gateway made while our process died before writing it down.
    const payment = await t.prisma.payment.findFirstOrThrow({ where: { token: paid.payment.token } });
    await t.prisma.simulatedPayment.update({ where: { token: paid.payment.token }, data: { refundedAt: new Date() } });
    await t.prisma.salesOrderRefund.create({ data: { salesOrderId: paid.salesOrder.id, paymentId: payment.id, amount: payment.amount, reason: 'Interrumpido.', state: 'REQUESTED', createdAt: long } });
    expect(await job.sweep()).toMatchObject({ refunds: 1 });
    const refunded = await t.prisma.salesOrder.findUniqueOrThrow({ where: { id: paid.salesOrder.id }, include: { refund: true } });
    expect({ status: refunded.status, refund: refunded.refund?.state }).toEqual({ status: 'REFUNDED', refund: 'DONE' });
  }, 60_000);
});
