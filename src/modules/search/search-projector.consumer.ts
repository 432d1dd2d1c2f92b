import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Tx } from '../../platform/database/prisma.service';
import { EventConsumerRegistry, type EventConsumer } from '../../platform/messaging/event-consumers';
import type { StoredEvent } from '../../platform/messaging/outbox';
import { AccountEvent } from '../accounts/account-events';
import { SEARCH_INDEX, type SearchIndex } from './search-index';
import { CatalogueEvent } from './search-events';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);

/**
 * Turns catalogue events into search documents. It works out which laboratories an event
 * touches (the fan-out) and rebuilds exactly those, so it is idempotent by construction.
 */
@Injectable()
export class SearchProjector implements EventConsumer, OnModuleInit {
  readonly name = 'search-projector';
  readonly eventTypes = [...Object.values(CatalogueEvent), AccountEvent.CompanyApproved, AccountEvent.CompanyRejected];

  constructor(
    private readonly registry: EventConsumerRegistry,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent, tx: Tx): Promise<void> {
    const laboratoryIds = await this.affectedLaboratories(event, tx);
    await this.index.reindexLaboratories(laboratoryIds, tx);
  }

  private async affectedLaboratories({ type, payload }: StoredEvent, tx: Tx): Promise<number[]> {
    const select = { id: true } as const;
    switch (type) {
      case CatalogueEvent.LaboratoriesChanged:
        return ids(payload.laboratoryIds);
      case CatalogueEvent.ExamChanged:
        return (await tx.laboratoryExam.findMany({ where: { examId: Number(payload.examId) }, select: { laboratoryId: true } })).map((r) => r.laboratoryId);
      case CatalogueEvent.NearLocationsChanged:
        return (await tx.laboratory.findMany({ where: { comunaId: { in: ids(payload.comunaIds) } }, select })).map((r) => r.id);
      case CatalogueEvent.SelectListTypeChanged:
        return (await tx.laboratoryAttribute.findMany({ where: { selectListTypeId: Number(payload.typeId) }, select: { laboratoryId: true }, distinct: ['laboratoryId'] })).map((r) => r.laboratoryId);
      case CatalogueEvent.CompanyChanged:
      case AccountEvent.CompanyApproved:
      case AccountEvent.CompanyRejected:
        return (await tx.laboratory.findMany({ where: { companyId: Number(payload.companyId) }, select })).map((r) => r.id);
      default:
        return [];
    }
  }
}
