import type { Tx } from '../../../platform/database/prisma.service';
import { uniqueViolation } from '../../../platform/database/unique-violation';
import { ConflictError } from '../../../platform/http/app-error';

/**
 * Gives every branch of these companies without a code the next free `SUC-NNN` of its company (issue 27): the code
 * its price lists name it by, shown and editable on the branch list and form. In the caller's transaction; the
 * company's branches are locked first, so two branches registered at once do not draw the same number.
 */
export async function assignMissingBranchCodes(tx: Tx, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await tx.$queryRaw`SELECT 1 FROM laboratory WHERE company_id = ANY(${companyIds}::int[]) ORDER BY id FOR UPDATE`;
  await tx.$executeRaw`
    WITH used AS (
      SELECT company_id, coalesce(max(substring(branch_code FROM '^SUC-(\\d+)$')::int), 0) AS last
      FROM laboratory WHERE company_id = ANY(${companyIds}::int[]) GROUP BY company_id
    ),
    numbered AS (
      SELECT l.id, 'SUC-' || lpad((u.last + row_number() OVER (PARTITION BY l.company_id ORDER BY l.id))::text, 3, '0') AS code
      FROM laboratory l JOIN used u ON u.company_id = l.company_id
      WHERE l.company_id = ANY(${companyIds}::int[]) AND l.branch_code IS NULL
    )
    UPDATE laboratory l SET branch_code = n.code FROM numbered n WHERE n.id = l.id`;
}

/** A code its company already gives another branch: refused on the field, in words. */
export const rethrowBranchCodeTaken = (code: string | undefined) => (error: unknown): never => {
  if (code && uniqueViolation(error)?.some((field) => /branch_?code/i.test(field))) {
    throw new ConflictError('LABORATORY.BRANCH_CODE_TAKEN', `Otra sucursal de tu empresa ya tiene el código ${code}.`, 'branchCode');
  }
  throw error;
};
