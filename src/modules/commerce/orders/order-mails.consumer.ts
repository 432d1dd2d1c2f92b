import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { Tx } from '../../../platform/database/prisma.service';
import { Mailer } from '../../../platform/mail/mailer';
import { assertNever, eventTypes, type EventOf, type StoredEvent } from '../../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../../platform/messaging/event-consumers';
import { SalesOrderPaid } from './orders.events';

export type OrderMailEvent = EventOf<typeof SalesOrderPaid>;

const clp = (amount: number) => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(amount);
const date = (d: Date) => new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' }).format(d);

/**
 * Mails the buyer the voucher once the payment is confirmed, off the request path, through the
 * same consumer machinery and mailer as the account mails. The link carries the order's secret: a
 * visitor has no account to sign in with.
 */
@Injectable()
export class OrderMailsConsumer implements EventConsumer<OrderMailEvent>, OnModuleInit {
  readonly name = 'order-mails';
  readonly eventTypes = eventTypes<OrderMailEvent>({ [SalesOrderPaid.type]: true });

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
          select: { id: true, number: true, email: true, firstName: true, total: true, validUntil: true, accessKey: true, laboratory: { select: { identifierName: true, addressLine1: true, comuna: { select: { name: true } } } } },
        });
        if (!order) return;
        const link = `${this.config.publicUrl}/voucher/${order.id}?k=${order.accessKey}`;
        await this.mailer.send({
          to: order.email,
          subject: `Tu bono ${order.number} de CotizaLab`,
          text: [
            `Hola ${order.firstName}:`,
            `Recibimos tu pago de ${clp(order.total)}. Tu bono es el ${order.number}, para ${order.laboratory.identifierName} (${order.laboratory.addressLine1}, ${order.laboratory.comuna.name}).`,
            `Úsalo antes del ${order.validUntil ? date(order.validUntil) : '—'}. Míralo, con la preparación de cada examen, y descárgalo en PDF aquí:\n${link}`,
            'Guarda este correo: el enlace es personal y muestra tu bono a quien lo tenga.',
            '',
            'Equipo CotizaLab',
          ].join('\n\n'),
        });
        return;
      }
      default:
        assertNever(event.type as never);
    }
  }
}
