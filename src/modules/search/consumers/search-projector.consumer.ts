import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Tx } from '../../../platform/database/prisma.service';
import { assertNever, eventTypes, type StoredEvent } from '../../../platform/messaging/domain-event';
import { EventConsumerRegistry, type EventConsumer } from '../../../platform/messaging/event-consumers';
import type { ExamEvent } from '../../catalogue/exams';
import type { LaboratoryEvent } from '../../catalogue/laboratories';
import type { PricingEvent } from '../../catalogue/pricing';
import type { SelectListEvent } from '../../catalogue/select-lists';
import type { CompanyEvent } from '../../companies';
import type { GeographyEvent } from '../../geography';
import { announceSearchChange } from '../search-changes';
import { SEARCH_INDEX, type SearchIndex } from '../search-index';

/** The events about one price (one offer). */
type PriceEvent = Exclude<PricingEvent, { type: 'PriceListConfirmed' | 'LaboratoryPricesImported' }>;
const PRICE_EVENTS = new Set<string>(['LaboratoryExamOffered', 'LaboratoryExamPriceChanged', 'LaboratoryExamAuthorized', 'LaboratoryExamRejected', 'LaboratoryExamWithdrawn', 'LaboratoryExamRestored'] satisfies PriceEvent['type'][]);
const isPriceEvent = (event: ProjectedEvent): event is PriceEvent => PRICE_EVENTS.has(event.type);

/** Every event that can change what a quote shows. */
export type ProjectedEvent = ExamEvent | PricingEvent | LaboratoryEvent | SelectListEvent | GeographyEvent | CompanyEvent;

export const SEARCH_PROJECTOR = 'search-projector';

/** What the projector subscribes to: `eventTypes` makes this list name every projected event. */
export const PROJECTED_EVENT_TYPES = eventTypes<ProjectedEvent>({
  ExamCreated: true, ExamUpdated: true, ExamRetired: true,
  LaboratoryExamOffered: true, LaboratoryExamPriceChanged: true, LaboratoryExamAuthorized: true, LaboratoryExamRejected: true, LaboratoryExamWithdrawn: true, LaboratoryExamRestored: true,
  LaboratoryRegistered: true, LaboratoryUpdated: true, LaboratoryClosed: true, LaboratoryAttributeSet: true, LaboratoryAttributeRemoved: true,
  SelectListTypeCreated: true, SelectListTypeUpdated: true, SelectListFlagChanged: true, SelectListTypeDeleted: true,
  SelectListValueCreated: true, SelectListValueUpdated: true, SelectListValueDeleted: true,
  NearLocationsChanged: true,
  CompanyApproved: true, CompanyRejected: true, CompanyUpdated: true,
  LaboratoryPricesImported: true, ExamsImported: true, PriceListConfirmed: true,
});

/**
 * Turns catalogue events into search documents. It works out which laboratories an event
 * touches (the fan-out) and rebuilds exactly those from PostgreSQL, so it is idempotent by
 * construction and a late or repeated delivery is harmless.
 */
@Injectable()
export class SearchProjector implements EventConsumer<ProjectedEvent>, OnModuleInit {
  readonly name = SEARCH_PROJECTOR;
  readonly eventTypes = PROJECTED_EVENT_TYPES;

  constructor(
    private readonly registry: EventConsumerRegistry,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: StoredEvent<ProjectedEvent>, tx: Tx): Promise<void> {
    // A price event touches one price, an import's one branch's prices: rebuild those, not the laboratory's whole document.
    if (isPriceEvent(event)) await this.index.reindexPrices(event.payload.laboratoryId, [event.payload.examId], tx);
    else if (event.type === 'LaboratoryPricesImported') await this.index.reindexPrices(event.payload.laboratoryId, event.payload.examIds, tx);
    else if (event.type === 'PriceListConfirmed') await this.index.confirmPrices(event.payload.laboratoryId, tx);
    else {
      const laboratoryIds = await this.affectedLaboratories(event, tx);
      if (laboratoryIds.length > 0) await this.index.reindexLaboratories(laboratoryIds, tx);
    }
    // The API processes forget what they kept of the search once this commits: the answers, and the references
    // (an exam created or retired, an attribute value added or deleted: even when no laboratory's document changed).
    await announceSearchChange(tx);
  }

  /** The laboratories whose whole document an event changes (price events rebuild their prices only). */
  private async affectedLaboratories(event: Exclude<ProjectedEvent, PriceEvent | { type: 'LaboratoryPricesImported' | 'PriceListConfirmed' }>, tx: Tx): Promise<number[]> {
    switch (event.type) {
      case 'ExamCreated':
      case 'SelectListTypeCreated':
      case 'SelectListValueCreated':
        // Nothing offers or uses it yet.
        return [];
      case 'ExamUpdated':
      case 'ExamRetired':
        return (await tx.laboratoryExam.findMany({ where: { examId: event.payload.examId }, select: { laboratoryId: true } })).map((r) => r.laboratoryId);
      case 'LaboratoryRegistered':
      case 'LaboratoryUpdated':
      case 'LaboratoryClosed':
      case 'LaboratoryAttributeSet':
      case 'LaboratoryAttributeRemoved':
        return [event.payload.laboratoryId];
      case 'SelectListTypeUpdated':
      case 'SelectListFlagChanged':
      case 'SelectListValueUpdated':
        return this.laboratoriesWithAttributesOf(tx, event.payload.typeId);
      case 'SelectListTypeDeleted':
      case 'SelectListValueDeleted':
        // Found by the producer before the delete: afterwards nothing says which laboratories had it.
        return event.payload.laboratoryIds;
      case 'ExamsImported':
        // A catalogue import: every branch offering any of its changed exams, once.
        return (await tx.laboratoryExam.findMany({ where: { examId: { in: event.payload.examIds } }, select: { laboratoryId: true }, distinct: ['laboratoryId'] })).map((r) => r.laboratoryId);
      case 'NearLocationsChanged':
        return (await tx.laboratory.findMany({ where: { comunaId: { in: event.payload.comunaIds } }, select: { id: true } })).map((r) => r.id);
      case 'CompanyApproved':
      case 'CompanyRejected':
      case 'CompanyUpdated':
        return (await tx.laboratory.findMany({ where: { companyId: event.payload.companyId }, select: { id: true } })).map((r) => r.id);
      default:
        return assertNever(event);
    }
  }

  private async laboratoriesWithAttributesOf(tx: Tx, typeId: number): Promise<number[]> {
    const rows = await tx.laboratoryAttribute.findMany({ where: { selectListTypeId: typeId }, select: { laboratoryId: true }, distinct: ['laboratoryId'] });
    return rows.map((r) => r.laboratoryId);
  }
}
