import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The headers of every webhook POST. */
export const SIGNATURE_HEADER = 'CotizaLab-Signature';
export const EVENT_ID_HEADER = 'CotizaLab-Event-Id';
export const EVENT_TYPE_HEADER = 'CotizaLab-Event-Type';

/** A new endpoint secret: `whsec_` and 32 random bytes (base64url). The HMAC key is the whole string. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Stripe-style: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp is signed with the body,
 * so a receiver that refuses old timestamps (e.g. more than 5 minutes) also refuses replays.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${sign(secret, t, body)}`;
}

function sign(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
}

/** What a receiver does (documented in docs/api/webhooks.md); kept here so the documented algorithm is tested. */
export function verifySignature(secret: string, body: string, header: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(sign(secret, t, body), 'hex'), Buffer.from(v1, 'hex'));
}
