import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../../platform/database/prisma.service';

/** A recovery link works for one hour; an invitation to set a first password, for a week. */
export const RECOVERY_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use reset token for a user; any older unused one stops working. Only its hash is kept. */
export async function issueResetToken(tx: Tx, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  await tx.passwordReset.create({ data: { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) } });
  return token;
}

/** Spends a reset token: the user it belongs to, or null when it is unknown, used or expired. */
export async function redeemResetToken(tx: Tx, token: string): Promise<number | null> {
  const rows = await tx.$queryRaw<{ user_id: number }[]>`
    UPDATE password_reset SET used_at = now()
    WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`;
  return rows[0]?.user_id ?? null;
}
