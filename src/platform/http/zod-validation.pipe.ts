import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './app-error';

/**
 * Validates and converts a request part (body, params, query) with a zod schema. Schemas carry
 * their Spanish messages; anything invalid answers 400 with per-field `errors`. A body field the
 * schema does not know is refused too, by name: a misspelt field (`examIds` for `exams`) would
 * otherwise be dropped and the request answered as if it had not been sent (issue 27).
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<S> {
    const unfit = unfitField(value);
    if (unfit) throw new ValidationError({ [unfit.path || (metadata?.data ?? '_')]: [unfit.message] });
    const unknown = metadata?.type === 'body' ? unknownFields(this.schema, value) : [];
    if (unknown.length > 0) throw new ValidationError(Object.fromEntries(unknown.map((field) => [field, [UNKNOWN_FIELD]])));
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

const UNKNOWN_FIELD = 'Este campo no existe en esta solicitud; revisa su nombre.';

/** The object schema a (possibly optional, defaulted or transformed) schema checks, or undefined when it is none. */
function objectSchema(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = current._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType; catchall?: unknown; options?: z.ZodType[] };
    if (def.type === 'object') return def.catchall ? undefined : (current as z.ZodObject);
    // A union with one object among its options (a blank form value or an object, `blankAsAbsent`): that object.
    const objects = def.type === 'union' ? (def.options ?? []).map(objectSchema).filter((o) => o !== undefined) : [];
    if (objects.length === 1) return objects[0];
    const inner = def.type === 'pipe' ? def.in : def.type === 'optional' || def.type === 'nullable' || def.type === 'default' ? def.innerType : undefined;
    if (!inner) return undefined;
    current = inner;
  }
  return undefined;
}

/** The paths of `value`'s keys that its object schemas (nested ones too) do not declare. */
function unknownFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const object = objectSchema(schema);
  if (!object || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const shape = object.shape as Record<string, z.ZodType>;
  return Object.entries(value).flatMap(([key, child]) => {
    const at = path ? `${path}.${key}` : key;
    return Object.hasOwn(shape, key) ? unknownFields(shape[key], child, at) : [at];
  });
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
