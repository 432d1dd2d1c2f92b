import type { DomainEvent } from '../../platform/messaging/outbox';

/**
 * Events of accounts and companies that lead to mail. They carry ids (or the e-mail typed, for
 * recovery) and the consumer re-reads the rest, so a late delivery never mails stale data.
 */
export const AccountEvent = {
  PasswordRecoveryRequested: 'PasswordRecoveryRequested',
  AccountRegistered: 'AccountRegistered',
  SignUpWithRegisteredEmail: 'SignUpWithRegisteredEmail',
  ProviderRegistered: 'ProviderRegistered',
  AccountInvited: 'AccountInvited',
  PasswordChanged: 'PasswordChanged',
  CompanyApproved: 'CompanyApproved',
  CompanyRejected: 'CompanyRejected',
  ContactMessageReceived: 'ContactMessageReceived',
} as const;
export type AccountEventType = (typeof AccountEvent)[keyof typeof AccountEvent];

export function userEvent(type: AccountEventType, userId: number): DomainEvent {
  return { type, aggregateType: 'User', aggregateId: userId, payload: { userId } };
}

export function companyEvent(type: AccountEventType, companyId: number): DomainEvent {
  return { type, aggregateType: 'Company', aggregateId: companyId, payload: { companyId } };
}
