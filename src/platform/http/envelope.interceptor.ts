import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Envelope } from './envelope';
import { SerializedJson } from './serialized-json';

/**
 * Wraps what a controller returns in `{ code, data }`, with `code` equal to the HTTP status.
 * Every success is 200, creations included: the spec's client treats only code 200 as success.
 * An answer already serialized (`SerializedJson`) is wrapped as text and sent as it is.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<Envelope | string> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((data: unknown) => {
        if (response.statusCode === 201) response.status(200);
        if (data instanceof SerializedJson) {
          response.type('json');
          if (response.statusCode === 200) response.setHeader('ETag', data.etag200);
          return data.envelope(response.statusCode);
        }
        return { code: response.statusCode, data: data ?? null };
      }),
    );
  }
}
