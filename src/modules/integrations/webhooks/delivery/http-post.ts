import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkWebhookUrl, FORBIDDEN_HOST, isForbiddenAddress, type UrlPolicy } from '../domain/url-policy';

/** What one POST came to: an answer (any status), or why there was none. */
export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body (at most `RESPONSE_SNIPPET_BYTES`), when there was one. */
  response: string | null;
  error: string | null;
}

export const RESPONSE_SNIPPET_BYTES = 1024;

/**
 * POSTs a webhook with node:http(s) (no client dependency). It follows no redirect, gives up after `timeoutMs` in all,
 * and reads at most 1 kB of the answer. In production the URL is checked again and every address the name resolves to
 * is checked in the socket's own DNS lookup, so a name that changed to a private address since it was registered (or
 * rebinds between a check and the connection) is never connected to.
 */
export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, options: UrlPolicy & { timeoutMs: number }): Promise<PostOutcome> {
  const started = Date.now();
  const done = (outcome: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({ ...outcome, durationMs: Date.now() - started });
  const checked = checkWebhookUrl(rawUrl, options);
  if (!checked.ok) return Promise.resolve(done({ statusCode: null, response: null, error: checked.message }));
  const url = checked.url;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(done(outcome));
    };
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'User-Agent': 'CotizaLab-Webhooks/1', ...headers },
      ...(options.production ? { lookup: publicOnlyLookup } : {}),
    });
    const timer = setTimeout(() => finish({ statusCode: null, response: null, error: `Sin respuesta en ${options.timeoutMs / 1000} s` }), options.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = () => finish({ statusCode: res.statusCode ?? null, response: Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString('utf8'), error: null });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_SNIPPET_BYTES) answer();
      });
      res.on('end', answer);
      res.on('error', answer);
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish({ statusCode: null, response: null, error: err.message === FORBIDDEN_HOST ? FORBIDDEN_HOST : `${err.code ?? 'ERROR'}: ${err.message}`.slice(0, 500) }));
    req.end(body);
  });
}

/** The socket's DNS lookup, refusing any answer that holds a forbidden address (a literal IP was checked before). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const forbidden = addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address));
    if (forbidden) return callback(Object.assign(new Error(FORBIDDEN_HOST), { code: 'EFORBIDDEN' }), '', 0);
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    callback(null, first.address, first.family ?? isIP(first.address));
  });
};
