import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { NearLocationTakenError } from '../../geography.errors';
import { NearLocationsChanged } from '../../geography.events';
import { NEAR_LOCATION_SELECT } from '../../near-location-view';
import { assertNearPair } from '../near-location-rules';
import { AddNearLocationCommand } from './add-near-location.command';

@CommandHandler(AddNearLocationCommand)
export class AddNearLocationHandler implements ICommandHandler<AddNearLocationCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, input }: AddNearLocationCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        await assertNearPair(tx, input);
        const added = await tx.nearLocation.create({ data: { ...input, source: 'MANUAL' }, select: NEAR_LOCATION_SELECT });
        changes.record(NearLocationsChanged({ comunaIds: [input.nearLocationId] }));
        changes.audit('near_location.created', 'NearLocation', added.id);
        return added;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new NearLocationTakenError() : error;
      });
  }
}
