import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, of, switchMap, throwError, type Observable } from 'rxjs';
import type { RequestWithActor } from '../auth/actor';
import { IdempotencyRecords, type IdempotencyClaim } from '../database/idempotency-records';
import { AppError } from './app-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is what a client's retry library makes (a UUID, a ULID...): 1 to 255 visible ASCII characters. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SKIP_IDEMPOTENCY = 'cotizalab:skip-idempotency';
/**
 * The route ignores `Idempotency-Key`: its answer carries a secret that must never be stored (a new API key's).
 * Such a route says so in its documentation.
 */
export const SkipIdempotency = () => SetMetadata(SKIP_IDEMPOTENCY, true);

export class InvalidIdempotencyKeyError extends AppError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'IDEMPOTENCY.INVALID_KEY', 'El encabezado Idempotency-Key debe tener entre 1 y 255 caracteres ASCII visibles, sin espacios.');
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(HttpStatus.CONFLICT, 'IDEMPOTENCY.KEY_REUSED', 'Esta Idempotency-Key ya se usó con otra solicitud (otra ruta o un cuerpo distinto). Usa una clave nueva para cada operación distinta.');
  }
}

export class IdempotentRequestInProgressError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(HttpStatus.CONFLICT, 'IDEMPOTENCY.IN_PROGRESS', 'Una solicitud con esta Idempotency-Key todavía se está procesando. Reintenta en unos segundos para recibir su respuesta.');
  }
}

/**
 * `Idempotency-Key` on every write (POST, PUT, PATCH, DELETE but the `POST .../search` reads) of a signed-in caller,
 * session or API key alike (issue 27, item 4). The first request with a key runs and its answer (status and body) is
 * kept 24 hours; the same key with the same method, path, query and body answers that again with
 * `Idempotent-Replayed: true`; with anything else, 409 `IDEMPOTENCY.KEY_REUSED`; while the first still runs, 409
 * `IDEMPOTENCY.IN_PROGRESS` (with `Retry-After: 1`: waiting here would hold a connection for an import's length).
 * A request that fails keeps nothing: its key may be sent again (our writes are transactions, a failure changed
 * nothing). Sits inside the envelope interceptor: it keeps the handler's data, the envelope is made again.
 * Multipart requests are taken by the interceptor that receives their file (`afterUpload`), so the file's bytes are
 * part of what "the same request" means; anonymous requests are not keyed (there is no caller to keep them for).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly records: IdempotencyRecords,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.is('multipart/form-data') && !request.file) return next.handle();
    return this.handle(context, next, undefined);
  }

  /** For the interceptors that receive a multipart file, once it is received: the file's SHA-256 joins the request's hash. */
  afterUpload(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const file = context.switchToHttp().getRequest<Request>().file;
    if (!this.applies(context) || !file) return next.handle();
    const hashed = file.buffer ? Promise.resolve(createHash('sha256').update(file.buffer).digest('hex')) : sha256OfFile(file.path);
    return from(hashed).pipe(switchMap((sha256) => this.handle(context, next, { name: file.originalname, size: file.size, sha256 })));
  }

  private applies(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    if (request.headers[IDEMPOTENCY_HEADER] === undefined || !request.actor || !WRITES.has(request.method) || /\/search\/?$/.test(request.path)) return false;
    return !this.reflector.getAllAndOverride<boolean | undefined>(SKIP_IDEMPOTENCY, [context.getHandler(), context.getClass()]);
  }

  /** Claims the key for this request (undefined: go on), or answers what was kept, or refuses. */
  private async claim(claim: IdempotencyClaim, method: string, path: string, requestHash: string): Promise<{ status: number; response: string } | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.records.claim(claim, method, path, requestHash)) return undefined;
      const kept = await this.records.find(claim);
      // Released by a failed first request in between: claim it again.
      if (!kept) continue;
      if (kept.method !== method || kept.path !== path || kept.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
      if (kept.status === null || kept.response === null) throw new IdempotentRequestInProgressError();
      return { status: kept.status, response: kept.response };
    }
    throw new IdempotentRequestInProgressError();
  }

  private handle(context: ExecutionContext, next: CallHandler, file: { name: string; size: number; sha256: string } | undefined): Observable<unknown> {
    if (!this.applies(context)) return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new InvalidIdempotencyKeyError();
    const actor = request.actor!;
    const claim: IdempotencyClaim = { caller: actor.apiKeyId ? `key:${actor.apiKeyId}` : `person:${actor.personId}`, key };
    const path = request.path.slice(0, 500);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([request.method, request.path, canonical(request.query), canonical(request.body ?? null), file ?? null]))
      .digest('hex');
    return from(this.claim(claim, request.method, path, requestHash)).pipe(
      switchMap((kept) => {
        if (kept) {
          response.status(kept.status);
          response.setHeader(REPLAYED_HEADER, 'true');
          return of(JSON.parse(kept.response) as unknown);
        }
        return next.handle().pipe(
          mergeMap(async (data: unknown) => {
            // A handler that wrote the answer itself (a stream) left nothing to replay.
            if (response.headersSent) await this.records.release(claim);
            else await this.records.keep(claim, response.statusCode, JSON.stringify(data ?? null));
            return data;
          }),
          catchError((error: unknown) => from(this.records.release(claim)).pipe(switchMap(() => throwError(() => error)))),
        );
      }),
    );
  }
}

/** The same JSON whatever the order of an object's keys: `{"a":1,"b":2}` and `{"b":2,"a":1}` are one body. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
