import { Injectable } from '@nestjs/common';
import type { Transaction } from '../../../../platform/cqrs/transaction';
import type { Tx } from '../../../../platform/database/prisma.service';
import type { BuyerAccounts, BuyerContact } from '../domain/buyer-accounts';

/** A signed-in buyer's contact, read from the person and its user (as the notifications' recipients are). */
@Injectable()
export class PrismaBuyerAccounts implements BuyerAccounts {
  async contactOf(transaction: Transaction, personId: number): Promise<BuyerContact> {
    const person = await (transaction as Tx).person.findUniqueOrThrow({
      where: { id: personId },
      select: { firstName: true, lastName: true, rut: true, phone: true, user: { select: { email: true } } },
    });
    return { firstName: person.firstName, lastName: person.lastName, rut: person.rut, phone: person.phone, email: person.user!.email };
  }
}
