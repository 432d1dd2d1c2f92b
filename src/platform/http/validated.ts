import { Body, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { documentRequestPart } from './openapi/request-parts';
import { idParam } from './params';
import { ZodValidationPipe } from './zod-validation.pipe';

/**
 * The request's parts, validated and converted by a zod schema (400 with per-field errors otherwise). The same
 * schema describes the part in the OpenAPI document (src/platform/http/openapi), so the two cannot disagree.
 */
const validated =
  (decorate: ParameterDecorator, part: Parameters<typeof documentRequestPart>[2]): ParameterDecorator =>
  (target, key, index) => {
    decorate(target, key, index);
    if (key !== undefined) documentRequestPart(target, key, part);
  };

/** The request body. */
export const ValidBody = <S extends z.ZodType>(schema: S) => validated(Body(new ZodValidationPipe(schema)), { in: 'body', schema });

/** The query string, as one object. */
export const ValidQuery = <S extends z.ZodType>(schema: S) => validated(Query(new ZodValidationPipe(schema)), { in: 'query', schema });

/** One path parameter. */
export const ValidParam = <S extends z.ZodType>(name: string, schema: S) => validated(Param(name, new ZodValidationPipe(schema)), { in: 'path', name, schema });

/** The `:id` of the path, a positive database id. */
export const IdParam = () => ValidParam('id', idParam);
