import type { PersonVisibility } from '../../contracts/persons';
import type { Prisma } from '../../generated/prisma/client';
import type { ServerSide } from '../../platform/http/envelope';

/**
 * Person visibility (administrators only): which company or laboratory branch a person may see
 * and manage besides their own company. See docs/decisions.md.
 */
export const PERSON_VISIBILITY_SELECT = {
  id: true, isActive: true, createdAt: true, updatedAt: true,
  person: { select: { id: true, firstName: true, lastName: true } },
  company: { select: { id: true, tradeName: true } },
  laboratory: { select: { id: true, identifierName: true } },
} as const satisfies Prisma.PersonVisibilitySelect;

export type PersonVisibilityView = ServerSide<PersonVisibility>;
