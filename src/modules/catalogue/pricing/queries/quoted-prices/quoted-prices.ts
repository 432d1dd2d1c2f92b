import { Injectable } from '@nestjs/common';
import type { ExamPreparation } from '../../../../../contracts/preparation';
import type { Transaction } from '../../../../../platform/cqrs/transaction';
import { PrismaService, type Tx } from '../../../../../platform/database/prisma.service';
import { EXAM_PREPARATION_SELECT, toExamPreparation } from '../../../exams';
import { homeFeeAt, PUBLIC_LABORATORY } from '../../../laboratories';

/** A branch's price for an exam, as a sale locks it. */
export interface QuotedPrice {
  /** The laboratory exam: the branch's offer of the exam. */
  id: number;
  laboratoryId: number;
  price: number;
  /** Authorized, still offered, and of an exam still in the catalogue: it may be sold now. */
  sellable: boolean;
  exam: { id: number; code: string; name: string; preparation: ExamPreparation };
}

/**
 * The prices a branch charges now, for the modules that sell them (a checkout locks them in an order): whether the
 * branch sells at all, its offers by id, and its home-collection fee in a comuna. Read-only; `tx` reads inside the
 * caller's transaction. Ids that do not exist are simply absent from the answer: the caller decides the error.
 */
@Injectable()
export class QuotedPrices {
  constructor(private readonly prisma: PrismaService) {}

  /** The branch when its prices may be sold: open, of a company an administrator approved; null otherwise. */
  sellingBranch(laboratoryId: number, options: { tx?: Transaction } = {}): Promise<{ id: number; companyId: number } | null> {
    return this.db(options).laboratory.findFirst({ where: { id: laboratoryId, ...PUBLIC_LABORATORY }, select: { id: true, companyId: true } });
  }

  /** The offers by id, whatever their branch or state (`sellable` says whether each may be sold now). */
  async offers(ids: readonly number[], options: { tx?: Transaction } = {}): Promise<QuotedPrice[]> {
    if (ids.length === 0) return [];
    const rows = await this.db(options).laboratoryExam.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, laboratoryId: true, price: true, status: true, isActive: true, exam: { select: { id: true, code: true, name: true, isActive: true, ...EXAM_PREPARATION_SELECT } } },
    });
    return rows.map(({ exam: { id: examId, code, name, isActive: examIsActive, ...preparation }, ...offer }) => ({
      id: offer.id,
      laboratoryId: offer.laboratoryId,
      price: offer.price,
      sellable: offer.status === 'AUTHORIZED' && offer.isActive && examIsActive,
      exam: { id: examId, code, name, preparation: toExamPreparation(preparation) },
    }));
  }

  /** The branch's fee to take samples in this comuna (the one its quote in the search added); null when it does not go there. */
  homeFee(laboratoryId: number, comunaId: number, options: { tx?: Transaction } = {}): Promise<number | null> {
    return homeFeeAt(this.db(options), laboratoryId, comunaId);
  }

  private db(options: { tx?: Transaction }): Tx {
    return (options.tx as Tx | undefined) ?? this.prisma;
  }
}
