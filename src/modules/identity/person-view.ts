import type { Person, PersonStatus } from '../../contracts/persons';
import type { Prisma } from '../../generated/prisma/client';
import type { Actor } from '../../platform/auth/actor';
import { companyScope } from '../../platform/cqrs/company-scope';
import type { ServerSide } from '../../platform/http/envelope';

export const PERSON_SELECT = {
  id: true, firstName: true, lastName: true, rut: true, phone: true, createdAt: true, deletedAt: true,
  profile: { select: { code: true, name: true } },
  company: { select: { id: true, tradeName: true, status: true } },
  user: { select: { email: true, isActive: true, lastLoginAt: true } },
  insurer: { select: { id: true, name: true } },
  coveragePercentage: true,
  coverageCapUf: true,
  comuna: { select: { id: true, name: true, parentId: true } },
} as const satisfies Prisma.PersonSelect;

export type PersonRow = Prisma.PersonGetPayload<{ select: typeof PERSON_SELECT }>;

export function toPersonView({ user, deletedAt, comuna, coverageCapUf, ...person }: PersonRow): ServerSide<Person> {
  return { ...person, coverageCapUf: coverageCapUf === null ? null : Number(coverageCapUf), comuna: comuna && { id: comuna.id, name: comuna.name, regionId: comuna.parentId! }, fullName: `${person.firstName} ${person.lastName}`, email: user?.email ?? null, isActive: !deletedAt && (user?.isActive ?? false), lastLoginAt: user?.lastLoginAt ?? null };
}

/**
 * The persons an actor may see: every one for ADM; for anyone else themselves, plus the persons
 * of their company in the company scope (a provider's colleagues; nobody else for a visitor).
 */
export function visiblePersons(actor: Actor, status: PersonStatus = 'active'): Prisma.PersonWhereInput {
  const state = status === 'active' ? { deletedAt: null } : status === 'inactive' ? { deletedAt: { not: null } } : {};
  if (actor.profile === 'ADM') return state;
  return { ...state, OR: [companyScope(actor), { id: actor.personId }] };
}
