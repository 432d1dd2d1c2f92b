import type { ExamPreparation } from '../../../../contracts/preparation';
import type { Transaction } from '../../../../platform/cqrs/transaction';

/** The branch an order is placed with, when it takes orders (open, of an approved company). */
export interface SellingBranch {
  id: number;
  companyId: number;
}

/** A branch's offer of an exam, at its price now. */
export interface PricedExam {
  /** The laboratory exam (what the cart names). */
  id: number;
  laboratoryId: number;
  price: number;
  /** Authorized, still offered, of an exam still in the catalogue. */
  sellable: boolean;
  exam: { id: number; code: string; name: string; preparation: ExamPreparation };
}

/** A package still sold, at its price now (the offer price within its dates). */
export interface PricedProduct {
  id: number;
  laboratoryId: number;
  code: string;
  name: string;
  description: string | null;
  price: number;
  exams: { name: string; preparation: ExamPreparation }[];
}

/**
 * What a checkout asks of the catalogue for the prices it locks: the branch, its exam prices (pricing's), its packages
 * (products') and its home-collection fee, all read now, in the checkout's transaction. The place-order handler names no
 * other module's table: this port's adapter asks the owning modules.
 */
export interface OrderPricing {
  /** The branch when it takes orders now; null when it is closed, unknown, or of a company not approved. */
  branch(tx: Transaction, laboratoryId: number): Promise<SellingBranch | null>;
  /** The laboratory exams by id, of any branch and state; an id absent from the answer does not exist. */
  exams(tx: Transaction, ids: number[]): Promise<PricedExam[]>;
  /** The packages still sold by id; an id absent from the answer is not sold. */
  products(tx: Transaction, ids: number[]): Promise<PricedProduct[]>;
  /** The branch's fee to take samples in this comuna; null when its home collection does not go there. */
  homeFee(tx: Transaction, laboratoryId: number, comunaId: number): Promise<number | null>;
}

export const ORDER_PRICING = Symbol('OrderPricing');
