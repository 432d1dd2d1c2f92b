import type { Tx } from '../../../platform/database/prisma.service';
import type { CompanyApprovalState } from '../domain/company-approval';

/**
 * Where the approval state of companies is kept. Every call runs in the caller's transaction
 * (`tx`); `findForDecision` locks the row, so two administrators deciding at once are serialised
 * and the second sees the first one's decision.
 */
export interface CompanyRepository {
  /** The company's approval state, or null when there is no such company. */
  findForDecision(tx: Tx, companyId: number): Promise<CompanyApprovalState | null>;
  saveDecision(tx: Tx, company: CompanyApprovalState): Promise<void>;
}

export const COMPANY_REPOSITORY = Symbol('CompanyRepository');
