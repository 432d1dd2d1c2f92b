import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../../../generated/prisma/client';
import type { Actor } from '../../../../platform/auth/actor';
import { assertLaboratoryScope } from '../../../../platform/cqrs/company-scope';
import { PrismaService } from '../../../../platform/database/prisma.service';
import { LaboratoryExamNotFoundError } from '../pricing.errors';

export const LABORATORY_EXAM_SELECT = {
  id: true, price: true, status: true, authorizedAt: true, rejectionReason: true, isActive: true, createdAt: true, updatedAt: true, confirmedAt: true,
  laboratory: { select: { id: true, identifierName: true, companyId: true, company: { select: { tradeName: true } }, comuna: { select: { id: true, name: true } } } },
  exam: { select: { id: true, code: true, name: true, fonasaPriceLevel1: true } },
  priceHistory: { select: { oldPrice: true, newPrice: true, changedAt: true, changedById: true, changedBy: { select: { firstName: true, lastName: true } } }, orderBy: { changedAt: 'desc' as const }, take: 10 },
} as const satisfies Prisma.LaboratoryExamSelect;

export type LaboratoryExamView = Prisma.LaboratoryExamGetPayload<{ select: typeof LABORATORY_EXAM_SELECT }>;

/** Reads an offer as the routes answer it; `actor` given, only if the caller may see its laboratory. */
@Injectable()
export class LaboratoryExamViews {
  constructor(private readonly prisma: PrismaService) {}

  async get(id: number, actor?: Actor): Promise<LaboratoryExamView> {
    const row = await this.prisma.laboratoryExam.findUnique({ where: { id }, select: LABORATORY_EXAM_SELECT });
    if (!row) throw new LaboratoryExamNotFoundError();
    if (actor) assertLaboratoryScope(actor, { id: row.laboratory.id, companyId: row.laboratory.companyId }, () => new LaboratoryExamNotFoundError());
    return row;
  }
}
