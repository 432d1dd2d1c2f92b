import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { uniqueViolation } from '../../../../platform/database/unique-violation';
import { NearLocationNotFoundError, NearLocationTakenError } from '../../geography.errors';
import { NearLocationsChanged } from '../../geography.events';
import { NEAR_LOCATION_SELECT } from '../../near-location-view';
import { assertNearPair } from '../near-location-rules';
import { UpdateNearLocationCommand } from './update-near-location.command';

@CommandHandler(UpdateNearLocationCommand)
export class UpdateNearLocationHandler implements ICommandHandler<UpdateNearLocationCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, nearLocationId: id, changes: input }: UpdateNearLocationCommand) {
    return this.uow
      .run(ctx, async (tx, changes) => {
        const current = await tx.nearLocation.findUnique({ where: { id } });
        if (!current) throw new NearLocationNotFoundError();
        const pair = { locationId: input.locationId ?? current.locationId, nearLocationId: input.nearLocationId ?? current.nearLocationId };
        await assertNearPair(tx, pair);
        const updated = await tx.nearLocation.update({ where: { id }, data: { ...pair, distanceKm: input.distanceKm, source: 'MANUAL' }, select: NEAR_LOCATION_SELECT });
        // The comunas whose laboratories served the old pair, and those that serve the new one.
        changes.record(NearLocationsChanged({ comunaIds: [...new Set([pair.nearLocationId, current.nearLocationId])] }));
        changes.audit('near_location.updated', 'NearLocation', id);
        return updated;
      })
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? new NearLocationTakenError() : error;
      });
  }
}
