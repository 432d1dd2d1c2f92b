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

/**
 * The person, company and laboratory a grant names exist (one 400 naming each missing one), and
 * the grant stays inside the person's own company: grants narrow a provider user to some of its
 * company's branches; they never open another company (which would be refused by every route anyway,
 * so such a grant would be stored and silently mean nothing).
 */
export async function assertGrantTargets(tx: Tx, input: PersonVisibilityInput): Promise<void> {
  const errors: FieldErrors = {};
  const person = await tx.person.findFirst({ where: { id: input.personId, deletedAt: null }, select: { companyId: true, profile: { select: { code: true } } } });
  if (!person) errors.personId = ['La persona indicada no existe.'];
  else if (person.profile.code !== 'PRV' || person.companyId === null) errors.personId = ['Solo los usuarios proveedores de una empresa reciben accesos.'];
  const ownCompany = person?.companyId ?? null;
  if (input.companyId !== undefined) {
    const company = await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } });
    if (!company) errors.companyId = ['La empresa indicada no existe.'];
    else if (ownCompany !== null && company.id !== ownCompany) errors.companyId = ['Solo puedes dar acceso a la empresa de la persona.'];
  }
  if (input.laboratoryId !== undefined) {
    const laboratory = await tx.laboratory.findUnique({ where: { id: input.laboratoryId }, select: { companyId: true } });
    if (!laboratory) errors.laboratoryId = ['El laboratorio indicado no existe.'];
    else if (ownCompany !== null && laboratory.companyId !== ownCompany) errors.laboratoryId = ['Solo puedes dar acceso a sucursales de la empresa de la persona.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
