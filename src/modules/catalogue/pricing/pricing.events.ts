import { defineEvent, type EventOf } from '../../../platform/messaging/domain-event';

/** Which offer a pricing event is about, and who caused it (a person id). */
interface OfferRef {
  laboratoryExamId: number;
  laboratoryId: number;
  examId: number;
  by: number;
}

const offerId = (p: OfferRef) => p.laboratoryExamId;

/** A laboratory started offering an exam at a price (pending authorization, unless an administrator did it). */
export const LaboratoryExamOffered = defineEvent('LaboratoryExamOffered', 'LaboratoryExam', (p: OfferRef & { price: number; status: string }) => p.laboratoryExamId);
export const LaboratoryExamPriceChanged = defineEvent('LaboratoryExamPriceChanged', 'LaboratoryExam', (p: OfferRef & { previousPrice: number; price: number }) => p.laboratoryExamId);
export const LaboratoryExamAuthorized = defineEvent('LaboratoryExamAuthorized', 'LaboratoryExam', offerId);
/** Version 2 carries the administrator's `reason` (version 1 rows have none). */
export const LaboratoryExamRejected = defineEvent('LaboratoryExamRejected', 'LaboratoryExam', (p: OfferRef & { reason: string }) => p.laboratoryExamId, 2);
/** The laboratory no longer offers the exam; its price history stays. */
export const LaboratoryExamWithdrawn = defineEvent('LaboratoryExamWithdrawn', 'LaboratoryExam', offerId);
/** A withdrawn offer is offered again. */
export const LaboratoryExamRestored = defineEvent('LaboratoryExamRestored', 'LaboratoryExam', offerId);

/** A laboratory confirmed its whole price list unchanged ("vigente desde", issue 30): no price changed. */
export const PriceListConfirmed = defineEvent('PriceListConfirmed', 'Laboratory', (p: { laboratoryId: number; by: number; prices: number }) => p.laboratoryId);

/**
 * One administrator's decision on one or more offers, recorded once per command (the queue's bulk action, or one
 * price) beside each offer's own event: what the laboratory is mailed about, one mail per batch rather than per
 * price. Only the offers the decision changed are named. Not part of `PricingEvent`: nothing a quote shows depends
 * on it (the per-offer events already say so), so the search projector does not subscribe.
 */
export const PriceDecisionsMade = defineEvent(
  'PriceDecisionsMade',
  'LaboratoryExam',
  (p: { decision: 'AUTHORIZED' | 'REJECTED'; reason?: string; laboratoryExamIds: number[]; by: number }) =>
    p.laboratoryExamIds.length === 1 ? p.laboratoryExamIds[0] : `batch:${p.laboratoryExamIds[0]}+${p.laboratoryExamIds.length - 1}`,
);
export type PriceDecisionEvent = EventOf<typeof PriceDecisionsMade>;

/**
 * Prices of one branch set by an import (`offerMany`): one event per branch per chunk instead of one per price,
 * naming the exams whose offers changed (each keeps its price history; the branch an audit row).
 */
export const LaboratoryPricesImported = defineEvent(
  'LaboratoryPricesImported',
  'Laboratory',
  (p: { importId: number; laboratoryId: number; examIds: number[]; offered: number; repriced: number; restored: number; by: number }) => p.laboratoryId,
);

export type PricingEvent =
  | EventOf<typeof LaboratoryPricesImported>
  | EventOf<typeof PriceListConfirmed>
  | EventOf<typeof LaboratoryExamOffered>
  | EventOf<typeof LaboratoryExamPriceChanged>
  | EventOf<typeof LaboratoryExamAuthorized>
  | EventOf<typeof LaboratoryExamRejected>
  | EventOf<typeof LaboratoryExamWithdrawn>
  | EventOf<typeof LaboratoryExamRestored>;
