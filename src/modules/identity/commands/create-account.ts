import type { ProfileCode } from '../../../platform/auth/access-policy';
import type { Tx } from '../../../platform/database/prisma.service';
import { uniqueViolation } from '../../../platform/database/unique-violation';
import { hashPassword, randomPassword } from '../../../platform/security/passwords';
import { EmailTakenError, PersonRutTakenError } from '../identity.errors';

/** The person data a sign-up form or an administrator gives for a new account. */
export interface AccountInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  rut?: string;
}

export interface NewAccount extends AccountInput {
  profile: ProfileCode;
  companyId?: number | null;
  /** Absent for invited accounts: they get an unusable random password and set theirs from the mail. */
  password?: string;
}

/** Creates a person and its sign-in user. The e-mail must be free (checked by the caller). */
export async function createAccount(tx: Tx, account: NewAccount, passwordHash?: string) {
  const profile = await tx.profile.findUniqueOrThrow({ where: { code: account.profile } });
  return tx.person.create({
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      rut: account.rut,
      profileId: profile.id,
      companyId: account.companyId ?? null,
      user: { create: { email: account.email, passwordHash: passwordHash ?? (await hashPassword(account.password ?? randomPassword())) } },
    },
    include: { user: true },
  });
}

/** Whether an account already uses the e-mail. */
export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  return (await tx.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}

/** A write that lost a race for a unique e-mail or RUT answers as if the check had caught it. */
export function rethrowAccountConflict(error: unknown): never {
  const fields = uniqueViolation(error);
  if (fields?.includes('email')) throw new EmailTakenError();
  if (fields?.includes('rut')) throw new PersonRutTakenError();
  throw error;
}
