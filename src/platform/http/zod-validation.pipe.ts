import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './app-error';

/**
 * Validates and converts a request part (body, params, query) with a zod schema. Schemas carry
 * their Spanish messages; anything invalid answers 400 with per-field `errors`.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<S> {
    const unfit = unfitField(value);
    if (unfit) throw new ValidationError({ [unfit.path || (metadata?.data ?? '_')]: [unfit.message] });
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      // A single path parameter (`@Param('id')`) reports under its own name.
      const field = issue.path.length > 0 ? issue.path.join('.') : (metadata?.data ?? '_');
      (errors[field] ??= []).push(issue.message);
    }
    throw new ValidationError(errors);
  }
}

/** No form nests deeper than a few levels; a body nested deeper is refused before anything walks it. */
const MAX_DEPTH = 32;
/** A UTF-16 half of a pair without its other half: not text PostgreSQL (UTF-8) can store. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What no schema should even see: text PostgreSQL cannot store (NUL, a lone surrogate) or nesting
 * deeper than any form. The path of the first such value ('' for the value itself) and why, or
 * undefined. Walked with a stack of its own, so a body nested 100,000 deep cannot overflow ours.
 */
function unfitField(value: unknown): { path: string; message: string } | undefined {
  const pending: [unknown, string, number][] = [[value, '', 0]];
  while (pending.length > 0) {
    const [current, path, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000') || LONE_SURROGATE.test(current)) return { path, message: 'Contiene caracteres no permitidos.' };
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_DEPTH) return { path, message: 'Tiene demasiados niveles anidados.' };
      for (const [key, child] of Object.entries(current)) pending.push([child, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return undefined;
}
