import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readableCode } from '../../../../platform/readable-code';

/** The voucher code printed on the voucher and in its QR: `CL-7K3M-9QX2` (31^8 ≈ 8.5e11 codes). */
export const newVoucherCode = (): string => readableCode('CL');

/** The secret of an order's link (256 bits). */
export const newAccessKey = () => randomBytes(32).toString('base64url');

/** Compares a presented secret with the stored one in constant time. */
export function sameSecret(presented: string | undefined, stored: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The session id sent to the gateway: derived from the order's secret, so that a forged "buyer gave
 * up" return (which names only the buy order and this session) cannot fail someone else's order.
 */
export const gatewaySessionId = (accessKey: string) => createHash('sha256').update(`session:${accessKey}`).digest('hex').slice(0, 40);
