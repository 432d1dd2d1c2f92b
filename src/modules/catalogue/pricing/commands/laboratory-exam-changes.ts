import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntry } from '../../../../platform/audit/audit';
import type { Actor } from '../../../../platform/auth/actor';
import type { CommandContext } from '../../../../platform/cqrs/command-context';
import { assertLaboratoryScope } from '../../../../platform/cqrs/company-scope';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import type { Tx } from '../../../../platform/database/prisma.service';
import type { DomainEvent } from '../../../../platform/messaging/domain-event';
import { LaboratoryNotFoundError } from '../../laboratories';
import type { LaboratoryExam } from '../domain/laboratory-exam';
import { LaboratoryExamNotFoundError } from '../pricing.errors';
import { LABORATORY_EXAM_REPOSITORY, type LaboratoryExamRepository } from '../infrastructure/laboratory-exam.repository';

/**
 * The steps every change of an existing offer shares: load it locked, check the caller may touch
 * its laboratory, apply the change, save it with its events and audit row in one transaction.
 */
@Injectable()
export class LaboratoryExamChanges {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(LABORATORY_EXAM_REPOSITORY) readonly repository: LaboratoryExamRepository,
  ) {}

  /**
   * `also` adds events of the whole command once the offer changed (an administrator's decision on one price is a
   * batch of one: `PriceDecisionsMade`).
   */
  change(ctx: CommandContext, laboratoryExamId: number, action: string, apply: (offer: LaboratoryExam) => void, details?: AuditEntry['details'], also?: (id: number) => DomainEvent[]): Promise<number> {
    return this.uow.run(ctx, async (tx, changes) => {
      const offer = await this.repository.findById(tx, laboratoryExamId);
      if (!offer) throw new LaboratoryExamNotFoundError();
      // A price of a laboratory the caller may not see is, for it, a price that does not exist.
      await this.assertLaboratoryAccess(tx, ctx.actor, offer.state.laboratoryId, () => new LaboratoryExamNotFoundError());
      apply(offer);
      const id = await this.repository.save(tx, offer);
      const events = offer.pullEvents(id);
      changes.record(...events);
      if (events.length > 0) {
        changes.audit(action, 'LaboratoryExam', id, details);
        if (also) changes.record(...also(id));
      }
      return id;
    });
  }

  async assertLaboratoryAccess(tx: Tx, actor: Actor, laboratoryId: number, notFound: () => Error = () => new LaboratoryNotFoundError()): Promise<void> {
    const companyId = await this.repository.companyOfLaboratory(tx, laboratoryId);
    if (companyId === undefined) throw notFound();
    assertLaboratoryScope(actor, { id: laboratoryId, companyId }, notFound);
  }
}
