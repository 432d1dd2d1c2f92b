import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { PERSON_VISIBILITY_SELECT } from '../../person-visibility-view';
import { assertGrantTargets, grantColumns } from '../person-visibility-grant';
import { GrantPersonVisibilityCommand } from './grant-person-visibility.command';

/**
 * Idempotent: a person holds each grant once (unique index with NULLS NOT DISTINCT), so granting
 * what already exists answers the existing grant unchanged, also when the same request arrives
 * many times at once (the insert skips on conflict, waiting for a concurrent one to commit).
 */
@CommandHandler(GrantPersonVisibilityCommand)
export class GrantPersonVisibilityHandler implements ICommandHandler<GrantPersonVisibilityCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: GrantPersonVisibilityCommand) {
    return this.uow.run(ctx, async (tx, changes) => {
      await assertGrantTargets(tx, input);
      const data = grantColumns(input);
      const inserted = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO "person_visibility" ("person_id", "company_id", "laboratory_id", "is_active", "updated_at")
        VALUES (${data.personId}, ${data.companyId}, ${data.laboratoryId}, ${data.isActive}, now())
        ON CONFLICT DO NOTHING RETURNING "id"`;
      if (inserted.length === 0) {
        return tx.personVisibility.findFirstOrThrow({ where: { personId: data.personId, companyId: data.companyId, laboratoryId: data.laboratoryId }, select: PERSON_VISIBILITY_SELECT });
      }
      const row = await tx.personVisibility.findUniqueOrThrow({ where: { id: inserted[0].id }, select: PERSON_VISIBILITY_SELECT });
      changes.audit('person_visibility.created', 'PersonVisibility', row.id, data);
      return row;
    });
  }
}
