import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Envelope } from './envelope';

/** Wraps what a controller returns in `{ code, data }`, with `code` equal to the HTTP status. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<Envelope> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(map((data: unknown) => ({ code: response.statusCode, data: data ?? null })));
  }
}
