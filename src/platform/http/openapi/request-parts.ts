import type { z } from 'zod';

/** A validated part of a route's request, as `ValidBody`, `ValidQuery` and `ValidParam` declare it. */
export type RequestPart = { in: 'body'; schema: z.ZodType } | { in: 'query'; schema: z.ZodType } | { in: 'path'; name: string; schema: z.ZodType };

const REQUEST_PARTS = Symbol('cotizalab:openapi-request-parts');

/** Records a part on the route method (read back by `requestPartsOf` when the OpenAPI document is built). */
export function documentRequestPart(target: object, key: string | symbol, part: RequestPart): void {
  const method = (target as Record<string | symbol, object>)[key];
  const parts: RequestPart[] = Reflect.getOwnMetadata(REQUEST_PARTS, method) ?? [];
  Reflect.defineMetadata(REQUEST_PARTS, [...parts, part], method);
}

export function requestPartsOf(method: object): RequestPart[] {
  return Reflect.getOwnMetadata(REQUEST_PARTS, method) ?? [];
}
