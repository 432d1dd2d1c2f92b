import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { NearLocationNotFoundError } from '../../geography.errors';
import { NearLocationsChanged } from '../../geography.events';
import { RemoveNearLocationCommand } from './remove-near-location.command';

@CommandHandler(RemoveNearLocationCommand)
export class RemoveNearLocationHandler implements ICommandHandler<RemoveNearLocationCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  async execute({ ctx, nearLocationId: id }: RemoveNearLocationCommand) {
    await this.uow.run(ctx, async (tx, changes) => {
      const current = await tx.nearLocation.findUnique({ where: { id }, select: { nearLocationId: true } });
      if (!current) throw new NearLocationNotFoundError();
      await tx.nearLocation.delete({ where: { id } });
      changes.record(NearLocationsChanged({ comunaIds: [current.nearLocationId] }));
      changes.audit('near_location.deleted', 'NearLocation', id);
    });
    return { id };
  }
}
