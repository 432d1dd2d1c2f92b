import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type IORedis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AppError } from '../http/app-error';

/**
 * Attempt budgets of the sensitive calls, per IP and per account (e-mail). Keys for accounts are
 * counted whether or not the account exists, so throttling reveals nothing about it.
 */
const LIMITS = {
  /**
   * Failed sign-ins of one account from one source: then that source is refused for that account
   * for a while. Counted per source so that nobody elsewhere can lock the owner out.
   */
  signInFailuresPerAccountAndSource: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Failed sign-ins of one account from anywhere: never a lock, only how slow each failure answers (see sign-in). */
  signInFailuresPerAccount: { points: 100_000, duration: 60 * 60 },
  signInPerIp: { points: 30, duration: 5 * 60 },
  recoveryPerAccount: { points: 3, duration: 60 * 60 },
  recoveryPerIp: { points: 10, duration: 15 * 60 },
  signUpPerIp: { points: 10, duration: 60 * 60 },
  resetPerIp: { points: 10, duration: 15 * 60 },
  refreshPerIp: { points: 120, duration: 5 * 60 },
  passwordChangeFailuresPerAccount: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  contactPerIp: { points: 5, duration: 10 * 60 },
  /** Mail anyone can trigger to any address (contact receipts, "you already have an account"): per address. */
  unsolicitedMailsPerAddress: { points: 3, duration: 60 * 60 },
  phoneCheckPerIp: { points: 60, duration: 60 },
  /** Invitations into one company (or, outside a company, by one administrator): against mail flooding. */
  invitationsPerCompany: { points: 20, duration: 60 * 60 },
  /**
   * Orders read from text (and choices recorded) by one client: a patient reads a few, a clinic's
   * front desk a few hundred; only against scripted floods (a read costs about as much as a look-up).
   */
  orderReadPerIp: { points: 600, duration: 5 * 60 },
  /** Order photos read by one client: OCR costs seconds of CPU each. */
  orderPhotoPerIp: { points: 20, duration: 10 * 60 },
  /** Quote pictures drawn for chat previews (a few ms of CPU each): generous, only against floods. */
  shareCardPerIp: { points: 120, duration: 5 * 60 },
  /** Quotes kept by one client (a row each): a patient keeps a few; only against filling the table. */
  keepQuotePerIp: { points: 30, duration: 10 * 60 },
  /** Route changes of one browser: generous, only against flooding the log. */
  accessLogPerIp: { points: 600, duration: 5 * 60 },
} as const;

/** Budgets that depend on the configuration. */
const configured = (config: AppConfig) => ({
  /** Requests of one API key (issue 27, item 4): API_KEY_REQUESTS_PER_MINUTE, 600 by default. */
  apiKeyRequests: { points: config.apiKeys.requestsPerMinute, duration: 60 },
});
export type Throttle = keyof typeof LIMITS | keyof ReturnType<typeof configured>;

/** Where a budget stands after one request was counted (the IETF draft's RateLimit-* fields). */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** Backed by Redis when configured (shared by every API replica), else by this process's memory. */
@Injectable()
export class Throttles implements OnApplicationShutdown {
  private readonly limiters: Record<Throttle, RateLimiterAbstract>;
  private readonly redis?: IORedis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // ioredis is loaded only when there is a Redis to count in (the embedded default counts in memory).
    if (config.redis) this.redis = new (require('ioredis') as typeof import('ioredis').default)(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.redis?.on('error', () => undefined); // the insurance limiter takes over while Redis is away
    const entries = Object.entries({ ...LIMITS, ...configured(config) }).map(([name, limit]) => {
      const memory = new RateLimiterMemory({ ...limit, keyPrefix: name });
      const limiter = this.redis
        ? new RateLimiterRedis({ ...limit, storeClient: this.redis, keyPrefix: `${config.redis!.prefix}:throttle:${name}`, insuranceLimiter: memory })
        : memory;
      return [name, limiter];
    });
    this.limiters = Object.fromEntries(entries) as Record<Throttle, RateLimiterAbstract>;
  }

  /** Spends one attempt, or answers 429 when the budget is used up. */
  async consume(throttle: Throttle, key: string): Promise<void> {
    try {
      await this.limiters[throttle].consume(normalise(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new TooManyAttemptsError(error.msBeforeNext);
      throw error;
    }
  }

  /**
   * Counts one request and answers where the budget stands, whether it is used up or not (`exceeded`): for answers
   * that carry RateLimit-* headers, 429 included.
   */
  async count(throttle: Throttle, key: string): Promise<RateLimitState & { exceeded: boolean; msBeforeNext: number }> {
    const limiter = this.limiters[throttle];
    const state = (res: RateLimiterRes, exceeded: boolean) => ({
      limit: limiter.points,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      exceeded,
      msBeforeNext: res.msBeforeNext,
    });
    try {
      return state(await limiter.consume(normalise(key)), false);
    } catch (error) {
      if (error instanceof RateLimiterRes) return state(error, true);
      throw error;
    }
  }

  /** Answers 429 if the budget is already used up, without spending from it. */
  async check(throttle: Throttle, key: string): Promise<void> {
    const state = await this.limiters[throttle].get(normalise(key));
    if (state && state.remainingPoints <= 0) throw new TooManyAttemptsError(state.msBeforeNext);
  }

  /** Records a failure without answering 429 now (the next `check` will). */
  async penalise(throttle: Throttle, key: string): Promise<void> {
    await this.limiters[throttle].consume(normalise(key)).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    });
  }

  /** How many attempts the budget has spent (0 when nothing was spent in its window). */
  async spent(throttle: Throttle, key: string): Promise<number> {
    return (await this.limiters[throttle].get(normalise(key)))?.consumedPoints ?? 0;
  }

  async reset(throttle: Throttle, key: string): Promise<void> {
    await this.limiters[throttle].delete(normalise(key));
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}

const normalise = (key: string) => key.trim().toLowerCase().slice(0, 300);

export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(msBeforeNext: number) {
    const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
    super(429, 'AUTH.TOO_MANY_ATTEMPTS', `Demasiados intentos. Intenta nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`);
    this.retryAfterSeconds = Math.ceil(msBeforeNext / 1000);
  }
}
