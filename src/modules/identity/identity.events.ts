import { defineEvent, type EventOf } from '../../platform/messaging/domain-event';

/**
 * Facts about accounts that lead to mail. They carry ids (or, for a recovery, the e-mail typed)
 * and the mail consumer re-reads the rest, so a late delivery never mails stale data.
 */
const userId = (p: { userId: number }) => p.userId;

/**
 * Someone asked to recover the password of an e-mail, which may have no account: the consumer
 * decides, so the answer takes the same time either way.
 */
export const PasswordRecoveryRequested = defineEvent('PasswordRecoveryRequested', 'User', (p: { email: string }) => p.email);
/** A visitor created an account (USR). */
export const AccountRegistered = defineEvent('AccountRegistered', 'User', userId);
/** A sign-up was tried with an e-mail that already has an account: its owner is told, the caller is not. */
export const RegisteredEmailSignUpAttempted = defineEvent('RegisteredEmailSignUpAttempted', 'User', userId);
/** A laboratory signed up with its first provider user; the company waits for approval. */
export const ProviderRegistered = defineEvent('ProviderRegistered', 'User', userId);
/** An administrator or provider created an account for someone, who sets a password from the mail. */
export const AccountInvited = defineEvent('AccountInvited', 'User', userId);
/** Someone was invited with an e-mail that already has an account: its owner is told, the inviter is not. */
export const RegisteredEmailInvited = defineEvent('RegisteredEmailInvited', 'User', userId);
/** The password of an account changed (by its owner, a reset link, or an administrator). */
export const PasswordChanged = defineEvent('PasswordChanged', 'User', userId);
/** A message arrived through the contact form. */
export const ContactMessageReceived = defineEvent('ContactMessageReceived', 'ContactMessage', (p: { contactMessageId: number }) => p.contactMessageId);

export type IdentityEvent =
  | EventOf<typeof PasswordRecoveryRequested>
  | EventOf<typeof AccountRegistered>
  | EventOf<typeof RegisteredEmailSignUpAttempted>
  | EventOf<typeof ProviderRegistered>
  | EventOf<typeof AccountInvited>
  | EventOf<typeof RegisteredEmailInvited>
  | EventOf<typeof PasswordChanged>
  | EventOf<typeof ContactMessageReceived>;
