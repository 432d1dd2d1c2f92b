import type { Transaction } from '../../../../platform/cqrs/transaction';

/** A signed-in buyer as the account knows them: what the order keeps of who bought. */
export interface BuyerContact {
  firstName: string;
  lastName: string;
  email: string;
  rut: string | null;
  phone: string | null;
}

/** Where a signed-in buyer's name and e-mail come from (identity's people and users), read in the caller's transaction. */
export interface BuyerAccounts {
  /** The contact of this person; throws when there is none (a signed-in buyer always has one). */
  contactOf(tx: Transaction, personId: number): Promise<BuyerContact>;
}

export const BUYER_ACCOUNTS = Symbol('BuyerAccounts');
