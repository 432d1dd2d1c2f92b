import { resolve } from 'node:path';
import { z } from 'zod';

/** The three roles one codebase can run as (see DESIGN.md, "Processes"). */
export const APP_ROLES = ['api', 'worker', 'all'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export const LOG_FORMATS = ['pretty', 'json'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

function urlWithProtocols(protocols: string[]) {
  return optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
}

function integer(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(defaultValue) : v))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `must be a whole number between ${min} and ${max}`,
    })
    .transform(Number);
}

const envSchema = z.object({
  APP_ROLE: z.enum(APP_ROLES).default('all'),
  PORT: integer(3000, 1, 65535),
  DATA_DIR: z.string().trim().default('./.data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  EMBEDDED_POSTGRES_PORT: integer(54329, 1024, 65535),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  REDIS_PREFIX: z.string().trim().regex(/^[\w:.-]+$/, 'may only hold letters, digits and _ : . -').default('cotizalab'),
  /** How long a worker's lock on a running job lasts (renewed while it runs): a dead worker's job is taken over within about twice this. */
  QUEUE_LOCK_MS: integer(30_000, 1_000, 600_000),
  ELASTICSEARCH_URL: urlWithProtocols(['http:', 'https:']),
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10, 'must be at least 10 characters long').optional()),
  /**
   * Demo laboratories (invented, with prices) in an empty database: yes on the embedded defaults, where a new user
   * wants to see the product; the production compose file says `false`, and then only the reference data is seeded.
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).default('true').transform((v) => v === 'true' || v === '1'),
  SEED_LABS: integer(300, 0, 200000),
  /** Signs access tokens; unset, a random secret is created once and kept in the database. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().default('CotizaLab <no-reply@cotizalab.cl>'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']),
  CORS_ORIGINS: optionalString,
  /**
   * Which proxies in front of the API to believe about the client's address (X-Forwarded-For), as
   * Express reads it: `loopback` (the default), a number of hops, or addresses and CIDRs separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .refine((v) => /^\d{1,2}$/.test(v) || v.split(',').every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part.trim())), {
      message: 'must be loopback, linklocal, uniquelocal, a number of hops, or IP addresses/CIDRs separated by commas',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json` (one object per line); unset, pretty when stdout is a terminal. */
  LOG_FORMAT: optionalString.pipe(z.enum(LOG_FORMATS, { message: `must be one of ${LOG_FORMATS.join(', ')}` }).optional()),
  /** Where the built web app lives; the API serves it in the `all` role when present. */
  WEB_DIST_DIR: z.string().trim().default('./web/dist'),
  /** Search answers each API process keeps (forgotten on every change of the search index); 0 turns the cache off. */
  SEARCH_CACHE_ENTRIES: integer(5000, 0, 100_000),
  /** The most memory those answers may take, in MB: the oldest go first when a new one would pass it. */
  SEARCH_CACHE_MB: integer(64, 1, 4096),
  /** How often an event job is tried (exponential backoff from EVENT_JOB_BACKOFF_MS) before it is left failed and the sweeper re-drives it. */
  EVENT_JOB_ATTEMPTS: integer(8, 1, 100),
  EVENT_JOB_BACKOFF_MS: integer(2000, 1, 3_600_000),
  /** An event not processed by one of its subscribers this long after it was published is re-driven (and counted as backlog). */
  DELIVERY_REDRIVE_AFTER_SECONDS: integer(120, 1, 86_400),
  /** How often a worker sweeps for undelivered events; one worker at a time (advisory lock). */
  DELIVERY_SWEEP_INTERVAL_MS: integer(30_000, 50, 3_600_000),
  /** Events re-driven per subscriber per sweep. */
  DELIVERY_SWEEP_BATCH: integer(1000, 1, 100_000),
  /** Delivered events are kept this many days, then pruned from outbox_event; processed_event rows likewise. */
  OUTBOX_RETENTION_DAYS: integer(14, 1, 3650),
  PROCESSED_EVENT_RETENTION_DAYS: integer(14, 1, 3650),
  /** Raw access-log, search and result history rows are kept this many days (the daily rollups stay). */
  REPORTS_RETENTION_DAYS: integer(400, 1, 3650),
  /** How often a worker prunes old events. */
  PRUNE_INTERVAL_MINUTES: integer(60, 1, 10_080),
  /** The worker role answers /api/health and /api/health/ready on this port; 0 turns it off. */
  WORKER_HEALTH_PORT: integer(3001, 0, 65535),
  /** Which payment gateway checkout uses: `simulator` (local, "modo demostración", no money moves) or `webpay` (Transbank Webpay Plus). */
  PAYMENT_GATEWAY: z.enum(['simulator', 'webpay'], { message: 'must be simulator or webpay' }).default('simulator'),
  /** Webpay Plus environment; the integration one (Transbank's test cards) unless production is named. */
  WEBPAY_ENVIRONMENT: z.enum(['integration', 'production'], { message: 'must be integration or production' }).default('integration'),
  /** Commerce code and API key; unset, Transbank's public integration credentials (useless in production). */
  WEBPAY_COMMERCE_CODE: optionalString,
  WEBPAY_API_KEY: optionalString,
  /** Another Webpay host (a proxy or a local fake in tests); unset, Transbank's host for the environment. */
  WEBPAY_HOST: urlWithProtocols(['http:', 'https:']),
  /** Days a paid voucher can be used at the laboratory before it expires (a FONASA bono lasts 30). */
  ORDER_VALIDITY_DAYS: integer(30, 1, 365),
  /** Commerce files: uploads larger than this many MB are refused as they arrive. */
  UPLOAD_MAX_MB: integer(10, 1, 50),
  /** An uploaded file no banner, slider, product or category uses is deleted after this many hours. */
  FILE_ORPHAN_GRACE_HOURS: integer(24, 1, 8760),
  /** S3-compatible storage for uploaded files (AWS S3, MinIO, R2...); unset bucket keeps them under DATA_DIR/files. */
  STORAGE_S3_BUCKET: optionalString,
  STORAGE_S3_URL: urlWithProtocols(['http:', 'https:']),
  STORAGE_S3_REGION: z.string().trim().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: optionalString,
  STORAGE_S3_SECRET_ACCESS_KEY: optionalString,
  /** Requests one API key may make per minute (RateLimit-* headers; 429 with Retry-After beyond it). */
  API_KEY_REQUESTS_PER_MINUTE: integer(600, 1, 1_000_000),
  /** `production` (the Dockerfile sets it) makes webhook URLs https-only and refuses private hosts; anything else is development. */
  NODE_ENV: z.string().trim().default('development'),
  /** Webhook deliveries: attempts before one is left FAILED, the first retry's delay (then doubling), each POST's timeout. */
  WEBHOOK_ATTEMPTS: integer(6, 1, 20),
  WEBHOOK_BACKOFF_MS: integer(300_000, 1, 86_400_000),
  WEBHOOK_TIMEOUT_MS: integer(10_000, 100, 60_000),
  /** How often a worker looks for deliveries that are due (a commit also wakes it at once). */
  WEBHOOK_POLL_MS: integer(5_000, 20, 600_000),
}).refine((env) => (env.STORAGE_S3_ACCESS_KEY_ID === undefined) === (env.STORAGE_S3_SECRET_ACCESS_KEY === undefined), {
  path: ['STORAGE_S3_SECRET_ACCESS_KEY'],
  message: 'and STORAGE_S3_ACCESS_KEY_ID go together: set both or neither',
}).refine((env) => env.APP_ROLE === 'all' || env.REDIS_URL !== undefined, {
  path: ['REDIS_URL'],
  message: 'is required when APP_ROLE is api or worker (without Redis, jobs only run inside one process)',
});

export type AppConfig = ReturnType<typeof toAppConfig>;

function toAppConfig(env: z.infer<typeof envSchema>, terminal: boolean) {
  const dataDir = resolve(env.DATA_DIR);
  return {
    role: env.APP_ROLE,
    port: env.PORT,
    dataDir,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    corsOrigins: env.CORS_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean) ?? [],
    trustProxy: /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY.split(',').map((p) => p.trim()),
    webDistDir: resolve(env.WEB_DIST_DIR),
    database: {
      /** Undefined: the app starts its own PostgreSQL from `embedded-postgres` under dataDir. */
      url: env.DATABASE_URL,
      embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    },
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX, lockMs: env.QUEUE_LOCK_MS } : undefined,
    elasticsearchUrl: env.ELASTICSEARCH_URL,
    searchCache: { entries: env.SEARCH_CACHE_ENTRIES, megabytes: env.SEARCH_CACHE_MB },
    admin: { email: env.ADMIN_EMAIL?.toLowerCase(), password: env.ADMIN_PASSWORD },
    seedLabs: env.SEED_DEMO ? env.SEED_LABS : 0,
    jwtSecret: env.JWT_SECRET,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(dataDir, 'mail') },
    delivery: {
      jobAttempts: env.EVENT_JOB_ATTEMPTS,
      jobBackoffMs: env.EVENT_JOB_BACKOFF_MS,
      redriveAfterSeconds: env.DELIVERY_REDRIVE_AFTER_SECONDS,
      sweepIntervalMs: env.DELIVERY_SWEEP_INTERVAL_MS,
      sweepBatch: env.DELIVERY_SWEEP_BATCH,
      outboxRetentionDays: env.OUTBOX_RETENTION_DAYS,
      processedRetentionDays: env.PROCESSED_EVENT_RETENTION_DAYS,
      pruneIntervalMs: env.PRUNE_INTERVAL_MINUTES * 60_000,
    },
    workerHealthPort: env.WORKER_HEALTH_PORT,
    reports: { retentionDays: env.REPORTS_RETENTION_DAYS },
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      webpay: { environment: env.WEBPAY_ENVIRONMENT, commerceCode: env.WEBPAY_COMMERCE_CODE, apiKey: env.WEBPAY_API_KEY, host: env.WEBPAY_HOST },
    },
    orders: { validityDays: env.ORDER_VALIDITY_DAYS },
    apiKeys: { requestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE },
    production: env.NODE_ENV === 'production',
    webhooks: { attempts: env.WEBHOOK_ATTEMPTS, backoffMs: env.WEBHOOK_BACKOFF_MS, timeoutMs: env.WEBHOOK_TIMEOUT_MS, pollMs: env.WEBHOOK_POLL_MS },
    files: {
      maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
      orphanGraceMs: env.FILE_ORPHAN_GRACE_HOURS * 3_600_000,
      localDir: resolve(dataDir, 'files'),
      /** Set: files go to this S3-compatible bucket instead of localDir. */
      s3: env.STORAGE_S3_BUCKET
        ? {
            bucket: env.STORAGE_S3_BUCKET,
            endpoint: env.STORAGE_S3_URL,
            region: env.STORAGE_S3_REGION,
            credentials: env.STORAGE_S3_ACCESS_KEY_ID ? { accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY! } : undefined,
          }
        : undefined,
    },
  };
}

/** Raised when the environment is invalid; `message` is one line naming the variable. */
export class InvalidConfigError extends Error {
  constructor(readonly variable: string, detail: string, received: string | undefined) {
    super(`Invalid configuration: ${variable} ${detail}${received === undefined ? '' : ` (got "${received}")`}`);
    this.name = 'InvalidConfigError';
  }
}

/**
 * Parses and validates the process environment. The only place that reads `process.env`.
 * `terminal`: whether stdout is a terminal, which makes the logs readable lines by default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0]);
    const detail = issue.code === 'invalid_value' && variable === 'APP_ROLE' ? `must be one of ${APP_ROLES.join(', ')}` : issue.message;
    const shown = /PASSWORD|URL|SECRET/.test(variable) ? undefined : env[variable];
    throw new InvalidConfigError(variable, detail, shown);
  }
  return toAppConfig(parsed.data, terminal);
}

/** Nest injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
