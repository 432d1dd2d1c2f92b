import type { PersonVisibility, PersonVisibilityInput } from '@contracts';

/** The form's values: 0 as laboratory means the whole company (the API takes no laboratory then). */
export interface VisibilityValues {
  personId: number | null;
  companyId: number | null;
  laboratoryId: number;
  isActive: boolean;
}

export const emptyVisibility: VisibilityValues = { personId: null, companyId: null, laboratoryId: 0, isActive: true };

export const visibilityValues = (grant: PersonVisibility): VisibilityValues => ({
  personId: grant.person.id,
  companyId: grant.company?.id ?? null,
  laboratoryId: grant.laboratory?.id ?? 0,
  isActive: grant.isActive,
});

export const visibilityInput = (v: VisibilityValues): PersonVisibilityInput => ({
  personId: v.personId ?? 0,
  ...(v.companyId !== null && { companyId: v.companyId }),
  ...(v.laboratoryId !== 0 && { laboratoryId: v.laboratoryId }),
  isActive: v.isActive,
});

export const validateVisibility = (v: VisibilityValues) => ({
  ...(v.personId === null && { personId: ['Elige la persona.'] }),
  ...(v.companyId === null && { companyId: ['Elige la empresa.'] }),
});

export const personName = (grant: PersonVisibility) => `${grant.person.firstName} ${grant.person.lastName}`;
export const targetName = (grant: PersonVisibility) => grant.laboratory?.identifierName ?? 'Toda la empresa';
