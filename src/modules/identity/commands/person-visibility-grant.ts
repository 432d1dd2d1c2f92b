import type { PersonVisibilityInput } from '../../../contracts/persons';
import type { Tx } from '../../../platform/database/prisma.service';
import { ValidationError, type FieldErrors } from '../../../platform/http/app-error';
import { DuplicatePersonVisibilityError } from '../identity.errors';

/** The stored columns of a grant: a person sees a company, a laboratory, or both; active unless said otherwise. */
export function grantColumns(input: PersonVisibilityInput) {
  return { personId: input.personId, companyId: input.companyId ?? null, laboratoryId: input.laboratoryId ?? null, isActive: input.isActive ?? true };
}

/**
 * What a grant points to must exist (one 400 naming each missing one), and a person holds each
 * grant once (`except`: the grant being changed).
 */
export async function assertGrant(tx: Tx, input: PersonVisibilityInput, except?: number): Promise<void> {
  await assertGrantTargets(tx, input);
  const { personId, companyId, laboratoryId } = grantColumns(input);
  const duplicate = await tx.personVisibility.findFirst({ where: { personId, companyId, laboratoryId, ...(except && { NOT: { id: except } }) }, select: { id: true } });
  if (duplicate) throw new DuplicatePersonVisibilityError();
}

/** The person, company and laboratory a grant names exist (one 400 naming each missing one). */
export async function assertGrantTargets(tx: Tx, input: PersonVisibilityInput): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await tx.person.findFirst({ where: { id: input.personId, deletedAt: null }, select: { id: true } }))) errors.personId = ['La persona indicada no existe.'];
  if (input.companyId !== undefined && !(await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } }))) errors.companyId = ['La empresa indicada no existe.'];
  if (input.laboratoryId !== undefined && !(await tx.laboratory.findUnique({ where: { id: input.laboratoryId }, select: { id: true } }))) errors.laboratoryId = ['El laboratorio indicado no existe.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
