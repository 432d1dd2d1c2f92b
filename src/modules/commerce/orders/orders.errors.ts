import { HttpStatus } from '@nestjs/common';
import { AppError, ConflictError, NotFoundError, type FieldErrors } from '../../../platform/http/app-error';

/** An order that does not exist, or that the caller may not see: both answer alike. */
export class SalesOrderNotFoundError extends NotFoundError {
  constructor() {
    super('SALES_ORDER.NOT_FOUND', 'La orden solicitada no existe.');
  }
}

/** A price in the cart is not the laboratory's current one: nothing is charged at a price the person did not see. */
export class CheckoutPriceChangedError extends AppError {
  constructor(errors: FieldErrors) {
    super(HttpStatus.CONFLICT, 'CHECKOUT.PRICE_CHANGED', 'Algunos precios cambiaron desde que los agregaste al carro. Revisa el carro antes de pagar.', errors);
  }
}

/** An item no longer sold (a price withdrawn, a closed branch, an exam retired). */
export class CheckoutItemUnavailableError extends AppError {
  constructor(errors: FieldErrors) {
    super(HttpStatus.CONFLICT, 'CHECKOUT.ITEM_UNAVAILABLE', 'Algunos exámenes del carro ya no están disponibles en este laboratorio. Quítalos del carro para continuar.', errors);
  }
}

/** Items of another laboratory in the same order. */
export class CheckoutOneLaboratoryError extends AppError {
  constructor(errors: FieldErrors) {
    super(HttpStatus.BAD_REQUEST, 'CHECKOUT.ONE_LABORATORY', 'Una orden es de un solo laboratorio: deja en el carro solo los exámenes de uno.', errors);
  }
}

/** The same idempotency key with another request: a client bug, never a second order. */
export class IdempotencyKeyReusedError extends ConflictError {
  constructor() {
    super('CHECKOUT.IDEMPOTENCY_KEY_REUSED', 'Esta compra ya se registró con otros datos. Vuelve al carro e inténtalo de nuevo.', 'idempotencyKey');
  }
}

export class PaymentGatewayUnavailableError extends AppError {
  constructor() {
    super(HttpStatus.BAD_GATEWAY, 'PAYMENT.GATEWAY_UNAVAILABLE', 'No pudimos conectarnos con el medio de pago. No se hizo ningún cargo; inténtalo nuevamente en unos minutos.');
  }
}

/** A return from the gateway that names no payment we started (forged, or a stale link). */
export class PaymentNotFoundError extends NotFoundError {
  constructor() {
    super('PAYMENT.NOT_FOUND', 'No encontramos el pago indicado.');
  }
}

/** The chosen payment method is not the one this installation runs. */
export class PaymentMethodUnavailableError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'PAYMENT.METHOD_UNAVAILABLE', 'Ese medio de pago no está disponible.', { paymentMethod: ['Elige un medio de pago disponible.'] });
  }
}

export class SalesOrderTransitionError extends AppError {
  constructor(message: string) {
    super(HttpStatus.CONFLICT, 'SALES_ORDER.INVALID_TRANSITION', message);
  }
}

/** The gateway refused the refund (or could not be reached): nothing changed, the order is still paid. */
export class RefundRefusedError extends AppError {
  constructor(detail: string) {
    super(HttpStatus.BAD_GATEWAY, 'PAYMENT.REFUND_REFUSED', `El medio de pago no hizo el reembolso: ${detail}. La orden sigue pagada; no se devolvió dinero.`);
  }
}

/** The refund was asked of the gateway and its answer is not known yet: the reconciliation sweep finishes it. */
export class RefundPendingError extends AppError {
  constructor() {
    super(HttpStatus.SERVICE_UNAVAILABLE, 'PAYMENT.REFUND_PENDING', 'Pedimos el reembolso al medio de pago y aún no confirma la respuesta. Lo revisaremos en unos minutos y la orden mostrará el resultado.');
  }
}

/** Refunding is an administrator's decision; a laboratory sees its order but cannot refund it. */
export class RefundForbiddenError extends AppError {
  constructor() {
    super(HttpStatus.FORBIDDEN, 'SALES_ORDER.REFUND_FORBIDDEN', 'Solo un administrador de CotizaLab puede reembolsar una orden.');
  }
}
