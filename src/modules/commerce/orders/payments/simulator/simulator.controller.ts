import { Controller, Get, HttpStatus, Inject, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiExcludeController, ApiOperation } from '../../../../../platform/http/openapi/decorators';
import { Public } from '../../../../../platform/auth/access-policy';
import { ValidBody, ValidQuery } from '../../../../../platform/http/validated';
import { PaymentNotFoundError } from '../../orders.errors';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payment-gateway';
import { SimulatorGateway } from './simulator-gateway';
import { simulatorPage } from './simulator-page';

const tokenField = z.object({ token_ws: z.string({ message: 'Falta el token.' }).trim().regex(/^[a-f0-9]{64}$/, 'El token no es válido.') });
const decisionBody = tokenField.extend({ decision: z.enum(['approve', 'reject', 'abort'], { message: 'Elige aprobar, rechazar o anular.' }) });

/**
 * The simulator's "gateway site" (`/api/payments/simulator`), served by the API so it works the same
 * in `npm start`, the tests and any deployment that runs the simulator. With Webpay configured it
 * does not exist (404).
 */
@ApiExcludeController()
@Controller('api/payments/simulator')
export class SimulatorController {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  private get simulator(): SimulatorGateway {
    if (!(this.gateway instanceof SimulatorGateway)) throw new PaymentNotFoundError();
    return this.gateway;
  }

  @Public()
  @Get()
  @ApiOperation({ summary: 'Página del simulador de pago para un token_ws (solo en modo demostración)' })
  pageByGet(@ValidQuery(tokenField) query: z.infer<typeof tokenField>, @Res() response: Response) {
    return this.page(query.token_ws, response);
  }

  /** Webpay is reached by a form POST of `token_ws`; the simulator takes the same. */
  @Public()
  @Post()
  @ApiOperation({ summary: 'Página del simulador de pago, con token_ws enviado por formulario como en Webpay (solo en modo demostración)' })
  pageByPost(@ValidBody(tokenField) body: z.infer<typeof tokenField>, @Res() response: Response) {
    return this.page(body.token_ws, response);
  }

  @Public()
  @Post('decision')
  @ApiOperation({ summary: 'Aprueba, rechaza o anula el pago simulado y vuelve a la tienda' })
  async decide(@ValidBody(decisionBody) body: z.infer<typeof decisionBody>, @Res() response: Response) {
    const back = await this.simulator.decide(body.token_ws, body.decision);
    if (!back) throw new PaymentNotFoundError();
    response.redirect(HttpStatus.SEE_OTHER, back);
  }

  private async page(token: string, response: Response) {
    const payment = await this.simulator.find(token);
    if (!payment) throw new PaymentNotFoundError();
    // Decided already (the back button): on to the shop, as a gateway does.
    if (payment.decision) {
      response.redirect(HttpStatus.SEE_OTHER, `${payment.returnUrl}?token_ws=${payment.token}`);
      return;
    }
    response.status(200).type('html').setHeader('Cache-Control', 'no-store').send(simulatorPage(payment));
  }
}
