import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../../../config/app-config';
import type { CheckoutResult } from '../../../../../contracts/sales-orders';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import { AdvisoryLock } from '../../../../../platform/database/locks';
import { PrismaService, type Tx } from '../../../../../platform/database/prisma.service';
import { invalidField, type FieldErrors } from '../../../../../platform/http/app-error';
import { ROOT_LOGGER } from '../../../../../platform/platform.tokens';
import { ProductCatalogue } from '../../../products';
import { gatewaySessionId, newAccessKey, newVoucherCode } from '../../domain/order-codes';
import { combinePreparation, examPreparationText } from '../../../../../contracts/preparation';
import { EXAM_PREPARATION_SELECT, toExamPreparation } from '../../../../catalogue/exams';
import { homeFeeAt } from '../../../../catalogue/laboratories';
import {
  CheckoutItemUnavailableError, CheckoutOneLaboratoryError, CheckoutPriceChangedError, IdempotencyKeyReusedError, PaymentGatewayUnavailableError, PaymentMethodUnavailableError,
} from '../../orders.errors';
import { SalesOrderPlaced } from '../../orders.events';
import { PAYMENT_GATEWAY, PAYMENT_RETURN_PATH, PaymentGatewayError, type PaymentGateway } from '../../payments/payment-gateway';
import { PlaceOrderCommand, type Buyer, type PlaceOrderInput } from './place-order.command';
import { formatClp } from '../../../../../platform/chile/money';

/** A gateway call happens inside the transaction (so a concurrent retry waits for it): room for Webpay's slowest answer. */
const CHECKOUT_TX_TIMEOUT_MS = 30_000;

type PlacedOrder = { id: number; number: string; status: string; total: number; accessKey: string; companyId: number; laboratoryId: number };

interface PricedLine {
  kind: 'EXAM' | 'PRODUCT';
  laboratoryExamId: number | null;
  examId: number | null;
  productId: number | null;
  code: string;
  name: string;
  description: string | null;
  preparation: string;
  quantity: number;
  unitPrice: number;
}

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  private readonly log: Logger;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly prisma: PrismaService,
    private readonly products: ProductCatalogue,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) log: Logger,
  ) {
    this.log = log.child({ module: 'checkout' });
  }

  async execute({ buyer, input }: PlaceOrderCommand): Promise<CheckoutResult> {
    if (input.paymentMethod !== this.gateway.code) throw new PaymentMethodUnavailableError();
    const requestHash = fingerprint(buyer, input);
    // 1. The order, priced by the server, in one short transaction.
    const placed = await this.uow.run(null, async (tx): Promise<{ done: CheckoutResult } | { order: PlacedOrder }> => {
      // One order per key: a second request with the key (a double click, a retried POST) waits here for the first.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AdvisoryLock.CheckoutIdempotency}, hashtext(${input.idempotencyKey}))`;
      const existing = await tx.salesOrder.findUnique({ where: { idempotencyKey: input.idempotencyKey }, include: { payments: { orderBy: { id: 'desc' }, take: 1 } } });
      if (existing) {
        if (existing.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
        const payment = existing.payments[0];
        // Placed by an earlier copy of this request whose gateway transaction is still being started: this one starts it too.
        if (!payment) return { order: existing };
        return { done: this.result(existing, payment.token, String((payment.detail as { url?: string } | null)?.url ?? '')) };
      }

      const laboratory = await tx.laboratory.findFirst({
        where: { id: input.laboratoryId, isActive: true, company: { status: 'APPROVED' } },
        select: { id: true, companyId: true, comunaId: true },
      });
      if (!laboratory) throw invalidField('laboratoryId', 'Este laboratorio ya no recibe órdenes en CotizaLab.');
      const lines = await this.priceLines(tx, input);

      let shippingFee = 0;
      if (input.shippingMethod === 'HOME') {
        // The branch's own fee in that comuna: the one its quote in the search added.
        const fee = input.comunaId === undefined ? null : await homeFeeAt(tx, laboratory.id, input.comunaId);
        if (input.comunaId === undefined) throw invalidField('comunaId', 'Indica la comuna donde tomaremos la muestra.');
        if (!input.address) throw invalidField('address', 'Indica la dirección donde tomaremos la muestra.');
        if (fee === null) throw invalidField('comunaId', 'Este laboratorio no hace toma de muestra a domicilio en esa comuna.');
        shippingFee = fee;
      }

      const person = buyer.kind === 'person'
        ? await tx.person.findUniqueOrThrow({ where: { id: buyer.personId }, select: { firstName: true, lastName: true, rut: true, phone: true, user: { select: { email: true } } } })
        : null;
      const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      const accessKey = newAccessKey();
      const order = await tx.salesOrder.create({
        data: {
          number: await uniqueCode(tx),
          personId: buyer.kind === 'person' ? buyer.personId : null,
          email: buyer.kind === 'visitor' ? buyer.email : person!.user!.email,
          firstName: buyer.kind === 'visitor' ? buyer.firstName : person!.firstName,
          lastName: buyer.kind === 'visitor' ? buyer.lastName : person!.lastName,
          rut: buyer.rut ?? person?.rut ?? null,
          phone: buyer.phone ?? person?.phone ?? null,
          laboratoryId: laboratory.id,
          companyId: laboratory.companyId,
          subtotal,
          shippingFee,
          total: subtotal + shippingFee,
          shippingMethod: input.shippingMethod,
          homeComunaId: input.shippingMethod === 'HOME' ? input.comunaId : null,
          homeAddress: input.shippingMethod === 'HOME' ? input.address : null,
          paymentMethod: input.paymentMethod,
          accessKey,
          idempotencyKey: input.idempotencyKey,
          requestHash,
          lines: { create: lines.map(({ unitPrice, quantity, ...line }) => ({ ...line, unitPrice, quantity, total: unitPrice * quantity })) },
        },
      });

      return { order };
    }, { timeout: CHECKOUT_TX_TIMEOUT_MS });
    if ('done' in placed) return placed.done;
    const { order } = placed;

    // 2. The gateway's transaction, with no database transaction open: a slow gateway (or the simulator's
    // own queries) holds no connection and no lock, so ten checkouts at once never starve the pool.
    let started: { token: string; url: string };
    try {
      started = await this.gateway.create({
        buyOrder: order.number,
        sessionId: gatewaySessionId(order.accessKey),
        amount: order.total,
        returnUrl: this.gateway.code === 'simulator' ? PAYMENT_RETURN_PATH : `${this.config.publicUrl}${PAYMENT_RETURN_PATH}`,
      });
    } catch (error) {
      // Nothing is kept: the order goes (unless a copy of this request got its payment meanwhile), and the buyer can try again.
      this.log.warn({ err: error, salesOrder: order.number }, 'payment gateway refused to start a transaction');
      await this.prisma.$executeRaw`DELETE FROM sales_order o WHERE o.id = ${order.id} AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.sales_order_id = o.id)`;
      if (error instanceof PaymentGatewayError) throw new PaymentGatewayUnavailableError();
      throw error;
    }

    // 3. Its payment, once: a copy of this request that got there first keeps its own (this gateway transaction is never used).
    return this.uow.run(null, async (tx, changes) => {
      const kept = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM sales_order WHERE id = ${order.id} FOR UPDATE`;
      // A copy of this request met a gateway failure and removed the order meanwhile: this attempt is over too.
      if (kept.length === 0) throw new PaymentGatewayUnavailableError();
      const first = await tx.payment.findFirst({ where: { salesOrderId: order.id }, orderBy: { id: 'asc' } });
      if (first) return this.result(order, first.token, String((first.detail as { url?: string } | null)?.url ?? ''));
      await tx.payment.create({ data: { salesOrderId: order.id, gateway: this.gateway.code, token: started.token, buyOrder: order.number, amount: order.total, detail: { url: started.url } } });
      changes.record(SalesOrderPlaced({ salesOrderId: order.id, companyId: order.companyId, laboratoryId: order.laboratoryId, total: order.total }));
      return this.result(order, started.token, started.url);
    });
  }

  private result(order: { id: number; number: string; status: string; total: number; accessKey: string }, token: string, url: string): CheckoutResult {
    return {
      salesOrder: { id: order.id, number: order.number, status: order.status as CheckoutResult['salesOrder']['status'], total: order.total, accessKey: order.accessKey },
      payment: { gateway: this.gateway.code, url, token, method: 'POST', field: 'token_ws' },
    };
  }

  /**
   * Every line at the price the server reads now; the cart's price only has to agree with it. Any
   * line of another laboratory, not sold any more, or at another price refuses the whole checkout.
   */
  private async priceLines(tx: Tx, input: PlaceOrderInput): Promise<PricedLine[]> {
    const examItems = input.items.map((item, index) => ({ item, index })).filter(({ item }) => (item.kind ?? 'EXAM') === 'EXAM');
    const productItems = input.items.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === 'PRODUCT');
    const offers = await tx.laboratoryExam.findMany({
      where: { id: { in: examItems.map(({ item }) => item.id) } },
      select: { id: true, laboratoryId: true, price: true, status: true, isActive: true, exam: { select: { id: true, code: true, name: true, isActive: true, ...EXAM_PREPARATION_SELECT } } },
    });
    const products = productItems.length > 0 ? await this.products.findSellable(productItems.map(({ item }) => item.id), { tx }) : [];

    const otherLaboratory: FieldErrors = {};
    const unavailable: FieldErrors = {};
    const changed: FieldErrors = {};
    const lines: PricedLine[] = [];
    for (const { item, index } of examItems) {
      const offer = offers.find((o) => o.id === item.id);
      if (offer && offer.laboratoryId !== input.laboratoryId) {
        otherLaboratory[`items.${index}.id`] = ['Este examen es de otro laboratorio.'];
        continue;
      }
      if (!offer || offer.status !== 'AUTHORIZED' || !offer.isActive || !offer.exam.isActive) {
        unavailable[`items.${index}.id`] = ['Este examen ya no está disponible en este laboratorio.'];
        continue;
      }
      if (offer.price !== item.price) changed[`items.${index}.price`] = [`El precio ahora es ${formatClp(offer.price)}.`];
      lines.push({
        kind: 'EXAM', laboratoryExamId: offer.id, examId: offer.exam.id, productId: null, code: offer.exam.code, name: offer.exam.name,
        description: null, preparation: examPreparationText(toExamPreparation(offer.exam)), quantity: item.quantity, unitPrice: offer.price,
      });
    }
    for (const { item, index } of productItems) {
      const product = products.find((p) => p.id === item.id);
      if (product && product.laboratoryId !== input.laboratoryId) {
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
}


/** The request the key stands for (who buys and what), so that a reused key with another request is told apart. */
function fingerprint(buyer: Buyer, input: PlaceOrderInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify({ buyer, ...rest })).digest('hex');
}

/** A voucher code no order has yet (a collision is one in 10^11; a second draw settles it). */
async function uniqueCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = newVoucherCode();
    if (!(await tx.salesOrder.findUnique({ where: { number: code }, select: { id: true } }))) return code;
  }
}
