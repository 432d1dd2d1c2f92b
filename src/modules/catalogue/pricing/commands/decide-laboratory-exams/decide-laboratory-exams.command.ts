import { Command } from '@nestjs/cqrs';
import type { PriceDecisionResult } from '../../../../../contracts/price-decisions';
import type { CommandContext } from '../../../../../platform/cqrs/command-context';
import type { Paging } from '../../../../../platform/database/find-page';
import type { LaboratoryExamFilter } from '../../queries/search-laboratory-exams/search-laboratory-exams.query';

export type PriceDecision = { status: 'AUTHORIZED' } | { status: 'REJECTED'; reason: string };

/**
 * Which offers a bulk decision takes: the ones selected (by id), or every one matching the queue's filter, as many
 * as the person was shown (`expectedCount`): if the list changed meanwhile, nothing is decided.
 */
export type DecisionTarget = { ids: number[] } | { matching: Omit<LaboratoryExamFilter, keyof Paging | 'orderBy' | 'orderSort'>; expectedCount: number };

/** Offers one decision may take when they are every one matching a filter. */
export const MAX_MATCHING_DECISION = 5000;

/**
 * An administrator authorizes, or rejects with one reason, many offers at once (the queue's bulk
 * action): all of them or none.
 */
export class DecideLaboratoryExamsCommand extends Command<PriceDecisionResult> {
  constructor(
    readonly ctx: CommandContext,
    readonly target: DecisionTarget,
    readonly decision: PriceDecision,
  ) {
    super();
  }
}
