import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../../platform/cqrs/unit-of-work';
import { ValidationError } from '../../../../platform/http/app-error';
import { SAVED_ORDER_SELECT, toSavedOrderView } from '../../saved-order-view';
import { SaveOrderCommand } from './save-order.command';

/** At most this many orders per person: the oldest beyond it are let go. */
const KEPT = 50;

@CommandHandler(SaveOrderCommand)
export class SaveOrderHandler implements ICommandHandler<SaveOrderCommand> {
  constructor(private readonly uow: UnitOfWork) {}

  execute({ ctx, order }: SaveOrderCommand) {
    return this.uow.run(ctx, async (tx) => {
      const personId = ctx.actor.personId;
      const exams = [...new Set(order.exams)];
      // One round trip: the names for the label, and whether each reference exists.
      const [refs] = await tx.$queryRaw<{ exam_names: string[]; comuna: { name: string; region_id: number } | null; insurer: string | null }[]>`
        SELECT ARRAY(SELECT regexp_replace(split_part(e.name, ' (', 1), '[,;:]+$', '') FROM unnest(${exams}::int[]) WITH ORDINALITY AS x(id, n) JOIN exam e ON e.id = x.id AND e.is_active ORDER BY x.n) AS exam_names,
               (SELECT json_build_object('name', name, 'region_id', parent_id) FROM location WHERE id = ${order.location ?? null}::int AND kind = 'COMUNA') AS comuna,
               (SELECT name FROM insurer WHERE id = ${order.pensionHealtInstitutionId ?? null}::int AND is_active) AS insurer`;
      const errors: Record<string, string[]> = {};
      if (refs.exam_names.length !== exams.length) errors.exams = ['Alguno de los exámenes no existe.'];
      if (order.location && !refs.comuna) errors.location = ['La comuna indicada no existe.'];
      if (order.pensionHealtInstitutionId && !refs.insurer) errors.pensionHealtInstitutionId = ['La previsión indicada no existe.'];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const place = refs.comuna ? `${refs.comuna.name}${order.nearLocations ? ' y comunas vecinas' : ''}` : null;
      const label = [refs.exam_names.join(', '), place, refs.insurer].filter(Boolean).join(' · ').slice(0, 300);
      const data = {
        examIds: exams,
        comunaId: order.location ?? null,
        regionId: refs.comuna?.region_id ?? null,
        nearLocations: Boolean(order.location && order.nearLocations),
        insurerId: order.pensionHealtInstitutionId ?? null,
        coveragePercentage: order.pensionHealtInstitutionId ? (order.coveragePercentage ?? null) : null,
      };
      // The same order saved again (a second tap, a replay) refreshes the one kept instead of adding a copy.
      const contentKey = [[...exams].sort((a, b) => a - b).join(','), data.comunaId, data.nearLocations ? 1 : 0, data.insurerId, data.coveragePercentage].join('|');
      const saved = await tx.savedOrder.upsert({
        where: { personId_contentKey: { personId, contentKey } },
        create: { personId, contentKey, label, ...data },
        update: { label, examIds: exams, savedAt: new Date() },
        select: SAVED_ORDER_SELECT,
      });
      const stale = await tx.savedOrder.findMany({ where: { personId }, orderBy: [{ savedAt: 'desc' }, { id: 'desc' }], skip: KEPT, select: { id: true } });
      if (stale.length > 0) await tx.savedOrder.deleteMany({ where: { id: { in: stale.map((s) => s.id) } } });
      return toSavedOrderView(saved);
    });
  }
}
