import { Injectable } from '@nestjs/common';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import { QuotedPrices } from '../../../catalogue/pricing';
import { ProductCatalogue } from '../../products';
import type { OrderPricing, PricedExam, PricedProduct, SellingBranch } from '../domain/order-pricing';

/** The checkout's prices, asked of their owners: pricing for the branch, its exams and its home fee; products for the packages. */
@Injectable()
export class CatalogueOrderPricing implements OrderPricing {
  constructor(
    private readonly prices: QuotedPrices,
    private readonly catalogue: ProductCatalogue,
  ) {}

  branch(tx: Transaction, laboratoryId: number): Promise<SellingBranch | null> {
    return this.prices.sellingBranch(laboratoryId, { tx });
  }

  exams(tx: Transaction, ids: number[]): Promise<PricedExam[]> {
    return this.prices.offers(ids, { tx });
  }

  products(tx: Transaction, ids: number[]): Promise<PricedProduct[]> {
    return this.catalogue.findSellable(ids, { tx });
  }

  homeFee(tx: Transaction, laboratoryId: number, comunaId: number): Promise<number | null> {
    return this.prices.homeFee(laboratoryId, comunaId, { tx });
  }
}
