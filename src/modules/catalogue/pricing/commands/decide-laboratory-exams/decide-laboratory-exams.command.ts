import { Command } from '@nestjs/cqrs';
import type { PriceDecisionResult } from '../../../../../contracts/price-decisions';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';

export type PriceDecision = { status: 'AUTHORIZED' } | { status: 'REJECTED'; reason: string };

/**
 * An administrator authorizes, or rejects with one reason, many offers at once (the queue's bulk
 * action): all of them or none.
 */
export class DecideLaboratoryExamsCommand extends Command<PriceDecisionResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly laboratoryExamIds: number[],
    readonly decision: PriceDecision,
  ) {
    super();
  }
}
