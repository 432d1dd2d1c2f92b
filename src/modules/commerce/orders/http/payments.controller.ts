import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiExcludeController, ApiOperation } from '../../../../platform/http/openapi/decorators';
import { Public } from '../../../../platform/auth/access-policy';
import { ConfirmPaymentCommand, type PaymentOutcome } from '../commands/confirm-payment/confirm-payment.command';

/** Gateways send printable ASCII only: anything else (a NUL, a lone surrogate) is not theirs and is dropped. */
const gatewayField = z.string().trim().max(100).regex(/^[\x20-\x7E]*$/).optional();
/** What Webpay (or the simulator) sends back, in the query (GET) or a form (POST). */
const returnFields = z.object({ token_ws: gatewayField, TBK_TOKEN: gatewayField, TBK_ORDEN_COMPRA: gatewayField, TBK_ID_SESION: gatewayField });

/**
 * `/api/payments/return`: the browser's way back from the gateway, by GET or POST as Webpay
 * sends it. It never believes the browser: the command asks the gateway, then sends the browser
 * to the voucher or to the failed-transaction page.
 */
@ApiExcludeController()
@Controller('api/payments')
export class PaymentsController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Get('return')
  @ApiOperation({ summary: 'Vuelta del navegador desde Webpay (GET): confirma el pago con la pasarela y lleva al voucher o al pago fallido' })
  backByGet(@Query() query: unknown, @Res() response: Response): Promise<void> {
    return this.back(parse(query), response);
  }

  @Public()
  @Post('return')
  @ApiOperation({ summary: 'Vuelta del navegador desde Webpay (POST): confirma el pago con la pasarela y lleva al voucher o al pago fallido' })
  backByPost(@Query() query: unknown, @Body() body: unknown, @Res() response: Response): Promise<void> {
    return this.back({ ...parse(query), ...parse(body) }, response);
  }

  private async back(fields: z.infer<typeof returnFields>, response: Response): Promise<void> {
    const outcome = await this.commands.execute(
      new ConfirmPaymentCommand(
        fields.TBK_TOKEN
          ? { abortedToken: fields.TBK_TOKEN, buyOrder: fields.TBK_ORDEN_COMPRA, sessionId: fields.TBK_ID_SESION }
          : fields.token_ws
            ? { token: fields.token_ws }
            : { buyOrder: fields.TBK_ORDEN_COMPRA, sessionId: fields.TBK_ID_SESION },
      ),
    );
    response.redirect(303, nextPage(outcome));
  }
}

function parse(input: unknown): z.infer<typeof returnFields> {
  const parsed = returnFields.safeParse(input ?? {});
  return parsed.success ? parsed.data : {};
}

export const nextPage = (outcome: PaymentOutcome) =>
  `${outcome.paid || outcome.pending ? '/voucher' : '/transaction/failed'}/${outcome.salesOrderId}?k=${encodeURIComponent(outcome.accessKey)}`;
