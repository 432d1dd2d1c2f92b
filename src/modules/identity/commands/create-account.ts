import type { ProfileCode } from '../../platform/auth/access-policy';
import type { Tx } from '../../platform/database/prisma.service';
import { hashPassword, randomPassword } from '../../platform/security/passwords';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  rut?: string;
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

/** Unique-constraint violations (P2002) name the fields at fault. */
export function uniqueViolation(error: unknown): string[] | undefined {
  const e = error as { code?: string; meta?: { target?: string[] | string; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } };
  if (e?.code !== 'P2002') return undefined;
  const target = e.meta?.target ?? e.meta?.driverAdapterError?.cause?.constraint?.fields ?? [];
  return Array.isArray(target) ? target : [target];
}
