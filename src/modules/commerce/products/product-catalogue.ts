import { Injectable } from '@nestjs/common';
import type { Transaction } from '../../../platform/cqrs/transaction';
import { PrismaService, type Tx } from '../../../platform/database/prisma.service';
import { optionalMediaUrl } from '../media';
import { offerApplies, priceAt } from './product-pricing';
import { EXAM_PREPARATION_SELECT, toExamPreparation } from '../../catalogue/exams';
import type { ExamPreparation } from '../../../contracts/preparation';

/** A product as the cart and the checkout need it, priced for a given moment. */
export interface SellableProduct {
  id: number;
  code: string;
  name: string;
  categoryName: string | null;
  /** Thumbnail address (320 px WebP), or null without a cover. */
  cover: string | null;
  description: string | null;
  /** The branch where the package is taken; its company sells it. */
  laboratoryId: number;
  companyId: number;
  exams: { id: number; code: string; name: string; preparation: ExamPreparation }[];
  /** What the buyer pays at `at`: the offer price within its dates, else the regular price (whole CLP). */
  price: number;
  /** The regular price (shown struck through when `onOffer`). */
  regularPrice: number;
  /** Net price (without IVA), for the laboratory's books. */
  netPrice: number;
  onOffer: boolean;
}

/**
 * Read-only view of the products the storefront can sell, for other modules (orders, cart).
 * Sellable: the product and its branch are active and the branch's company is approved. Ids that
 * are missing or not sellable are simply absent from the answer: the caller decides the error.
 */
@Injectable()
export class ProductCatalogue {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * @param ids product ids (duplicates and unknown ids are fine)
   * @param options.tx read inside the caller's transaction (to lock prices in an order)
   * @param options.at the moment the price is for (default: now)
   */
  async findSellable(ids: readonly number[], options: { tx?: Transaction; at?: Date } = {}): Promise<SellableProduct[]> {
    if (ids.length === 0) return [];
    const db = (options.tx as Tx | undefined) ?? this.prisma;
    const at = options.at ?? new Date();
    const rows = await db.product.findMany({
      where: { id: { in: [...new Set(ids)] }, isActive: true, laboratory: { isActive: true, company: { status: 'APPROVED' } } },
      select: {
        id: true, code: true, name: true, description: true, laboratoryId: true, companyId: true, coverFileId: true,
        price: true, netPrice: true, offerPrice: true, offerStartsAt: true, offerEndsAt: true,
        category: { select: { name: true } },
        exams: { select: { exam: { select: { id: true, code: true, name: true, ...EXAM_PREPARATION_SELECT } } }, orderBy: { exam: { name: 'asc' } } },
      },
      orderBy: { id: 'asc' },
    });
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      categoryName: row.category?.name ?? null,
      cover: optionalMediaUrl(row.coverFileId, 320),
      description: row.description,
      laboratoryId: row.laboratoryId,
      companyId: row.companyId,
      exams: row.exams.map(({ exam: { id, code, name, ...preparation } }) => ({ id, code, name, preparation: toExamPreparation(preparation) })),
      price: priceAt(row, at),
      regularPrice: row.price,
      netPrice: row.netPrice,
      onOffer: offerApplies(row, at),
    }));
  }
}
