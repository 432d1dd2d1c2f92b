import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Throttles } from '../../../../platform/auth/throttles';
import { parseChileanPhone, type ChileanPhone } from '../../../../platform/chile/phone';

export type PhoneCheck =
  | { valid: true; phone: string; e164: string; kind: ChileanPhone['kind'] }
  | { valid: false; phone: null; e164: null; kind: null };

/** `POST /api/auth/valid-phone`: whether a text is a Chilean phone (mobile +56 9 XXXX XXXX or landline), and its stored form. */
export class CheckPhoneQuery extends Query<PhoneCheck> {
  constructor(
    readonly phone: string,
    readonly ip: string,
  ) {
    super();
  }
}

@QueryHandler(CheckPhoneQuery)
export class CheckPhoneHandler implements IQueryHandler<CheckPhoneQuery> {
  constructor(private readonly throttles: Throttles) {}

  async execute({ phone: typed, ip }: CheckPhoneQuery): Promise<PhoneCheck> {
    await this.throttles.consume('phoneCheckPerIp', ip);
    const phone = parseChileanPhone(typed);
    return phone ? { valid: true, phone: phone.display, e164: phone.e164, kind: phone.kind } : { valid: false, phone: null, e164: null, kind: null };
  }
}
