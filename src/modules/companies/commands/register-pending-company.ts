import type { Tx } from '../../../platform/database/prisma.service';
import { CompanyRutTakenError } from '../companies.errors';
import { assertComuna } from './company-references';

/** The company data a provider gives when signing up. */
export interface PendingCompanyInput {
  rut: string;
  legalName: string;
  tradeName: string;
  email?: string;
  phone?: string;
  addressLine?: string;
  comunaId?: number;
}

/**
 * Registers a company that signed up by itself: it waits (PENDING) for an administrator's
 * approval. Runs in the caller's transaction (identity's provider sign-up), so the company and
 * its first user exist together or not at all. Returns the company's id.
 */
export async function registerPendingCompany(tx: Tx, company: PendingCompanyInput): Promise<number> {
  if (await tx.company.findUnique({ where: { rut: company.rut }, select: { id: true } })) throw new CompanyRutTakenError();
  if (company.comunaId !== undefined) await assertComuna(tx, company.comunaId);
  const { id } = await tx.company.create({ data: { ...company, status: 'PENDING' }, select: { id: true } });
  return id;
}
