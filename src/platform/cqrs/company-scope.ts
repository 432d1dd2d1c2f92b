import { HttpStatus } from '@nestjs/common';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';

/**
 * The one way to narrow a query to what the caller may see of companies: an administrator sees
 * every company, a provider only its own (a provider without a company sees nothing).
 * `where: { ...companyScope(actor) }` on a company-owned model, or
 * `where: { laboratory: companyScope(actor) }` through a relation.
 */
export function companyScope(actor: Actor): { companyId?: number } {
  return actor.profile === 'ADM' ? {} : { companyId: actor.companyId ?? -1 };
}

/**
 * The check of the same rule for one row a command or query is about to touch: an administrator
 * any company, a provider only its own. Another company's row answers `notFound`, exactly as an id
 * that does not exist, so a provider cannot even learn which ids other companies have.
 */
export function assertCompanyAccess(actor: Actor, companyId: number | null | undefined, notFound: () => Error): void {
  if (actor.profile === 'ADM') return;
  if (actor.profile === 'PRV' && actor.companyId !== null && companyId === actor.companyId) return;
  throw notFound();
}

/**
 * The one way to narrow laboratories to what the caller may see and manage: `companyScope` plus, for
 * a provider whose person-visibility grants name laboratories of its company, only those
 * laboratories (a provider without such grants sees its whole company).
 * `where: { ...laboratoryScope(actor) }` on Laboratory, `where: { laboratory: laboratoryScope(actor) }` through a relation.
 */
export function laboratoryScope(actor: Actor): { companyId?: number; id?: { in: number[] } } {
  const scope = companyScope(actor);
  return actor.profile !== 'ADM' && actor.laboratoryIds ? { ...scope, id: { in: actor.laboratoryIds } } : scope;
}

/**
 * The check of the same rule for one laboratory: another company's laboratory, or one of its own
 * company outside the provider's grants, answers `notFound` (it is not there for this user).
 */
export function assertLaboratoryScope(actor: Actor, laboratory: { id: number; companyId: number | null | undefined }, notFound: () => Error): void {
  assertCompanyAccess(actor, laboratory.companyId, notFound);
  if (actor.profile !== 'ADM' && actor.laboratoryIds && !actor.laboratoryIds.includes(laboratory.id)) throw notFound();
}

/**
 * A provider of a company an administrator has not approved doing what only an approved company may:
 * a pending company cannot invite users; a rejected one keeps read-only access to what it wrote.
 */
export class CompanyNotApprovedError extends AppError {
  constructor(message: string) {
    super(HttpStatus.FORBIDDEN, 'COMPANY.NOT_APPROVED', message);
  }
}

export const REJECTED_COMPANY_READ_ONLY = 'Tu empresa fue rechazada: puedes consultar lo que registraste, pero no modificarlo. Escríbenos desde Contacto para revisarlo.';
export const PENDING_COMPANY_CANNOT_INVITE = 'Tu empresa aún no está aprobada: podrás invitar a otros usuarios cuando un administrador la apruebe.';
export const PENDING_COMPANY_CANNOT_PUBLISH_PICTURES = 'Tu empresa aún no está aprobada: podrás subir imágenes cuando un administrador la apruebe.';
export const PENDING_COMPANY_CANNOT_IMPORT = 'Tu empresa aún no está aprobada: puedes revisar cómo leemos tu archivo, y podrás importarlo cuando un administrador la apruebe.';
