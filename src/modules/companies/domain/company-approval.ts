import type { CompanyStatus } from '../../../contracts/companies';
import type { DomainEvent } from '../../../platform/messaging/domain-event';
import { CompanyAlreadyDecidedError } from '../companies.errors';
import { CompanyApproved, CompanyRejected } from '../companies.events';

/** What an approval decision reads and writes of a company. */
export interface CompanyApprovalState {
  id: number;
  status: CompanyStatus;
  /** When it was last approved; null while pending or rejected. */
  approvedAt: Date | null;
  /** Why it was rejected (kept while REJECTED; an approval clears it). */
  decisionReason: string | null;
}

export type CompanyDecision = 'APPROVED' | 'REJECTED';

/**
 * An administrator's decision on a company. The rules:
 * - a company that signs up waits (PENDING) until an administrator approves or rejects it;
 * - a decision may be reversed: a rejected company can be approved after a conversation, and an
 *   approved one rejected (its laboratories then leave quotes); each reversal mails its users again;
 * - repeating the decision it already has is refused (409 `COMPANY.ALREADY_DECIDED`), so a
 *   double click never mails the providers twice nor moves `approvedAt`.
 * - a rejection carries its reason (the route requires 5 to 500 characters): it is kept on the
 *   company, shown to its providers in `/app/my-company` and mailed to them; an approval clears it.
 * Returns the new state and the one event the decision causes.
 */
export function decideCompany(company: CompanyApprovalState, decision: CompanyDecision, now: Date, reason?: string): { state: CompanyApprovalState; event: DomainEvent } {
  if (company.status === decision) throw new CompanyAlreadyDecidedError(decision);
  if (decision === 'APPROVED') {
    return { state: { ...company, status: decision, approvedAt: now, decisionReason: null }, event: CompanyApproved({ companyId: company.id }) };
  }
  if (!reason) throw new Error('a rejection needs its reason');
  return { state: { ...company, status: decision, approvedAt: null, decisionReason: reason }, event: CompanyRejected({ companyId: company.id, reason }) };
}
