import { Injectable } from '@nestjs/common';
import type { Company } from '../../contracts/companies';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../platform/database/prisma.service';
import type { ServerSide } from '../../platform/http/envelope';
import { CompanyNotFoundError } from './companies.errors';

/** What `GET /api/company/{id}`, the list and the commands answer, read in one query. */
export const COMPANY_SELECT = {
  id: true, rut: true, legalName: true, tradeName: true, email: true, phone: true, website: true, addressLine: true,
  status: true, approvedAt: true, decisionReason: true, createdAt: true, updatedAt: true,
  comuna: { select: { id: true, name: true, parent: { select: { id: true, name: true } } } },
  _count: { select: { laboratories: true } },
} as const satisfies Prisma.CompanySelect;

export type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof COMPANY_SELECT }>;

export function toCompanyView({ _count, ...company }: CompanyRow): ServerSide<Company> {
  return { ...company, laboratoryCount: _count.laboratories };
}

/** Reads a company as the routes answer it (after a command has committed, or for `GET`). */
@Injectable()
export class CompanyViews {
  constructor(private readonly prisma: PrismaService) {}

  async get(companyId: number): Promise<ServerSide<Company>> {
    const row = await this.prisma.company.findUnique({ where: { id: companyId }, select: COMPANY_SELECT });
    if (!row) throw new CompanyNotFoundError();
    return toCompanyView(row);
  }
}
