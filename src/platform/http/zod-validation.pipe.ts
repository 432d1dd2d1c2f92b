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
    const withNul = fieldWithNul(value);
    if (withNul !== undefined) throw new ValidationError({ [withNul || (metadata?.data ?? '_')]: ['Contiene caracteres no permitidos.'] });
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

/**
 * PostgreSQL cannot store NUL in text and no form needs it: the path of the first string that
 * holds one ('' for the value itself), or undefined.
 */
function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = fieldWithNul(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
