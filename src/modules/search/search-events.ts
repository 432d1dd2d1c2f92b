import type { DomainEvent } from '../../platform/messaging/outbox';

/**
 * Catalogue events the search projector listens to. Payloads carry ids only: the projector
 * re-reads PostgreSQL when it handles them, so late or repeated deliveries are harmless.
 */
export const CatalogueEvent = {
  /** Prices, authorization, attributes, insurers or data of these laboratories changed. */
  LaboratoriesChanged: 'LaboratoriesChanged',
  /** An exam changed (name, type, FONASA values, active): every laboratory offering it. */
  ExamChanged: 'ExamChanged',
  /** The near locations of a comuna changed: laboratories in the comunas added or removed. */
  NearLocationsChanged: 'NearLocationsChanged',
  /** A select-list type's flags changed (e.g. isfilter): laboratories with attributes of it. */
  SelectListTypeChanged: 'SelectListTypeChanged',
  /** A company was approved, rejected or edited: its laboratories. */
  CompanyChanged: 'CompanyChanged',
} as const;

export const laboratoriesChanged = (laboratoryIds: number[]): DomainEvent => ({
  type: CatalogueEvent.LaboratoriesChanged,
  aggregateType: 'Laboratory',
  aggregateId: laboratoryIds.length === 1 ? laboratoryIds[0] : laboratoryIds.join(',').slice(0, 200),
  payload: { laboratoryIds },
});
export const examChanged = (examId: number): DomainEvent => ({ type: CatalogueEvent.ExamChanged, aggregateType: 'Exam', aggregateId: examId, payload: { examId } });
export const nearLocationsChanged = (comunaIds: number[]): DomainEvent => ({ type: CatalogueEvent.NearLocationsChanged, aggregateType: 'Location', aggregateId: comunaIds.join(',').slice(0, 200), payload: { comunaIds } });
export const selectListTypeChanged = (typeId: number): DomainEvent => ({ type: CatalogueEvent.SelectListTypeChanged, aggregateType: 'SelectListType', aggregateId: typeId, payload: { typeId } });
export const companyChanged = (companyId: number): DomainEvent => ({ type: CatalogueEvent.CompanyChanged, aggregateType: 'Company', aggregateId: companyId, payload: { companyId } });
