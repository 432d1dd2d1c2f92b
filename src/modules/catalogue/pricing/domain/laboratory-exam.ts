import type { Actor } from '../../../../platform/auth/actor';
import type { DomainEvent } from '../../../../platform/messaging/domain-event';
import { OnlyAdministratorsAuthorizeError } from '../pricing.errors';
import {
  LaboratoryExamAuthorized, LaboratoryExamOffered, LaboratoryExamPriceChanged, LaboratoryExamRejected, LaboratoryExamRestored, LaboratoryExamWithdrawn,
} from '../pricing.events';

export type AuthorizationStatus = 'PENDING' | 'AUTHORIZED' | 'REJECTED';

export interface LaboratoryExamState {
  /** Undefined until the repository first saves a new offer. */
  id?: number;
  laboratoryId: number;
  examId: number;
  price: number;
  status: AuthorizationStatus;
  isActive: boolean;
  authorizedAt: Date | null;
  authorizedById: number | null;
  /** Why an administrator rejected it; null unless REJECTED. */
  rejectionReason: string | null;
}

/** A row of the price history: the first price has no previous one. */
export interface PriceChange {
  oldPrice: number | null;
  newPrice: number;
  changedById: number;
}

/**
 * The price a laboratory charges for an exam, and whether it may be quoted. The rules:
 * - a provider's new offer waits for an administrator's authorization; an administrator's own
 *   offer is authorized at once;
 * - only administrators authorize or reject;
 * - repricing an authorized offer keeps it authorized (the history keeps every change);
 *   repricing a rejected one sends it back to review;
 * - withdrawing keeps the offer and its history; offering it again restores it.
 */
export class LaboratoryExam {
  private readonly events: ((id: number) => DomainEvent)[] = [];
  readonly priceChanges: PriceChange[] = [];

  private constructor(private readonly current: LaboratoryExamState) {}

  static restore(state: LaboratoryExamState): LaboratoryExam {
    return new LaboratoryExam({ ...state });
  }

  static offer(laboratoryId: number, examId: number, price: number, by: Actor): LaboratoryExam {
    const byAdmin = by.profile === 'ADM';
    const offer = new LaboratoryExam({
      laboratoryId, examId, price, isActive: true,
      status: byAdmin ? 'AUTHORIZED' : 'PENDING',
      authorizedAt: byAdmin ? new Date() : null,
      authorizedById: byAdmin ? by.personId : null,
      rejectionReason: null,
    });
    offer.priceChanges.push({ oldPrice: null, newPrice: price, changedById: by.personId });
    offer.events.push((id) => LaboratoryExamOffered({ ...offer.ref(id, by), price, status: offer.current.status }));
    return offer;
  }

  get state(): Readonly<LaboratoryExamState> {
    return this.current;
  }

  setPrice(price: number, by: Actor): void {
    if (price === this.current.price) return;
    const previousPrice = this.current.price;
    this.current.price = price;
    this.priceChanges.push({ oldPrice: previousPrice, newPrice: price, changedById: by.personId });
    if (this.current.status === 'REJECTED') this.decide('PENDING', by);
    this.events.push((id) => LaboratoryExamPriceChanged({ ...this.ref(id, by), previousPrice, price }));
  }

  authorize(by: Actor): void {
    if (by.profile !== 'ADM') throw new OnlyAdministratorsAuthorizeError();
    if (this.current.status === 'AUTHORIZED') return;
    this.decide('AUTHORIZED', by);
    this.events.push((id) => LaboratoryExamAuthorized(this.ref(id, by)));
  }

  /** Rejecting again with another reason replaces the reason (and is recorded again). */
  reject(by: Actor, reason: string): void {
    if (by.profile !== 'ADM') throw new OnlyAdministratorsAuthorizeError();
    if (this.current.status === 'REJECTED' && this.current.rejectionReason === reason) return;
    this.decide('REJECTED', by);
    this.current.rejectionReason = reason;
    this.events.push((id) => LaboratoryExamRejected({ ...this.ref(id, by), reason }));
  }

  withdraw(by: Actor): void {
    if (!this.current.isActive) return;
    this.current.isActive = false;
    this.events.push((id) => LaboratoryExamWithdrawn(this.ref(id, by)));
  }

  /** Offers a withdrawn exam again, at its last price. */
  reinstate(by: Actor): void {
    if (this.current.isActive) return;
    this.current.isActive = true;
    this.events.push((id) => LaboratoryExamRestored(this.ref(id, by)));
  }

  /** The events of the changes made, once the offer has an id (a new one gets it when saved). */
  pullEvents(id: number): DomainEvent[] {
    return this.events.splice(0).map((event) => event(id));
  }

  private decide(status: AuthorizationStatus, by: Actor): void {
    this.current.status = status;
    this.current.authorizedAt = status === 'AUTHORIZED' ? new Date() : null;
    this.current.authorizedById = status === 'AUTHORIZED' ? by.personId : null;
    this.current.rejectionReason = null;
  }

  private ref(id: number, by: Actor) {
    return { laboratoryExamId: id, laboratoryId: this.current.laboratoryId, examId: this.current.examId, by: by.personId };
  }
}
