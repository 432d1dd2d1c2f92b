import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { PrismaService } from '../database/prisma.service';
import { UnauthenticatedError, type Actor } from './actor';

/** What every API key starts with: a bearer token that starts so is a key, never a session's JWT. */
export const API_KEY_MARK = 'clk_live_';
/** Characters of the random part shown in lists (`clk_live_ab12cd34`): enough to tell a company's keys apart. */
const SHOWN_CHARACTERS = 8;
/** `last_used_at` moves at most this often per key: a busy integration does not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;

/** A new key: the secret (shown once, never stored), the prefix people see, and the hash that is kept. */
export function newApiKeySecret(): { secret: string; prefix: string; secretHash: string } {
  // 32 random bytes (256 bits): nothing to guess, so one fast hash is enough (a slow password hash protects
  // low-entropy secrets people choose; this one is not chosen, and lookup by hash stays one index read).
  const secret = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_MARK.length + SHOWN_CHARACTERS), secretHash: hashApiKey(secret) };
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export const isApiKey = (token: string) => token.startsWith(API_KEY_MARK);

/** A key that does not exist, was revoked, or belongs to a company that is gone. */
export class InvalidApiKeyError extends UnauthenticatedError {
  constructor() {
    super('La clave de API no es válida o fue revocada.', 'AUTH.INVALID_API_KEY');
  }
}

/**
 * The second way to authenticate (issue 27, item 4): `Authorization: Bearer clk_live_...`. Read from the database on
 * every request (one indexed read, as sessions), so a revoked key answers 401 on the next request: no cache.
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(private readonly prisma: PrismaService) {}

  /** The actor of a key (its creator, acting as a provider of the key's company who sees all of it), or 401. */
  async resolve(secret: string): Promise<Actor> {
    const key = await this.prisma.apiKey.findUnique({
      where: { secretHash: hashApiKey(secret) },
      select: {
        id: true, companyId: true, revokedAt: true, lastUsedAt: true,
        createdBy: { select: { id: true, user: { select: { id: true, email: true } } } },
      },
    });
    if (!key || key.revokedAt) throw new InvalidApiKeyError();
    const now = Date.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      // Conditional, so that two replicas seeing the same stale value write once between them.
      await this.prisma.apiKey.updateMany({
        where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_EVERY_MS) } }] },
        data: { lastUsedAt: new Date(now) },
      });
    }
    return {
      userId: key.createdBy.user?.id ?? 0,
      personId: key.createdBy.id,
      sessionId: `api-key:${key.id}`,
      email: key.createdBy.user?.email ?? '',
      profile: 'PRV',
      companyId: key.companyId,
      laboratoryIds: null,
      apiKeyId: key.id,
    };
  }
}
