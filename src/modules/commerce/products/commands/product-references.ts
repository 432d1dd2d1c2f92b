import type { Actor } from '../../../../platform/auth/actor';
import { laboratoryScope } from '../../../../platform/cqrs/company-scope';
import type { Tx } from '../../../../platform/database/prisma.service';
import { ValidationError } from '../../../../platform/http/app-error';
import type { FieldErrors } from '../../../../contracts/envelope';
import { productTermErrors, type ProductTerms } from '../domain/product-terms';

/**
 * Checks every id a product's form names, as the caller may see it: a provider can only name its own
 * branches and its own uploads (another company's id reads as one that does not exist), and the
 * price rules on the fields as they will be stored. Answers the branch's company.
 */
export async function checkProductInput(
  tx: Tx,
  actor: Actor,
  input: { laboratoryId?: number; categoryId?: number | null; examIds?: number[]; coverFileId?: number | null },
  terms: ProductTerms,
): Promise<{ companyId: number | null }> {
  const errors: FieldErrors = productTermErrors(terms);
  let companyId: number | null = null;
  if (input.laboratoryId !== undefined) {
    const laboratory = await tx.laboratory.findFirst({ where: { id: input.laboratoryId, ...laboratoryScope(actor) }, select: { companyId: true } });
    if (laboratory) companyId = laboratory.companyId;
    else errors.laboratoryId = ['El laboratorio no existe.'];
  }
  if (input.categoryId && !(await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) errors.categoryId = ['La categoría no existe.'];
  if (input.examIds) {
    const unique = [...new Set(input.examIds)];
    const found = await tx.exam.count({ where: { id: { in: unique }, isActive: true } });
    if (found !== unique.length) errors.examIds = ['Uno o más exámenes no existen o fueron retirados del catálogo.'];
  }
  if (input.coverFileId) {
    const owner = actor.profile === 'ADM' ? {} : { companyId: actor.companyId ?? -1 };
    if (!(await tx.file.findFirst({ where: { id: input.coverFileId, ...owner }, select: { id: true } }))) errors.coverFileId = ['La imagen no existe; súbela de nuevo.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { companyId };
}
