import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

/** What a copy did at the target branch: new offers, repriced ones, and those already at that price. */
export interface PriceListCopied {
  fromLaboratoryId: number;
  toLaboratoryId: number;
  offered: number;
  repriced: number;
  unchanged: number;
}

/**
 * A provider copies the price list of one branch to another of the same company: each price the
 * source offers now is offered at the target (an offer the target already has is repriced, and
 * offered again if it was withdrawn). Rejected and withdrawn prices of the source are not copied.
 */
export class CopyPriceListCommand extends Command<PriceListCopied> {
  constructor(
    readonly ctx: CommandContext,
    readonly fromLaboratoryId: number,
    readonly toLaboratoryId: number,
  ) {
    super();
  }
}
