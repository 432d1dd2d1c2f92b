import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

export interface RefundResult {
  id: number;
  status: 'REFUNDED';
  refund: { amount: number; reason: string; createdAt: string; gatewayType: string | null };
}

/** An administrator gives back the money of a paid order not yet redeemed, through the gateway that took it. */
export class RefundSalesOrderCommand extends Command<RefundResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly salesOrderId: number,
    readonly reason: string,
  ) {
    super();
  }
}
