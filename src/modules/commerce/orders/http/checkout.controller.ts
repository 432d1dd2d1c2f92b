import { Controller, Get, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiTags } from '../../../../platform/http/openapi/decorators';
import type { PaymentMethod, ShippingMethod } from '../../../../contracts/sales-orders';
import { Public, SignedIn } from '../../../../platform/auth/access-policy';
import { CurrentActor, type Actor } from '../../../../platform/auth/actor';
import { ValidBody, ValidQuery } from '../../../../platform/http/validated';
import { PlaceOrderCommand } from '../commands/place-order/place-order.command';
import { ListShippingMethodsQuery } from '../queries/list-shipping-methods/list-shipping-methods.query';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway';
import { accountCheckoutBody, shippingQuery, visitorCheckoutBody } from './checkout.schemas';

const PAYMENT_METHODS: Record<PaymentMethod['code'], PaymentMethod> = {
  webpay: { code: 'webpay', name: 'Webpay Plus', description: 'Tarjeta de débito, crédito o prepago, a través de Transbank.', demo: false },
  simulator: { code: 'simulator', name: 'Pago simulado (modo demostración)', description: 'Simula Webpay: apruebas o rechazas el pago sin usar una tarjeta. No se mueve dinero.', demo: true },
};

/** The spec's checkout: shipping and payment methods, and the visitor and signed-in checkouts. */
@ApiTags('checkout')
@Controller('api')
export class CheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  @Public()
  @Get('shipping-methods')
  @ApiOperation({ summary: 'Cómo se toma la muestra (sucursal o domicilio) y su costo para un laboratorio y una comuna' })
  shippingMethods(@ValidQuery(shippingQuery) query: z.infer<typeof shippingQuery>): Promise<ShippingMethod[]> {
    return this.queries.execute(new ListShippingMethodsQuery(query.laboratoryId, query.comunaId));
  }

  @Public()
  @Get('payment-methods')
  @ApiOperation({ summary: 'Medios de pago disponibles (Webpay Plus, o el simulador en modo demostración)' })
  paymentMethods(): PaymentMethod[] {
    return [PAYMENT_METHODS[this.gateway.code]];
  }

  @Public()
  @Post('checkout')
  @ApiOperation({ summary: 'Compra de un visitante: fija los precios en una orden y entrega dónde pagar (clave de idempotencia)' })
  checkout(@ValidBody(visitorCheckoutBody) body: z.infer<typeof visitorCheckoutBody>) {
    const { firstName, lastName, rut, email, phone, ...input } = body;
    return this.commands.execute(new PlaceOrderCommand({ kind: 'visitor', firstName, lastName, rut, email, phone }, input));
  }

  @SignedIn()
  @Post('checkout-auth')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Compra de una persona con sesión iniciada (sus datos vienen de la cuenta)' })
  checkoutSignedIn(@ValidBody(accountCheckoutBody) body: z.infer<typeof accountCheckoutBody>, @CurrentActor() actor: Actor) {
    const { rut, phone, ...input } = body;
    return this.commands.execute(new PlaceOrderCommand({ kind: 'person', personId: actor.personId, rut, phone }, input));
  }
}
