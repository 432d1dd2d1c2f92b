import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type prettyModule from 'pino-pretty';
import type { AppConfig } from '../../config/app-config';
import { HIDDEN } from './http-logging';
import { logContextFields } from './log-context';
import { RepeatedErrors } from './repeated-errors';

/**
 * The root logger: JSON lines (one object per line, for log collectors) or, with LOG_FORMAT=pretty
 * (the default when stdout is a terminal), one readable coloured line per entry.
 */
export function createLogger(config: Pick<AppConfig, 'role' | 'logLevel' | 'logFormat'>, destination?: NodeJS.WritableStream): Logger {
  // Whatever a module logs, these never reach a log: a session token or a password read there could be used.
  const redact = { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.token', '*.refreshToken', '*.accessToken', '*.apiKey'], censor: HIDDEN };
  const repeated = new RepeatedErrors();
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { role: config.role },
    redact,
    // Each line names the request or job it was written for (requestId, queue, jobId): a mail or a reindex that
    // failed in a worker is found from the request that caused it, without every module passing a logger down.
    mixin: logContextFields,
    hooks: {
      logMethod(args, write, level) {
        if (repeated.pass(level, args, (again) => write.apply(this, again as Parameters<typeof write>))) write.apply(this, args);
      },
    },
  };
  if (config.logFormat === 'json') return destination ? pino(options, destination) : pino(options);
  // Required only for readable lines: a deployment writing JSON never loads it.
  const pretty = require('pino-pretty') as typeof prettyModule;
  return pino(
    options,
    pretty({
      ...(destination ? { destination } : {}),
      sync: true,
      // One line per entry, as in JSON: a request's line carries its id and who asked beside the message.
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,role,module,context',
      messageFormat: '{if module}[{module}] {end}{if context}[{context}] {end}{msg}',
    }),
  );
}

/** Nest's start-up chatter (a line per module and per route) that belongs at debug level, not info. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's logger with its per-module and per-route start-up lines moved to debug level. */
export class QuietStartLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.inner.debug?.(message, ...params);
    else this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal?.(message, ...params);
  }
}
