import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import type { WebhookEnvelope, WebhookEventType, WebhookPrice } from '../../../../contracts/webhooks';
import type { Tx } from '../../../../platform/database/prisma.service';
import { assertNever, eventTypes, type EventOf, type StoredEvent } from '../../../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../../../platform/messaging/event-consumers';
import { PriceDecisionsMade, type PriceDecisionEvent } from '../../../catalogue/pricing';
import { SalesOrderPaid, SalesOrderRedeemed } from '../../../commerce';
import { ImportFinished, type ImportFinishedEvent } from '../../../imports';
import { WEBHOOK_CHANNEL } from '../delivery/webhook-dispatcher';

export type WebhookSourceEvent = PriceDecisionEvent | ImportFinishedEvent | EventOf<typeof SalesOrderPaid> | EventOf<typeof SalesOrderRedeemed>;

/** Prices per `price.*` webhook: a decision on the whole queue is split in parts of this many. */
export const PRICES_PER_WEBHOOK = 1000;

/** One webhook to send to every subscribed endpoint of one company. */
interface Outgoing {
  companyId: number;
  envelope: WebhookEnvelope;
}

/**
 * Turns the domain events a laboratory's system cares about into webhooks (issue 27, item 4): for each company the
 * fact belongs to, one `webhook_delivery` row per active endpoint subscribed to its type, written in the delivery's
 * own transaction (so an event is never lost between the outbox and the log), with the exact body to send. The POSTs
 * happen later, off any transaction (WebhookDispatcher, WebhookSender): a slow or down endpoint holds nothing here.
 */
@Injectable()
export class WebhookEventsConsumer implements EventConsumer<WebhookSourceEvent>, OnModuleInit {
  readonly name = 'webhooks';
  readonly eventTypes = eventTypes<WebhookSourceEvent>({
    [PriceDecisionsMade.type]: true,
    [ImportFinished.type]: true,
    [SalesOrderPaid.type]: true,
    [SalesOrderRedeemed.type]: true,
  });

  constructor(
    private readonly registry: EventConsumerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent<WebhookSourceEvent>, tx: Tx): Promise<void> {
    const outgoing = await this.compose(event, tx);
    let recorded = 0;
    for (const { companyId, envelope } of outgoing) {
      const endpoints = await tx.webhookEndpoint.findMany({ where: { companyId, active: true, events: { has: envelope.type } }, select: { id: true } });
      if (endpoints.length === 0) continue;
      const body = JSON.stringify(envelope);
      const { count } = await tx.webhookDelivery.createMany({
        data: endpoints.map((endpoint) => ({
          endpointId: endpoint.id, eventId: envelope.id, eventType: envelope.type, body, maxAttempts: this.config.webhooks.attempts, nextAttemptAt: new Date(),
        })),
        skipDuplicates: true,
      });
      recorded += count;
    }
    // Delivered by PostgreSQL at commit: the dispatcher wakes only for rows it can see.
    if (recorded > 0) await tx.$executeRawUnsafe(`NOTIFY ${WEBHOOK_CHANNEL}`);
  }

  private compose(event: StoredEvent<WebhookSourceEvent>, tx: Tx): Promise<Outgoing[]> {
    switch (event.type) {
      case PriceDecisionsMade.type:
        return this.priceDecisions(event.id, event.occurredAt, event.payload, tx);
      case ImportFinished.type:
        return this.importFinished(event.id, event.occurredAt, event.payload.importId, tx);
      case SalesOrderPaid.type:
        return this.orderPaid(event.id, event.occurredAt, event.payload.salesOrderId, tx);
      case SalesOrderRedeemed.type:
        return this.orderRedeemed(event.id, event.occurredAt, event.payload.salesOrderId, tx);
      default:
        return assertNever(event);
    }
  }

  /**
   * One webhook per company per decision batch, listing its prices (parts of PRICES_PER_WEBHOOK): a laboratory's system
   * gets one request for "the administrator authorized 300 of your prices", as its people get one mail. Offers decided
   * otherwise since are left out: the later decision has its own webhook.
   */
  private async priceDecisions(eventId: bigint, at: Date, decision: PriceDecisionEvent['payload'], tx: Tx): Promise<Outgoing[]> {
    const offers = await tx.laboratoryExam.findMany({
      where: { id: { in: decision.laboratoryExamIds }, status: decision.decision, ...(decision.decision === 'REJECTED' ? { rejectionReason: decision.reason } : {}) },
      select: {
        id: true, price: true,
        exam: { select: { id: true, code: true, name: true } },
        laboratory: { select: { id: true, branchCode: true, identifierName: true, companyId: true } },
      },
      orderBy: { id: 'asc' },
    });
    const byCompany = new Map<number, WebhookPrice[]>();
    for (const offer of offers) {
      const prices = byCompany.get(offer.laboratory.companyId) ?? [];
      prices.push({
        laboratoryExamId: offer.id,
        branch: { id: offer.laboratory.id, code: offer.laboratory.branchCode, name: offer.laboratory.identifierName },
        exam: { id: offer.exam.id, fonasaCode: offer.exam.code, name: offer.exam.name },
        price: offer.price,
        status: decision.decision,
        reason: decision.decision === 'REJECTED' ? (decision.reason ?? null) : null,
      });
      byCompany.set(offer.laboratory.companyId, prices);
    }
    const type: WebhookEventType = decision.decision === 'AUTHORIZED' ? 'price.authorized' : 'price.rejected';
    return [...byCompany].flatMap(([companyId, prices]) => {
      const parts = Math.ceil(prices.length / PRICES_PER_WEBHOOK);
      return Array.from({ length: parts }, (_, i) => ({
        companyId,
        envelope: envelope(eventId, companyId, type, at, { count: prices.length, part: i + 1, parts, prices: prices.slice(i * PRICES_PER_WEBHOOK, (i + 1) * PRICES_PER_WEBHOOK) }, parts > 1 ? i + 1 : undefined),
      }));
    });
  }

  /** COMPLETED is `import.finished`; REJECTED ("todo o nada") and FAILED are `import.failed`. The FONASA catalogue's imports belong to no company. */
  private async importFinished(eventId: bigint, at: Date, importId: number, tx: Tx): Promise<Outgoing[]> {
    const job = await tx.importJob.findUnique({
      where: { id: importId },
      select: { id: true, kind: true, status: true, fileName: true, companyId: true, created: true, updated: true, unchangedDone: true, failed: true, excluded: true, pendingAuthorization: true, failureMessage: true },
    });
    if (!job?.companyId) return [];
    const type: WebhookEventType = job.status === 'COMPLETED' ? 'import.finished' : 'import.failed';
    return [{
      companyId: job.companyId,
      envelope: envelope(eventId, job.companyId, type, at, {
        importId: job.id,
        kind: job.kind === 'laboratory' ? 'branches' : 'prices',
        status: job.status,
        fileName: job.fileName,
        rows: { created: job.created, updated: job.updated, unchanged: job.unchangedDone, failed: job.failed, excluded: job.excluded },
        pendingAuthorization: job.pendingAuthorization,
        failureMessage: job.failureMessage,
      }),
    }];
  }

  private async orderPaid(eventId: bigint, at: Date, salesOrderId: number, tx: Tx): Promise<Outgoing[]> {
    const order = await tx.salesOrder.findUnique({
      where: { id: salesOrderId },
      select: {
        id: true, number: true, companyId: true, total: true, shippingFee: true, paidAt: true, validUntil: true, firstName: true, lastName: true, rut: true,
        laboratory: { select: { id: true, branchCode: true, identifierName: true } },
        lines: { select: { kind: true, code: true, name: true, quantity: true, unitPrice: true, total: true, examId: true, laboratoryExamId: true }, orderBy: { id: 'asc' } },
      },
    });
    if (!order) return [];
    return [{
      companyId: order.companyId,
      envelope: envelope(eventId, order.companyId, 'order.paid', at, {
        orderId: order.id,
        number: order.number,
        branch: { id: order.laboratory.id, code: order.laboratory.branchCode, name: order.laboratory.identifierName },
        total: order.total,
        shippingFee: order.shippingFee,
        paidAt: order.paidAt?.toISOString() ?? null,
        validUntil: order.validUntil?.toISOString() ?? null,
        patient: { firstName: order.firstName, lastName: order.lastName, rut: order.rut },
        lines: order.lines,
      }),
    }];
  }

  private async orderRedeemed(eventId: bigint, at: Date, salesOrderId: number, tx: Tx): Promise<Outgoing[]> {
    const order = await tx.salesOrder.findUnique({
      where: { id: salesOrderId },
      select: { id: true, number: true, companyId: true, total: true, redeemedAt: true, laboratory: { select: { id: true, branchCode: true, identifierName: true } } },
    });
    if (!order) return [];
    return [{
      companyId: order.companyId,
      envelope: envelope(eventId, order.companyId, 'order.redeemed', at, {
        orderId: order.id,
        number: order.number,
        branch: { id: order.laboratory.id, code: order.laboratory.branchCode, name: order.laboratory.identifierName },
        total: order.total,
        redeemedAt: (order.redeemedAt ?? at).toISOString(),
      }),
    }];
  }
}

/** The public id names the outbox event and the company (and the part), so every retry and endpoint shares it. */
function envelope(eventId: bigint, companyId: number, type: WebhookEventType, at: Date, data: object, part?: number): WebhookEnvelope {
  return { id: `evt_${eventId}_${companyId}${part ? `_${part}` : ''}`, type, createdAt: at.toISOString(), data };
}
