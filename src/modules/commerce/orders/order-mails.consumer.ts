import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { Tx } from '../../../platform/database/prisma.service';
import { Mailer } from '../../../platform/mail/mailer';
import { orderPreparation } from './queries/order-preparation';
import { assertNever, eventTypes, type EventOf, type StoredEvent } from '../../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../../platform/messaging/event-consumers';
import { SalesOrderPaid, SalesOrderRefunded } from './orders.events';
import { formatClp } from '../../../platform/chile/money';
import { longChileDate } from '../../../platform/chile/calendar';

export type OrderMailEvent = EventOf<typeof SalesOrderPaid> | EventOf<typeof SalesOrderRefunded>;


/**
 * Mails the buyer the voucher once the payment is confirmed, off the request path, through the
 * same consumer machinery and mailer as the account mails. The link carries the order's secret: a
 * visitor has no account to sign in with.
 */
@Injectable()
export class OrderMailsConsumer implements EventConsumer<OrderMailEvent>, OnModuleInit {
  readonly name = 'order-mails';
  readonly eventTypes = eventTypes<OrderMailEvent>({ [SalesOrderPaid.type]: true, [SalesOrderRefunded.type]: true });

  constructor(
    private readonly registry: EventConsumerRegistry,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent<OrderMailEvent>, tx: Tx): Promise<void> {
    switch (event.type) {
      case SalesOrderPaid.type: {
        const order = await tx.salesOrder.findUnique({
          where: { id: event.payload.salesOrderId },
          select: {
            id: true, number: true, email: true, firstName: true, total: true, validUntil: true, accessKey: true,
            laboratory: { select: { identifierName: true, addressLine1: true, comuna: { select: { name: true } } } },
            lines: { select: { examId: true, productId: true } },
          },
        });
        if (!order) return;
        const preparation = await orderPreparation(tx, order.lines);
        const link = `${this.config.publicUrl}/voucher/${order.id}?k=${order.accessKey}`;
        await this.mailer.send({
          to: order.email,
          subject: `Tu voucher ${order.number} de CotizaLab`,
          text: [
            `Hola ${order.firstName}:`,
            `Recibimos tu pago de ${formatClp(order.total)}. Tu voucher es el ${order.number}, para ${order.laboratory.identifierName} (${order.laboratory.addressLine1}, ${order.laboratory.comuna.name}).`,
            `Úsalo antes del ${order.validUntil ? longChileDate(order.validUntil) : '—'}. Míralo, con la preparación de cada examen, y descárgalo en PDF aquí:\n${link}`,
            `Cómo prepararte para tu visita:\n${preparation.steps.map((step) => `- ${step}`).join('\n')}`,
            'Guarda este correo: el enlace es personal y muestra tu voucher a quien lo tenga.',
            '',
            'Equipo CotizaLab',
          ].join('\n\n'),
        });
        await this.tellLaboratory(tx, event.payload.salesOrderId);
        return;
      }
      case SalesOrderRefunded.type: {
        const order = await tx.salesOrder.findUnique({
          where: { id: event.payload.salesOrderId },
          select: { number: true, email: true, firstName: true, refund: { select: { amount: true, reason: true } }, laboratory: { select: { identifierName: true } } },
        });
        if (!order?.refund) return;
        await this.mailer.send({
          to: order.email,
          subject: `Reembolsamos tu orden ${order.number} de CotizaLab`,
          text: [
            `Hola ${order.firstName}:`,
            `Reembolsamos ${formatClp(order.refund.amount)} de tu orden ${order.number} en ${order.laboratory.identifierName}. Su voucher ya no es válido.`,
            `Motivo: ${order.refund.reason}`,
            'El dinero vuelve al mismo medio con que pagaste; según tu banco puede tardar algunos días en verse en tu cartola.',
            '',
            'Equipo CotizaLab',
          ].join('\n\n'),
        });
        return;
      }
      default:
        assertNever(event);
    }
  }

  /**
   * The laboratory's provider users learn of a paid order of theirs: those of its company whose branch grants
   * include this branch (or who have none, or the whole company), with an active account.
   */
  private async tellLaboratory(tx: Tx, salesOrderId: number): Promise<void> {
    const order = await tx.salesOrder.findUnique({
      where: { id: salesOrderId },
      select: { id: true, number: true, total: true, validUntil: true, companyId: true, laboratoryId: true, shippingMethod: true, firstName: true, lastName: true, laboratory: { select: { identifierName: true } }, lines: { select: { name: true, quantity: true } } },
    });
    if (!order) return;
    const granted = { isActive: true, OR: [{ laboratory: { companyId: order.companyId } }, { companyId: order.companyId, laboratoryId: null }] };
    const staff = await tx.person.findMany({
      where: {
        companyId: order.companyId,
        profile: { code: 'PRV' },
        user: { isActive: true },
        OR: [
          { visibilities: { none: granted } },
          { visibilities: { some: { isActive: true, companyId: order.companyId, laboratoryId: null } } },
          { visibilities: { some: { isActive: true, laboratoryId: order.laboratoryId } } },
        ],
      },
      select: { firstName: true, user: { select: { email: true } } },
    });
    const link = `${this.config.publicUrl}/app/salesorders/view/${order.id}`;
    const items = order.lines.map((line) => `- ${line.name}${line.quantity > 1 ? ` (x${line.quantity})` : ''}`).join('\n');
    for (const person of staff) {
      if (!person.user) continue;
      await this.mailer.send({
        to: person.user.email,
        subject: `Nueva orden pagada ${order.number} en ${order.laboratory.identifierName}`,
        text: [
          `Hola ${person.firstName}:`,
          `${order.firstName} ${order.lastName} pagó la orden ${order.number} por ${formatClp(order.total)} en ${order.laboratory.identifierName}${order.shippingMethod === 'HOME' ? ', con toma de muestra a domicilio' : ''}. El voucher vale hasta el ${order.validUntil ? longChileDate(order.validUntil) : '—'}.`,
          `Exámenes:\n${items}`,
          `Véala y márquela canjeada cuando tome las muestras:\n${link}`,
          '',
          'Equipo CotizaLab',
        ].join('\n\n'),
      });
    }
  }
}
