import type { Tx } from '../../../platform/database/prisma.service';
import { uniqueViolation } from '../../../platform/database/unique-violation';
import { RegisteredEmailSignUpAttempted } from '../identity.events';

/**
 * A sign-up with an e-mail that already has an account creates nothing: the event that tells its
 * owner by mail, or undefined when the e-mail is free.
 */
export async function ownerOfRegisteredEmail(tx: Tx, email: string) {
  const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
  return existing ? RegisteredEmailSignUpAttempted({ userId: existing.id }) : undefined;
}

/** Two sign-ups with one e-mail at once: the loser sees the same success as anyone else. */
export function rethrowTakenEmailAsSuccess(error: unknown): void {
  if (uniqueViolation(error)?.includes('email')) return;
  throw error;
}
