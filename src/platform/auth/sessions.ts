import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PrismaService, type Tx } from '../database/prisma.service';
import type { ProfileCode } from './access-policy';
import { UnauthenticatedError, type Actor } from './actor';

/** Access tokens are short-lived; a client renews them with `POST /api/jwt/refresh-with-token`. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** A session may be renewed while it was used within this window... */
export const SESSION_IDLE_S = 7 * 24 * 3600;
/** ...and never beyond this age. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;
/** How long the token a refresh replaced may still be refreshed (a second tab refreshing at the same moment). */
export const REFRESH_GRACE_S = 30;

export interface TokenData {
  accessToken: string;
  tokenType: 'Bearer';
  /** Seconds until the access token expires. */
  expiresIn: number;
  expiresAt: string;
}

interface TokenClaims {
  sub: string;
  sid: string;
  jti: string;
}

/**
 * Signed-in sessions and their access tokens (HS256 JWTs). A token is honoured only while its
 * session is open and it is the session's latest token, so logout, a password change or a
 * refresh revoke older tokens at once; the cost is one indexed read per signed-in request.
 */
@Injectable()
export class Sessions {
  private readonly jwt = new JwtService({});
  private secret?: Promise<string>;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a session for a user who just proved who they are. */
  async open(userId: number, client: { ip?: string; userAgent?: string }): Promise<TokenData> {
    const sessionId = randomUUID();
    const jti = newJti();
    await this.prisma.authSession.create({
      data: {
        id: sessionId,
        userId,
        currentJti: jti,
        ip: client.ip?.slice(0, 64),
        userAgent: client.userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      },
    });
    return this.sign(userId, sessionId, jti);
  }

  /** The actor behind a bearer token, or undefined when the token is not (or no longer) good. */
  async resolve(token: string): Promise<Actor | undefined> {
    const claims = await this.verify(token, false);
    if (!claims) return undefined;
    const session = await this.prisma.authSession.findUnique({
      where: { id: claims.sid },
      select: {
        currentJti: true, revokedAt: true, expiresAt: true,
        user: { select: { id: true, email: true, isActive: true, person: { select: { id: true, deletedAt: true, companyId: true, profile: { select: { code: true } } } } } },
      },
    });
    if (!session || session.revokedAt || session.expiresAt < new Date() || session.currentJti !== claims.jti) return undefined;
    const { user } = session;
    if (!user.isActive || user.person.deletedAt || String(user.id) !== claims.sub) return undefined;
    return {
      userId: user.id,
      personId: user.person.id,
      sessionId: claims.sid,
      email: user.email,
      profile: user.person.profile.code as ProfileCode,
      companyId: user.person.companyId,
      laboratoryIds: await this.grantedLaboratories(user.person.id, user.person.profile.code, user.person.companyId),
    };
  }

  /**
   * The laboratories of its own company a provider is narrowed to by its active person-visibility
   * grants; null (the whole company) without such grants or with a grant on the company itself.
   */
  private async grantedLaboratories(personId: number, profile: string, companyId: number | null): Promise<number[] | null> {
    if (profile !== 'PRV' || companyId === null) return null;
    const grants = await this.prisma.personVisibility.findMany({
      where: { personId, isActive: true, OR: [{ laboratory: { companyId } }, { companyId, laboratoryId: null }] },
      select: { laboratoryId: true },
    });
    if (grants.length === 0 || grants.some((grant) => grant.laboratoryId === null)) return null;
    return [...new Set(grants.map((grant) => grant.laboratoryId as number))];
  }

  /**
   * A new access token for the session of `token`, which may have expired recently. The old
   * token stops working. Two refreshes of one token at once (two tabs) both succeed: the one that
   * lost the race, within REFRESH_GRACE_S of the rotation, gets a token of the session's current
   * id. Presenting a replaced token after that means it leaked or was replayed: the session is closed.
   */
  async refresh(token: string): Promise<TokenData> {
    const claims = await this.verify(token, true);
    if (!claims) throw sessionExpired();
    const jti = newJti();
    const now = new Date();
    const idleSince = new Date(now.getTime() - SESSION_IDLE_S * 1000);
    const open = { revokedAt: null, expiresAt: { gt: now }, refreshedAt: { gt: idleSince }, user: { isActive: true, person: { deletedAt: null } } } as const;
    const renewed = await this.prisma.authSession.updateMany({
      where: { id: claims.sid, currentJti: claims.jti, ...open },
      data: { currentJti: jti, previousJti: claims.jti, rotatedAt: now, refreshedAt: now },
    });
    if (renewed.count === 1) return this.sign(Number(claims.sub), claims.sid, jti);
    // The race's loser: the token was replaced a moment ago by the same session's other refresh.
    const raced = await this.prisma.authSession.findFirst({
      where: { id: claims.sid, previousJti: claims.jti, rotatedAt: { gt: new Date(now.getTime() - REFRESH_GRACE_S * 1000) }, ...open },
      select: { currentJti: true },
    });
    if (raced) return this.sign(Number(claims.sub), claims.sid, raced.currentJti);
    await this.prisma.authSession.updateMany({ where: { id: claims.sid, revokedAt: null, NOT: { currentJti: claims.jti } }, data: { revokedAt: now } });
    throw sessionExpired();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.prisma.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  /** Closes every session of a user (password reset, deactivation), or all but one (password change). */
  async revokeAllOf(userId: number, tx: Tx = this.prisma, except?: string): Promise<void> {
    await tx.authSession.updateMany({ where: { userId, revokedAt: null, ...(except && { NOT: { id: except } }) }, data: { revokedAt: new Date() } });
  }

  private async sign(userId: number, sessionId: string, jti: string): Promise<TokenData> {
    const accessToken = await this.jwt.signAsync({ sid: sessionId } satisfies Partial<TokenClaims>, {
      secret: await this.signingSecret(),
      algorithm: 'HS256',
      subject: String(userId),
      jwtid: jti,
      expiresIn: ACCESS_TOKEN_TTL_S,
    });
    return { accessToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_S, expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000).toISOString() };
  }

  private async verify(token: string, ignoreExpiration: boolean): Promise<TokenClaims | undefined> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<TokenClaims>>(token, { secret: await this.signingSecret(), algorithms: ['HS256'], ignoreExpiration });
      const { sub, sid, jti } = claims;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof jti !== 'string' || !UUID.test(sid)) return undefined;
      return { sub, sid, jti };
    } catch {
      return undefined; // malformed, forged or expired: the caller is anonymous
    }
  }

  /** JWT_SECRET, or a random secret created on first use and shared by every process through the database. */
  private signingSecret(): Promise<string> {
    return (this.secret ??= this.config.jwtSecret
      ? Promise.resolve(this.config.jwtSecret)
      : this.prisma
          .$queryRaw<{ value: string }[]>`
            WITH created AS (
              INSERT INTO app_meta (key, value, updated_at) VALUES ('jwt-secret', to_jsonb(${randomBytes(48).toString('base64url')}::text), now())
              ON CONFLICT (key) DO NOTHING RETURNING value #>> '{}' AS value)
            SELECT value FROM created UNION ALL SELECT value #>> '{}' FROM app_meta WHERE key = 'jwt-secret' LIMIT 1`
          .then((rows) => rows[0].value));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const newJti = () => randomBytes(16).toString('base64url');
const sessionExpired = () => new UnauthenticatedError('Tu sesión expiró. Inicia sesión nuevamente.', 'AUTH.SESSION_EXPIRED');
