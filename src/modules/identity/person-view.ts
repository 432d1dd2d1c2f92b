import type { Prisma } from '../../generated/prisma/client';
import type { Actor } from '../../platform/auth/actor';

export const PERSON_VIEW = {
  id: true, firstName: true, lastName: true, rut: true, phone: true, createdAt: true, deletedAt: true,
  profile: { select: { code: true, name: true } },
  company: { select: { id: true, tradeName: true, status: true } },
  user: { select: { email: true, isActive: true, lastLoginAt: true } },
} as const satisfies Prisma.PersonSelect;

export type PersonRow = Prisma.PersonGetPayload<{ select: typeof PERSON_VIEW }>;

export function toPersonView({ user, deletedAt: _, ...person }: PersonRow) {
  return { ...person, fullName: `${person.firstName} ${person.lastName}`, email: user?.email ?? null, isActive: user?.isActive ?? false, lastLoginAt: user?.lastLoginAt ?? null };
}
export type PersonView = ReturnType<typeof toPersonView>;

/** The persons an actor may see: all for ADM, their company's for PRV, only themselves otherwise. */
export function visiblePersons(actor: Actor): Prisma.PersonWhereInput {
  if (actor.profile === 'ADM') return { deletedAt: null };
  if (actor.profile === 'PRV' && actor.companyId !== null) return { deletedAt: null, OR: [{ companyId: actor.companyId }, { id: actor.personId }] };
  return { deletedAt: null, id: actor.personId };
}
