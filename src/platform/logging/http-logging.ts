import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Options } from 'pino-http';
import { withLogContext } from './log-context';

/** A request id a proxy may hand over: short, and nothing a log line could be broken with. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
/** Query parameters that are secrets (a voucher's access key, a reset or invitation token). */
const SECRET_PARAMS = /^(k|key|token|t|code|password|secret|access_token|refresh_token)$/i;
export const HIDDEN = '[oculto]';

/** The path and its query with every secret parameter's value hidden ("/voucher/7?k=[oculto]"). */
export function safeUrl(url: string | undefined): string {
  if (!url) return '';
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAMS.test(name)) params.set(name, HIDDEN);
  return `${url.slice(0, question)}?${params.toString()}`;
}

type Request = IncomingMessage & { originalUrl?: string; actor?: { personId?: number } };

/**
 * One line per request at `info` (method, path with secrets hidden, status, time, request id and who):
 * no header, cookie or body is ever written, so a session token read in a log cannot be replayed.
 * Static files and health probes are `debug`; answers 4xx `warn`, 5xx `error`. The request id is the
 * one a proxy sent (X-Request-Id) or a new UUID, returned on every answer.
 */
export function httpLogging(logger: Logger): Options<Request, ServerResponse> {
  return {
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The request's own fields only; pino-http's defaults carry every header (Authorization among them).
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; raw?: Request }) => ({ id: req.id, method: req.method, url: safeUrl(req.raw?.originalUrl ?? req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (req) => ({ module: 'http', ...(req.actor?.personId !== undefined && { personId: req.actor.personId }) }),
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      const path = (req.url ?? '').split('?')[0];
      return path.startsWith('/api/') && !path.startsWith('/api/health') ? 'info' : 'debug';
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${safeUrl((req as Request).originalUrl ?? req.url)} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res, err) => `${req.method} ${safeUrl((req as Request).originalUrl ?? req.url)} ${res.statusCode}: ${err.message}`,
  };
}

/**
 * Express middleware, mounted after pino-http's (which sets `req.id`): the rest of the request runs in a log
 * context with its id, so the lines written for it and the events it records carry `requestId`.
 */
export function requestLogContext(req: IncomingMessage & { id?: unknown }, _res: ServerResponse, next: () => void): void {
  if (typeof req.id === 'string') withLogContext({ requestId: req.id }, next);
  else next();
}
