import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../../platform/cqrs/unit-of-work';
import type { LaboratoryExam } from '../../domain/laboratory-exam';
import { LABORATORY_EXAM_REPOSITORY, type LaboratoryExamRepository } from '../../infrastructure/laboratory-exam.repository';
import { MatchingPricesChangedError, OnlyAdministratorsAuthorizeError, TooManyMatchingPricesError, UnknownLaboratoryExamsError } from '../../pricing.errors';
import { PriceDecisionsMade } from '../../pricing.events';
import { laboratoryExamWhere } from '../../queries/search-laboratory-exams/search-laboratory-exams.query';
import type { Tx } from '../../../../../platform/database/prisma.service';
import type { Actor } from '../../../../../platform/auth/actor';
import { DecideLaboratoryExamsCommand, MAX_MATCHING_DECISION, type DecisionTarget } from './decide-laboratory-exams.command';

/**
 * Loads every offer locked (in id order, so two bulk actions never deadlock), refuses the whole
 * batch when any id is unknown (or, for every offer matching a filter, when they are no longer as many
 * as the person was shown), then applies the decision through the aggregate and saves each with its
 * event and audit row, all in one transaction.
 */
@CommandHandler(DecideLaboratoryExamsCommand)
export class DecideLaboratoryExamsHandler implements ICommandHandler<DecideLaboratoryExamsCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LABORATORY_EXAM_REPOSITORY) private readonly repository: LaboratoryExamRepository,
  ) {}

  async execute({ ctx, target, decision }: DecideLaboratoryExamsCommand) {
    if (ctx.actor.profile !== 'ADM') throw new OnlyAdministratorsAuthorizeError();
    return this.uow.run(ctx, async (tx, changes) => {
      const ids = await targetIds(tx, ctx.actor, target);
      const offers: LaboratoryExam[] = [];
      const unknown: number[] = [];
      for (const id of ids) {
        const offer = await this.repository.findById(tx, id);
        if (offer) offers.push(offer);
        else unknown.push(id);
      }
      if (unknown.length > 0) throw new UnknownLaboratoryExamsError(unknown);
      const changedIds: number[] = [];
      for (const offer of offers) {
        if (decision.status === 'AUTHORIZED') offer.authorize(ctx.actor);
        else offer.reject(ctx.actor, decision.reason);
        const id = await this.repository.save(tx, offer);
        const events = offer.pullEvents(id);
        if (events.length === 0) continue;
        changedIds.push(id);
        changes.record(...events);
        changes.audit(decision.status === 'AUTHORIZED' ? 'laboratory_exam.authorized' : 'laboratory_exam.rejected', 'LaboratoryExam', id, decision.status === 'REJECTED' ? { reason: decision.reason, bulk: true } : { bulk: true });
      }
      // The laboratory is told once per batch, not once per price.
      if (changedIds.length > 0) changes.record(PriceDecisionsMade({ decision: decision.status, ...(decision.status === 'REJECTED' ? { reason: decision.reason } : {}), laboratoryExamIds: changedIds, by: ctx.actor.personId }));
      return { requested: ids.length, changed: changedIds.length, unchanged: ids.length - changedIds.length };
    }, { timeout: 60_000 });
  }
}

/** The offers a decision takes, in id order: the ones named, or every one matching the filter if still as many as shown. */
async function targetIds(tx: Tx, actor: Actor, target: DecisionTarget): Promise<number[]> {
  if ('ids' in target) return [...new Set(target.ids)].sort((a, b) => a - b);
  const where = await laboratoryExamWhere(tx, actor, target.matching);
  const found = await tx.laboratoryExam.findMany({ where, select: { id: true }, orderBy: { id: 'asc' }, take: MAX_MATCHING_DECISION + 1 });
  if (found.length > MAX_MATCHING_DECISION) throw new TooManyMatchingPricesError(MAX_MATCHING_DECISION);
  if (found.length !== target.expectedCount) throw new MatchingPricesChangedError(found.length);
  return found.map((offer) => offer.id);
}
