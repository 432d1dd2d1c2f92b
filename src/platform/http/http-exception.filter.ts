import { safeUrl } from '../logging/http-logging';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from './app-error';
import type { Envelope } from './envelope';

/** Spanish messages and stable keys for errors raised by the framework rather than by us. */
const BY_STATUS: Partial<Record<number, { error: string; message: string }>> = {
  400: { error: 'REQUEST.INVALID', message: 'La solicitud no es válida.' },
  401: { error: 'AUTH.UNAUTHORIZED', message: 'Debes iniciar sesión para continuar.' },
  403: { error: 'AUTH.FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' },
  404: { error: 'ROUTE.NOT_FOUND', message: 'El recurso solicitado no existe.' },
  405: { error: 'ROUTE.METHOD_NOT_ALLOWED', message: 'Método no permitido.' },
  413: { error: 'REQUEST.TOO_LARGE', message: 'La solicitud es demasiado grande.' },
  415: { error: 'REQUEST.UNSUPPORTED_MEDIA_TYPE', message: 'El formato de la solicitud no es compatible.' },
  429: { error: 'REQUEST.TOO_MANY', message: 'Demasiadas solicitudes. Intenta nuevamente en unos minutos.' },
};
const INTERNAL = { error: 'SERVER.INTERNAL_ERROR', message: 'Ocurrió un error inesperado. Intenta nuevamente.' };
/** The database's connections are all taken for longer than a request may wait (hot-path.ts POOL_WAIT_MS). */
const BUSY = { error: 'SERVER.BUSY', message: 'El servicio está muy ocupado en este momento. Intenta nuevamente en unos segundos.' };
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Whether the error (or one it wraps) is pg's wait for a pool connection running out. */
function isPoolWaitTimeout(exception: unknown): boolean {
  for (let error = exception, depth = 0; error && depth < 5; error = (error as { cause?: unknown }).cause, depth++) {
    if (/timeout exceeded when trying to connect/i.test(String((error as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

/** Turns any error into the envelope; the only place that maps errors to HTTP. */
export function toEnvelope(exception: unknown): Envelope<null> {
  if (exception instanceof AppError) {
    return { code: exception.status, data: null, error: exception.error, message: exception.message, ...(exception.errors && { errors: exception.errors }) };
  }
  if (isPoolWaitTimeout(exception)) return { code: HttpStatus.SERVICE_UNAVAILABLE, data: null, ...BUSY };
  const status = statusOf(exception);
  // Nest wraps body-parser's error in a BadRequestException and keeps it as `cause`.
  const parseError = exception instanceof HttpException ? exception.cause : exception;
  if ((parseError as { type?: unknown } | null)?.type === 'entity.parse.failed') {
    return { code: 400, data: null, error: 'REQUEST.MALFORMED_BODY', message: 'El cuerpo de la solicitud no tiene un formato válido.' };
  }
  const known = BY_STATUS[status] ?? (status >= 500 ? INTERNAL : BY_STATUS[400]!);
  return { code: status, data: null, ...known };
}

function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  // body-parser and other express middleware errors carry `status` (400 bad JSON, 413 too large...).
  const status = (exception as { status?: unknown; statusCode?: unknown } | null)?.status ?? (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : HttpStatus.INTERNAL_SERVER_ERROR;
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const envelope = toEnvelope(exception);
    // A busy pool is not a fault of the code: one warning line, and the client told when to come back.
    if (envelope.error === BUSY.error) this.log.warn({ method: request.method, url: safeUrl(request.originalUrl), requestId: (request as { id?: unknown }).id }, 'database pool busy');
    else if (envelope.code >= 500) this.log.error({ err: exception, method: request.method, url: safeUrl(request.originalUrl), requestId: (request as { id?: unknown }).id }, 'unhandled error');
    if (response.headersSent) return;
    const retryAfter = envelope.error === BUSY.error ? BUSY_RETRY_AFTER_SECONDS : (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(retryAfter));
    response.status(envelope.code).json(envelope);
  }
}
