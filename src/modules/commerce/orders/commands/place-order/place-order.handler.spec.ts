import type { Logger } from 'pino';
import type { AppConfig } from '../../../../../config/app-config';
import type { ExamPreparation } from '../../../../../contracts/preparation';
import type { Transaction } from '../../../../../platform/cqrs/transaction';
import type { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { FakeUnitOfWork } from '../../../../../platform/cqrs/unit-of-work.fake';
import type { BuyerAccounts, BuyerContact } from '../../domain/buyer-accounts';
import { gatewaySessionId } from '../../domain/order-codes';
import type { OrderPricing, PricedExam, PricedProduct, SellingBranch } from '../../domain/order-pricing';
import { FakePaymentRepository } from '../../domain/payment.fixtures';
import { FakeSalesOrderRepository } from '../../domain/sales-order.fixtures';
import { FakePaymentGateway } from '../../payments/payment-gateway.fake';
import { PaymentGatewayError } from '../../payments/payment-gateway';
import { PlaceOrderCommand, type Buyer, type PlaceOrderInput } from './place-order.command';
import { PlaceOrderHandler } from './place-order.handler';

const LAB = 10;
const OTHER_LAB = 20;
const CLOSED_LAB = 30;
const PROVIDENCIA = 13_123;
const MAIPU = 13_119;

const preparation = (fields: Partial<ExamPreparation> = {}): ExamPreparation => ({
  sampleKind: 'VENOUS', fastingHours: 0, firstMorningUrine: false, collection24h: false, restMinutes: 0, morningBefore: null, medicines: null, note: null, ...fields,
});
const exam = (id: number, laboratoryId: number, price: number, fields: Partial<PricedExam> = {}): PricedExam => ({
  id, laboratoryId, price, sellable: true, exam: { id: id + 1000, code: `0302${id}`, name: `Examen ${id}`, preparation: preparation() }, ...fields,
});

/** The catalogue as a checkout reads it: branch 10 sells (company 1), branch 30 is closed; branch 10 goes home to Providencia for $3.000. */
class FakeOrderPricing implements OrderPricing {
  readonly branches = new Map<number, SellingBranch>([[LAB, { id: LAB, companyId: 1 }], [OTHER_LAB, { id: OTHER_LAB, companyId: 2 }]]);
  readonly offers: PricedExam[] = [
    exam(1, LAB, 5_990, { exam: { id: 1001, code: '0302047', name: 'Glicemia', preparation: preparation({ fastingHours: 8 }) } }),
    exam(2, LAB, 3_500),
    exam(3, OTHER_LAB, 4_000),
    exam(4, LAB, 2_000, { sellable: false }),
  ];
  readonly packages: PricedProduct[] = [
    { id: 50, laboratoryId: LAB, code: 'PACK-50', name: 'Chequeo básico', description: 'Perfil', price: 12_990, exams: [{ name: 'Glicemia', preparation: preparation({ fastingHours: 8 }) }, { name: 'Perfil lipídico', preparation: preparation({ fastingHours: 12 }) }] },
  ];
  readonly homeFees = new Map<string, number>([[`${LAB}:${PROVIDENCIA}`, 3_000]]);

  async branch(_tx: Transaction, laboratoryId: number) {
    return this.branches.get(laboratoryId) ?? null;
  }

  async exams(_tx: Transaction, ids: number[]) {
    return this.offers.filter((offer) => ids.includes(offer.id));
  }

  async products(_tx: Transaction, ids: number[]) {
    return this.packages.filter((product) => ids.includes(product.id));
  }

  async homeFee(_tx: Transaction, laboratoryId: number, comunaId: number) {
    return this.homeFees.get(`${laboratoryId}:${comunaId}`) ?? null;
  }
}

/** Person 7's account: Ana Pérez. */
class FakeBuyerAccounts implements BuyerAccounts {
  async contactOf(_tx: Transaction, personId: number): Promise<BuyerContact> {
    if (personId !== 7) throw new Error(`no person ${personId}`);
    return { firstName: 'Ana', lastName: 'Pérez', email: 'ana@correo.test', rut: '22.222.222-2', phone: null };
  }
}

const visitor: Buyer = { kind: 'visitor', firstName: 'Carla', lastName: 'Muñoz', rut: '11.111.111-1', email: 'carla@correo.test', phone: '+56 9 1234 5678' };
const cart = (fields: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  idempotencyKey: 'key-1', laboratoryId: LAB, items: [{ id: 1, kind: 'EXAM', quantity: 1, price: 5_990 }], shippingMethod: 'BRANCH', paymentMethod: 'simulator', ...fields,
});
const silent = { child: () => silent, warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

describe(PlaceOrderHandler.name, () => {
  let orders: FakeSalesOrderRepository;
  let payments: FakePaymentRepository;
  let gateway: FakePaymentGateway;
  let uow: FakeUnitOfWork;
  let sut: PlaceOrderHandler;

  beforeEach(() => {
    orders = new FakeSalesOrderRepository();
    payments = new FakePaymentRepository();
    orders.hasPayment = (id) => payments.of(id).length > 0;
    gateway = new FakePaymentGateway();
    uow = new FakeUnitOfWork();
    const config = { publicUrl: 'https://cotizalab.test', orders: { validityDays: 30 } } as AppConfig;
    sut = new PlaceOrderHandler(uow as unknown as UnitOfWork, orders, payments, new FakeOrderPricing(), new FakeBuyerAccounts(), gateway, config, silent);
  });

  const events = () => uow.committed.flatMap((c) => c.events.map((e) => ({ type: e.type, payload: e.payload })));
  const place = (input: PlaceOrderInput, buyer: Buyer = visitor) => sut.execute(new PlaceOrderCommand(buyer, input));

  it('locks the prices read now in an order waiting for its payment, and says so once its payment is kept', async () => {
    const result = await place(cart({ items: [{ id: 1, kind: 'EXAM', quantity: 2, price: 5_990 }, { id: 50, kind: 'PRODUCT', quantity: 1, price: 12_990 }] }));

    const [id] = [...orders.rows.keys()];
    const order = orders.rows.get(id)!;
    expect(result).toEqual({
      salesOrder: { id, number: order.number, status: 'PENDING_PAYMENT', total: 24_970, accessKey: order.accessKey },
      payment: { gateway: 'simulator', url: 'https://pago.test/webpay', token: 'tok-1', method: 'POST', field: 'token_ws' },
    });
    expect(order.number).toMatch(/^CL-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(orders.placed.get(id)).toMatchObject({
      firstName: 'Carla', lastName: 'Muñoz', email: 'carla@correo.test', rut: '11.111.111-1', phone: '+56 9 1234 5678', personId: null,
      laboratoryId: LAB, companyId: 1, subtotal: 24_970, shippingFee: 0, total: 24_970, shippingMethod: 'BRANCH', homeComunaId: null, homeAddress: null,
      lines: [
        { kind: 'EXAM', laboratoryExamId: 1, examId: 1001, productId: null, code: '0302047', name: 'Glicemia', quantity: 2, unitPrice: 5_990, description: null,
          preparation: 'Ayuno de 8 horas: solo puedes tomar agua. Ve temprano en la mañana, así el ayuno es el de la noche.' },
        { kind: 'PRODUCT', laboratoryExamId: null, examId: null, productId: 50, code: 'PACK-50', name: 'Chequeo básico', quantity: 1, unitPrice: 12_990,
          description: 'Glicemia, Perfil lipídico', preparation: 'Ayuno de 12 horas: solo puedes tomar agua. Ve temprano en la mañana, así el ayuno es el de la noche.' },
      ],
    });
    // The gateway is asked for the order's total under its number, with the session derived from the order's secret.
    expect(gateway.calls).toEqual([{ method: 'create', args: [{ buyOrder: order.number, sessionId: gatewaySessionId(order.accessKey), amount: 24_970, returnUrl: '/api/payments/return' }] }]);
    expect(payments.of(id)).toMatchObject([{ status: 'CREATED', token: 'tok-1', buyOrder: order.number, amount: 24_970, gateway: 'simulator', detail: { url: 'https://pago.test/webpay' } }]);
    expect(events()).toEqual([{ type: 'SalesOrderPlaced', payload: { salesOrderId: id, companyId: 1, laboratoryId: LAB, total: 24_970 } }]);
  });

  it('answers the same order to the same request with its key, and refuses the key with another request', async () => {
    const first = await place(cart());
    await expect(place(cart())).resolves.toEqual(first);
    expect(gateway.count('create')).toBe(1);
    expect(orders.rows.size).toBe(1);

    await expect(place(cart({ items: [{ id: 2, kind: 'EXAM', quantity: 1, price: 3_500 }] }))).rejects.toMatchObject({ status: 409, error: 'CHECKOUT.IDEMPOTENCY_KEY_REUSED' });
    await expect(place(cart(), { ...visitor, email: 'otra@correo.test' })).rejects.toMatchObject({ error: 'CHECKOUT.IDEMPOTENCY_KEY_REUSED' });
    expect(events().map((e) => e.type)).toEqual(['SalesOrderPlaced']);
  });

  it('refuses a cart with an exam of another branch, naming the item, before anything else', async () => {
    const mixed = cart({ items: [{ id: 1, kind: 'EXAM', quantity: 1, price: 1 }, { id: 3, kind: 'EXAM', quantity: 1, price: 4_000 }] });
    await expect(place(mixed)).rejects.toMatchObject({ status: 400, error: 'CHECKOUT.ONE_LABORATORY', errors: { 'items.1.id': ['Este examen es de otro laboratorio.'] } });
    expect(orders.rows.size).toBe(0);
    expect(gateway.calls).toEqual([]);
  });

  it('refuses exams and packages not sold any more, then prices that changed, each on its item', async () => {
    const gone = cart({ items: [{ id: 4, kind: 'EXAM', quantity: 1, price: 2_000 }, { id: 999, kind: 'EXAM', quantity: 1, price: 1 }, { id: 51, kind: 'PRODUCT', quantity: 1, price: 1 }, { id: 2, kind: 'EXAM', quantity: 1, price: 1 }] });
    await expect(place(gone)).rejects.toMatchObject({
      status: 409, error: 'CHECKOUT.ITEM_UNAVAILABLE',
      errors: { 'items.0.id': ['Este examen ya no está disponible en este laboratorio.'], 'items.1.id': ['Este examen ya no está disponible en este laboratorio.'], 'items.2.id': ['Este paquete ya no está disponible.'] },
    });
    const changed = cart({ items: [{ id: 2, kind: 'EXAM', quantity: 1, price: 3_000 }, { id: 50, kind: 'PRODUCT', quantity: 1, price: 12_990 }] });
    await expect(place(changed)).rejects.toMatchObject({ status: 409, error: 'CHECKOUT.PRICE_CHANGED', errors: { 'items.0.price': ['El precio ahora es $3.500.'] } });
    expect(orders.rows.size).toBe(0);
  });

  it("adds the branch's home fee in the patient's comuna, and refuses a comuna it does not reach or a missing address", async () => {
    const home = await place(cart({ shippingMethod: 'HOME', comunaId: PROVIDENCIA, address: 'Av. Providencia 1234' }));
    expect(home.salesOrder.total).toBe(8_990);
    expect(orders.placed.get(home.salesOrder.id)).toMatchObject({ shippingFee: 3_000, subtotal: 5_990, homeComunaId: PROVIDENCIA, homeAddress: 'Av. Providencia 1234' });

    await expect(place(cart({ idempotencyKey: 'key-2', shippingMethod: 'HOME', comunaId: MAIPU, address: 'Pajaritos 1' }))).rejects.toMatchObject({
      status: 400, error: 'REQUEST.VALIDATION_FAILED', errors: { comunaId: ['Este laboratorio no hace toma de muestra a domicilio en esa comuna.'] },
    });
    await expect(place(cart({ idempotencyKey: 'key-3', shippingMethod: 'HOME', comunaId: PROVIDENCIA }))).rejects.toMatchObject({ errors: { address: ['Indica la dirección donde tomaremos la muestra.'] } });
    await expect(place(cart({ idempotencyKey: 'key-4', shippingMethod: 'HOME', address: 'Pajaritos 1' }))).rejects.toMatchObject({ errors: { comunaId: ['Indica la comuna donde tomaremos la muestra.'] } });
    expect(orders.rows.size).toBe(1);
  });

  it('refuses a branch that takes no orders, and a payment method this installation does not run', async () => {
    await expect(place(cart({ laboratoryId: CLOSED_LAB }))).rejects.toMatchObject({ status: 400, errors: { laboratoryId: ['Este laboratorio ya no recibe órdenes en CotizaLab.'] } });
    await expect(place(cart({ paymentMethod: 'webpay' }))).rejects.toMatchObject({ status: 400, error: 'PAYMENT.METHOD_UNAVAILABLE' });
    expect(orders.rows.size).toBe(0);
  });

  it("keeps a signed-in buyer's name and e-mail from the account, and what they typed first", async () => {
    const placed = await place(cart(), { kind: 'person', personId: 7, phone: '+56 9 8765 4321' });
    expect(orders.placed.get(placed.salesOrder.id)).toMatchObject({ personId: 7, firstName: 'Ana', lastName: 'Pérez', email: 'ana@correo.test', rut: '22.222.222-2', phone: '+56 9 8765 4321' });
  });

  it('keeps no order when the gateway cannot start its transaction, and a new attempt with the key places it', async () => {
    gateway.starts.push(new PaymentGatewayError('503 from the gateway'));
    await expect(place(cart())).rejects.toMatchObject({ status: 502, error: 'PAYMENT.GATEWAY_UNAVAILABLE' });
    expect(orders.rows.size).toBe(0);
    expect(events()).toEqual([]);

    await expect(place(cart())).resolves.toMatchObject({ salesOrder: { status: 'PENDING_PAYMENT', total: 5_990 }, payment: { token: 'tok-1' } });
    expect(events().map((e) => e.type)).toEqual(['SalesOrderPlaced']);
  });
});
