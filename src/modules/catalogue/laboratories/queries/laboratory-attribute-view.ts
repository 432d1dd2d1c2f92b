import type { Prisma } from '../../../../generated/prisma/client';

/** A laboratory's attribute: a value of a select list (home collection, wheelchair access...) or free text. */
export const LABORATORY_ATTRIBUTE_SELECT = {
  id: true, laboratoryId: true, value: true, createdAt: true, updatedAt: true,
  selectListType: { select: { id: true, code: true, name: true } },
  selectListChild: { select: { id: true, code: true, name: true } },
} as const satisfies Prisma.LaboratoryAttributeSelect;

export type LaboratoryAttributeView = Prisma.LaboratoryAttributeGetPayload<{ select: typeof LABORATORY_ATTRIBUTE_SELECT }>;
