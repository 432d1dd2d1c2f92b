import { Injectable } from '@nestjs/common';
import type { Tx } from '../../../platform/database/prisma.service';
import type { CompanyApprovalState } from '../domain/company-approval';
import type { CompanyRepository } from './company.repository';

@Injectable()
export class PrismaCompanyRepository implements CompanyRepository {
  async findForDecision(tx: Tx, companyId: number): Promise<CompanyApprovalState | null> {
    await tx.$queryRaw`SELECT 1 FROM company WHERE id = ${companyId} FOR UPDATE`;
    return tx.company.findUnique({ where: { id: companyId }, select: { id: true, status: true, approvedAt: true, decisionReason: true } });
  }

  async saveDecision(tx: Tx, { id, status, approvedAt, decisionReason }: CompanyApprovalState): Promise<void> {
    await tx.company.update({ where: { id }, data: { status, approvedAt, decisionReason } });
  }
}
