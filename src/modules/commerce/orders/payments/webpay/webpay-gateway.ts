import type { WebpayPlus } from 'transbank-sdk';
import type { AppConfig } from '../../../../../config/app-config';
import { PaymentGatewayError, type GatewayCommit, type GatewayRefund, type GatewayStatus, type PaymentGateway } from '../payment-gateway';

/** Transbank answers a commit in a few seconds at worst; beyond this the return page tells the buyer to retry. */
const TIMEOUT_MS = 15_000;

/**
 * Webpay Plus through Transbank's official SDK. The integration environment and its public test
 * credentials unless configured otherwise (WEBPAY_ENVIRONMENT, WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY);
 * WEBPAY_HOST points it elsewhere (a proxy, or the tests' local fake of Transbank's REST API).
 */
export class WebpayGateway implements PaymentGateway {
  readonly code = 'webpay' as const;
  private readonly transaction: InstanceType<typeof WebpayPlus.Transaction>;

  constructor(config: AppConfig['payments']['webpay']) {
    // Required here, not at the top: only a deployment paying through Webpay loads the SDK (about 30 MB).
    const { Environment, IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus: Webpay } = require('transbank-sdk') as typeof import('transbank-sdk');
    const production = config.environment === 'production';
    const host = config.host?.replace(/\/+$/, '') ?? (production ? Environment.Production : Environment.Integration);
    this.transaction = new Webpay.Transaction(
      new Options(config.commerceCode ?? IntegrationCommerceCodes.WEBPAY_PLUS, config.apiKey ?? IntegrationApiKeys.WEBPAY, host, TIMEOUT_MS),
    );
  }

  async create(input: { buyOrder: string; sessionId: string; amount: number; returnUrl: string }): Promise<{ token: string; url: string }> {
    const answer = await this.call(() => this.transaction.create(input.buyOrder, input.sessionId, input.amount, input.returnUrl));
    if (typeof answer?.token !== 'string' || typeof answer?.url !== 'string') throw new PaymentGatewayError('Webpay answered a create without token or url');
    return { token: answer.token, url: answer.url };
  }

  async commit(token: string): Promise<GatewayCommit> {
    return commitOf(await this.call(() => this.transaction.commit(token)));
  }

  async status(token: string): Promise<GatewayStatus> {
    const answer = await this.call(() => this.transaction.status(token));
    const status = String(answer?.status ?? '');
    // INITIALIZED: created and never committed (Webpay reverses it by itself if nobody does).
    if (status === 'INITIALIZED') return { committed: false };
    return { committed: true, commit: commitOf({ ...answer, status: status === 'FAILED' ? 'FAILED' : 'AUTHORIZED' }), refunded: status === 'REVERSED' || status === 'NULLIFIED' };
  }

  async refund(token: string, amount: number): Promise<GatewayRefund> {
    const answer = await this.call(() => this.transaction.refund(token, amount));
    const type = String(answer?.type ?? '');
    // A nullification must come with response code 0; a reversal has no code.
    if (type !== 'REVERSED' && !(type === 'NULLIFIED' && answer?.response_code === 0)) throw new PaymentGatewayError(`Webpay did not refund: ${JSON.stringify(answer)}`);
    return { type, authorizationCode: answer?.authorization_code ? String(answer.authorization_code).slice(0, 20) : null, raw: answer };
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new PaymentGatewayError(`Webpay: ${error instanceof Error ? error.message : String(error)}`, error);
    }
  }
}

type WebpayAnswer = { status?: string; response_code?: number; amount?: number; buy_order?: string; session_id?: string; authorization_code?: string; card_detail?: { card_number?: string } } | undefined;

/** A commit's (or a status's) answer as the payments port reads it. */
function commitOf(answer: WebpayAnswer): GatewayCommit {
  return {
    // Webpay's rule: approved only when the status is AUTHORIZED and the response code 0.
    authorized: answer?.status === 'AUTHORIZED' && answer?.response_code === 0,
    amount: Number(answer?.amount),
    buyOrder: String(answer?.buy_order ?? ''),
    sessionId: String(answer?.session_id ?? ''),
    responseCode: typeof answer?.response_code === 'number' ? answer.response_code : null,
    authorizationCode: answer?.authorization_code ? String(answer.authorization_code).slice(0, 20) : null,
    cardLast4: answer?.card_detail?.card_number ? String(answer.card_detail.card_number).slice(-4) : null,
    raw: answer,
  };
}
