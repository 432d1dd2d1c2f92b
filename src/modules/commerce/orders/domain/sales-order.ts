import { combinePreparation, examPreparationText } from '../../../../contracts/preparation';
import { SALES_ORDER_STATUS_LABELS as STATUS_LABELS, type CheckoutItemInput, type SalesOrderStatus, type ShippingMethod } from '../../../../contracts/sales-orders';
import { formatClp } from '../../../../platform/chile/money';
import { invalidField, type FieldErrors } from '../../../../platform/http/app-error';
import type { DomainEvent } from '../../../../platform/messaging/domain-event';
import {
  CheckoutItemUnavailableError, CheckoutOneLaboratoryError, CheckoutPriceChangedError, IdempotencyKeyReusedError, SalesOrderTransitionError,
} from '../orders.errors';
import { SalesOrderPaid, SalesOrderPaymentFailed, SalesOrderPlaced, SalesOrderRedeemed, SalesOrderRefunded } from '../orders.events';
import { newAccessKey } from './order-codes';
import type { PricedExam, PricedProduct, SellingBranch } from './order-pricing';
import type { NewPayment, Payment } from './payment';
import type { NewRefund } from './refund';
import { assertMove } from './sales-order-status';

const DAY_MS = 86_400_000;

/** What the aggregate knows of a sales order: its state and what each transition sets. */
export interface SalesOrderState {
  id: number;
  /** The voucher's number, and the key its buyer reaches it with (the gateway's session id is derived from it). */
  number: string;
  accessKey: string;
  status: SalesOrderStatus;
  total: number;
  companyId: number;
  laboratoryId: number;
  validUntil: Date | null;
  paidAt: Date | null;
  paymentRef: string | null;
  redeemedAt: Date | null;
  closedAt: Date | null;
  failureReason: string | null;
  /** SHA-256 of the checkout request that placed it: its idempotency key answers that request only. */
  requestHash: string;
}

/** A line as bought: what it was, at the price locked, kept even if the catalogue changes later. */
export interface SalesOrderLine {
  kind: 'EXAM' | 'PRODUCT';
  laboratoryExamId: number | null;
  examId: number | null;
  productId: number | null;
  code: string;
  name: string;
  /** The exams a package includes (or its own description); null for an exam. */
  description: string | null;
  /** What the patient must do before, as it was when bought. */
  preparation: string;
  quantity: number;
  unitPrice: number;
}

/** What the buyer asked for at checkout. */
export interface Cart {
  laboratoryId: number;
  items: CheckoutItemInput[];
  shippingMethod: ShippingMethod['code'];
  comunaId?: number;
  address?: string;
  paymentMethod: string;
}

/** Who buys, as the order keeps it (a visitor's typed data, or the account's). */
export interface OrderBuyer {
  personId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  rut: string | null;
  phone: string | null;
}

/** Everything a checkout placing an order knows, read by the handler through its ports. */
export interface PlaceOrder {
  number: string;
  idempotencyKey: string;
  requestHash: string;
  cart: Cart;
  buyer: OrderBuyer;
  /** The branch when it takes orders now. */
  branch: SellingBranch | null;
  /** The cart's exams and packages as priced now (absent: unknown, or not sold any more). */
  exams: PricedExam[];
  products: PricedProduct[];
  /** The branch's home fee in the cart's comuna (null: it does not go there, or no home collection was asked for). */
  homeFee: number | null;
}

/** An order as checkout places it, priced, waiting for its payment; the repository gives it its id. */
export interface NewSalesOrder extends OrderBuyer {
  number: string;
  accessKey: string;
  idempotencyKey: string;
  requestHash: string;
  laboratoryId: number;
  companyId: number;
  lines: SalesOrderLine[];
  subtotal: number;
  shippingFee: number;
  total: number;
  shippingMethod: ShippingMethod['code'];
  homeComunaId: number | null;
  homeAddress: string | null;
  paymentMethod: string;
}

/**
 * A sales order: placed at checkout with its prices locked (`place`), a voucher-to-be that is paid, then redeemed at
 * the laboratory, refunded, or left to expire; or whose payment fails. The transitions and their rules live here
 * (`sales-order-status.ts` says which states follow which); each records its event, taken by the handler with
 * `pullEvents` into the same transaction. Its payments and refund are entities of their own (`payment.ts`,
 * `refund.ts`), found by the gateway's token; the expiry sweep's set-based closing of many orders stays in its job.
 */
export class SalesOrder {
  private readonly events: DomainEvent[] = [];

  private constructor(private readonly current: SalesOrderState) {}

  static restore(state: SalesOrderState): SalesOrder {
    return new SalesOrder({ ...state });
  }

  /**
   * Checkout: every line at the price read now, which the cart's price only has to agree with. Refused, in this order:
   * a branch that takes no orders; lines of another branch (400), lines not sold any more (409), prices that changed
   * (409), each on its item; home collection without a comuna, an address, or a fee in that comuna.
   */
  static place(request: PlaceOrder): NewSalesOrder {
    const { cart, branch } = request;
    if (!branch) throw invalidField('laboratoryId', 'Este laboratorio ya no recibe órdenes en CotizaLab.');
    const lines = priceLines(cart, request.exams, request.products);
    let shippingFee = 0;
    if (cart.shippingMethod === 'HOME') {
      if (cart.comunaId === undefined) throw invalidField('comunaId', 'Indica la comuna donde tomaremos la muestra.');
      if (!cart.address) throw invalidField('address', 'Indica la dirección donde tomaremos la muestra.');
      if (request.homeFee === null) throw invalidField('comunaId', 'Este laboratorio no hace toma de muestra a domicilio en esa comuna.');
      shippingFee = request.homeFee;
    }
    const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    return {
      ...request.buyer,
      number: request.number,
      accessKey: newAccessKey(),
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      laboratoryId: branch.id,
      companyId: branch.companyId,
      lines,
      subtotal,
      shippingFee,
      total: subtotal + shippingFee,
      shippingMethod: cart.shippingMethod,
      homeComunaId: cart.shippingMethod === 'HOME' ? cart.comunaId! : null,
      homeAddress: cart.shippingMethod === 'HOME' ? cart.address! : null,
      paymentMethod: cart.paymentMethod,
    };
  }

  get state(): Readonly<SalesOrderState> {
    return this.current;
  }

  /** The same idempotency key answers the same request only: another request with it is a client's bug, never a second order. */
  assertSameRequest(requestHash: string): void {
    if (this.current.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
  }

  /** The gateway started the order's transaction: its payment is for the total, under the order's number; the order now waits for it. */
  startPayment(gateway: string, started: { token: string; url: string }): NewPayment {
    this.events.push(SalesOrderPlaced({ ...this.ref(), total: this.current.total }));
    return { salesOrderId: this.current.id, gateway, token: started.token, buyOrder: this.current.number, amount: this.current.total, url: started.url };
  }

  /** Whether its voucher can be used now: paid and within its validity. */
  isRedeemable(now: Date): boolean {
    return this.current.status === 'PAID' && this.current.validUntil !== null && this.current.validUntil > now;
  }

  /** The gateway confirmed the payment: the voucher is valid for `validityDays`. */
  pay(now: Date, validityDays: number, paymentRef: string | null): void {
    this.move('PAID');
    Object.assign(this.current, { paidAt: now, paymentRef, validUntil: new Date(now.getTime() + validityDays * DAY_MS) });
    this.events.push(SalesOrderPaid({ ...this.ref(), total: this.current.total, validUntil: this.current.validUntil!.toISOString() }));
  }

  /** The payment was rejected, refused (an answer that does not match the order) or abandoned; `reason` is for the buyer. */
  failPayment(now: Date, cause: 'REJECTED' | 'REFUSED', reason: string): void {
    this.move('FAILED');
    Object.assign(this.current, { failureReason: reason, closedAt: now });
    this.events.push(SalesOrderPaymentFailed({ ...this.ref(), reason: cause }));
  }

  /** The laboratory took the samples: once, and only within the voucher's validity. */
  redeem(now: Date): void {
    if (this.current.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado.');
    if (this.current.status === 'PAID' && !this.isRedeemable(now)) throw new SalesOrderTransitionError('Este voucher está vencido: no se puede canjear.');
    this.move('REDEEMED');
    this.current.redeemedAt = now;
    this.events.push(SalesOrderRedeemed(this.ref()));
  }

  /** Whether a refund may be asked for: a paid voucher not yet used (its samples not taken). */
  assertRefundable(): void {
    if (this.current.status === 'REDEEMED') throw new SalesOrderTransitionError('Este voucher ya fue canjeado: el laboratorio tomó las muestras y no se puede reembolsar.');
    if (this.current.status !== 'PAID') throw new SalesOrderTransitionError(`Una orden ${STATUS_LABELS[this.current.status].toLowerCase()} no se puede reembolsar: solo una orden pagada y sin canjear.`);
  }

  /** An administrator asks for the money back: a paid, unused order, of its authorized payment, whole. */
  requestRefund(payment: Payment | null, reason: string, requestedBy: number | null): NewRefund {
    this.assertRefundable();
    if (payment?.state.status !== 'AUTHORIZED') throw new SalesOrderTransitionError('Esta orden no tiene un pago aprobado que reembolsar.');
    return { salesOrderId: this.current.id, paymentId: payment.state.id, token: payment.state.token, amount: payment.state.amount, reason, requestedBy };
  }

  /** The gateway returned the money; an order no longer paid (refunded meanwhile) is left as it is. */
  refunded(now: Date, amount: number): boolean {
    if (this.current.status !== 'PAID') return false;
    this.move('REFUNDED');
    this.current.closedAt = now;
    this.events.push(SalesOrderRefunded({ ...this.ref(), amount }));
    return true;
  }

  /** The events of the transitions made since the last call (for the unit of work's outbox). */
  pullEvents(): DomainEvent[] {
    return this.events.splice(0);
  }

  private move(to: SalesOrderStatus): void {
    assertMove(this.current.status, to);
    this.current.status = to;
  }

  private ref() {
    return { salesOrderId: this.current.id, companyId: this.current.companyId, laboratoryId: this.current.laboratoryId };
  }
}

/**
 * Every line of the cart at the price read now. Any line of another branch, not sold any more, or at another price
 * refuses the whole checkout, naming each item.
 */
function priceLines(cart: Cart, exams: PricedExam[], products: PricedProduct[]): SalesOrderLine[] {
  const items = cart.items.map((item, index) => ({ item, index }));
  const otherLaboratory: FieldErrors = {};
  const unavailable: FieldErrors = {};
  const changed: FieldErrors = {};
  const lines: SalesOrderLine[] = [];
  for (const { item, index } of items.filter(({ item }) => (item.kind ?? 'EXAM') === 'EXAM')) {
    const offer = exams.find((o) => o.id === item.id);
    if (offer && offer.laboratoryId !== cart.laboratoryId) {
      otherLaboratory[`items.${index}.id`] = ['Este examen es de otro laboratorio.'];
      continue;
    }
    if (!offer?.sellable) {
      unavailable[`items.${index}.id`] = ['Este examen ya no está disponible en este laboratorio.'];
      continue;
    }
    if (offer.price !== item.price) changed[`items.${index}.price`] = [`El precio ahora es ${formatClp(offer.price)}.`];
    lines.push({
      kind: 'EXAM', laboratoryExamId: offer.id, examId: offer.exam.id, productId: null, code: offer.exam.code, name: offer.exam.name,
      description: null, preparation: examPreparationText(offer.exam.preparation), quantity: item.quantity, unitPrice: offer.price,
    });
  }
  for (const { item, index } of items.filter(({ item }) => item.kind === 'PRODUCT')) {
    const product = products.find((p) => p.id === item.id);
    if (product && product.laboratoryId !== cart.laboratoryId) {
      otherLaboratory[`items.${index}.id`] = ['Este paquete es de otro laboratorio.'];
      continue;
    }
    if (!product) {
      unavailable[`items.${index}.id`] = ['Este paquete ya no está disponible.'];
      continue;
    }
    if (product.price !== item.price) changed[`items.${index}.price`] = [`El precio ahora es ${formatClp(product.price)}.`];
    lines.push({
      kind: 'PRODUCT', laboratoryExamId: null, examId: null, productId: product.id, code: product.code, name: product.name,
      description: product.exams.map((exam) => exam.name).join(', ') || product.description, preparation: combinePreparation(product.exams.map((exam) => exam.preparation)).steps.join(' '),
      quantity: item.quantity, unitPrice: product.price,
    });
  }
  if (Object.keys(otherLaboratory).length > 0) throw new CheckoutOneLaboratoryError(otherLaboratory);
  if (Object.keys(unavailable).length > 0) throw new CheckoutItemUnavailableError(unavailable);
  if (Object.keys(changed).length > 0) throw new CheckoutPriceChangedError(changed);
  return lines;
}
