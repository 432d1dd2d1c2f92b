import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** The laboratory took the samples of a paid voucher: it is used, and cannot be used again. */
export class RedeemSalesOrderCommand extends Command<{ id: number; status: 'REDEEMED' }> {
  constructor(
    readonly ctx: CommandContext,
    readonly salesOrderId: number,
  ) {
    super();
  }
}
