import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Envelope } from './envelope';

/**
 * Wraps what a controller returns in `{ code, data }`, with `code` equal to the HTTP status.
 * Every success is 200, creations included: the spec's client treats only code 200 as success.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<Envelope> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((data: unknown) => {
        if (response.statusCode === 201) response.status(200);
        return { code: response.statusCode, data: data ?? null };
      }),
    );
  }
}
