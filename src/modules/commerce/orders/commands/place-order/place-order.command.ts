import { Command } from '@nestjs/cqrs';
import type { CheckoutInput, CheckoutResult } from '../../../../../contracts/sales-orders';

/** The buyer: a visitor's typed data, or a signed-in person (whose name and e-mail come from the account). */
export type Buyer =
  | { kind: 'visitor'; firstName: string; lastName: string; rut: string; email: string; phone?: string }
  | { kind: 'person'; personId: number; rut?: string; phone?: string };

export type PlaceOrderInput = Omit<CheckoutInput, 'firstName' | 'lastName' | 'rut' | 'email' | 'phone'>;

/**
 * Checkout: re-reads every price, locks them in a new order, starts its payment, and answers
 * where the browser goes to pay. The same idempotency key always answers the same order.
 */
export class PlaceOrderCommand extends Command<CheckoutResult> {
  constructor(
    readonly buyer: Buyer,
    readonly input: PlaceOrderInput,
  ) {
    super();
  }
}
