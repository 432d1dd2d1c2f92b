import { Controller, Get, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import type { SalesOrderView } from '../../../../contracts/sales-orders';
import { ProviderScoped, Public, SignedIn } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { Ctx, type CommandContext } from '../../../../platform/cqrs/command-context';
import { AnswersFile } from '../../../../platform/http/openapi/documented-answer';
import { IdParam, ValidBody, ValidQuery } from '../../../../platform/http/validated';
import { RedeemSalesOrderCommand } from '../commands/redeem-sales-order/redeem-sales-order.command';
import { renderVoucherPdf } from '../infrastructure/voucher-pdf';
import { SalesOrderTransitionError } from '../orders.errors';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway';
import { GetSalesOrderQuery } from '../queries/get-sales-order/get-sales-order.query';
import { SearchSalesOrdersQuery } from '../queries/search-sales-orders/search-sales-orders.query';
import { accessKeyQuery, refundSalesOrderBody, searchSalesOrdersBody } from './checkout.schemas';
import { RefundSalesOrderCommand } from '../commands/refund-sales-order/refund-sales-order.command';

/** `/api/sales-order`: lists for the back office and the /panel, one order (the voucher), its PDF, and redeeming it. */
@ApiTags('sales orders')
@Controller('api/sales-order')
export class SalesOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  @SignedIn()
  @Post('search')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Órdenes: todas (administrador), las de su empresa (proveedor) o las propias (visitante con cuenta)' })
  search(@ValidBody(searchSalesOrdersBody) filter: z.infer<typeof searchSalesOrdersBody>, @CurrentActor() actor: Actor) {
    return this.queries.execute(new SearchSalesOrdersQuery(actor, filter));
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Una orden y su voucher: para su comprador, quien tenga su enlace (?k=), su laboratorio o un administrador' })
  get(@IdParam() id: number, @ValidQuery(accessKeyQuery) query: z.infer<typeof accessKeyQuery>, @CurrentActor() actor: Actor | undefined) {
    return this.queries.execute(new GetSalesOrderQuery(id, actor, query.k));
  }

  @Public()
  @Get(':id/voucher.pdf')
  @ApiOperation({ summary: 'El voucher en PDF (código, QR, laboratorio, exámenes y preparación)' })
  @AnswersFile('application/pdf')
  async pdf(@IdParam() id: number, @ValidQuery(accessKeyQuery) query: z.infer<typeof accessKeyQuery>, @CurrentActor() actor: Actor | undefined, @Res() response: Response) {
    const order: SalesOrderView = await this.queries.execute(new GetSalesOrderQuery(id, actor, query.k));
    if (order.status !== 'PAID' && order.status !== 'REDEEMED' && order.status !== 'EXPIRED') throw new SalesOrderTransitionError('Esta orden no está pagada: aún no tiene voucher.');
    const pdf = await renderVoucherPdf(order, { demo: order.payment?.gateway === 'simulator' || this.gateway.code === 'simulator' });
    response
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="voucher-${order.number}.pdf"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(pdf);
  }

  // Providers reach it only to be told that refunding is an administrator's (403), or 404 for another company's order.
  @ProviderScoped()
  @Post(':id/refund')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Un administrador reembolsa una orden pagada y no canjeada, por el medio de pago (una sola vez)' })
  refund(@IdParam() id: number, @ValidBody(refundSalesOrderBody) body: z.infer<typeof refundSalesOrderBody>, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RefundSalesOrderCommand(ctx, id, body.reason));
  }

  @ProviderScoped()
  @Post(':id/redeem')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'El laboratorio marca el voucher como canjeado (tomó las muestras)' })
  redeem(@IdParam() id: number, @Ctx() ctx: CommandContext) {
    return this.commands.execute(new RedeemSalesOrderCommand(ctx, id));
  }
}
