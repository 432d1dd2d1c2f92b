import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { loadReferenceData } from '../../../../platform/reference-data/reference-data';
import { NearLocationsChanged } from '../../geography.events';
import { ImportNearLocationsCommand } from './import-near-locations.command';

@CommandHandler(ImportNearLocationsCommand)
export class ImportNearLocationsHandler implements ICommandHandler<ImportNearLocationsCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx }: ImportNearLocationsCommand) {
    const { adjacency } = loadReferenceData();
    return this.uow.run(ctx, async (tx, changes) => {
      const comunas = new Map((await tx.location.findMany({ where: { kind: 'COMUNA' }, select: { id: true, code: true } })).map((c) => [c.code, c.id]));
      const rows = adjacency
        .filter((a) => comunas.has(a.code) && comunas.has(a.adjacentCode))
        .map((a) => ({ locationId: comunas.get(a.code)!, nearLocationId: comunas.get(a.adjacentCode)!, distanceKm: a.km, source: 'ADJACENT' as const }));
      const added = await tx.nearLocation.createManyAndReturn({ data: rows, skipDuplicates: true, select: { nearLocationId: true } });
      if (added.length > 0) changes.record(NearLocationsChanged({ comunaIds: [...new Set(added.map((a) => a.nearLocationId))] }));
      changes.audit('near_location.imported', 'NearLocation', 'reference', { added: added.length });
      return { added: added.length, total: await tx.nearLocation.count() };
    });
  }
}
