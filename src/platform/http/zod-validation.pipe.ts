import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './app-error';

/**
 * Validates and converts a request part (body, params, query) with a zod schema. Schemas carry
 * their Spanish messages; anything invalid answers 400 with per-field `errors`. A body field the
 * schema does not declare is refused too, by name: zod would drop it, and a misspelt field
 * (`examIds` for `exams`) would be answered as if it had not been sent (issue 27).
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<S> {
    const unfit = unfitField(value);
    if (unfit) throw new ValidationError({ [unfit.path || (metadata?.data ?? '_')]: [unfit.message] });
    // Query strings and path parameters keep ignoring extras: a shared link may carry tracking parameters.
    const unknown = metadata?.type === 'body' ? unknownFields(this.schema, value) : [];
    if (unknown.length > 0) throw new ValidationError(Object.fromEntries(unknown.slice(0, MAX_UNKNOWN_REPORTED).map((field) => [field, [UNKNOWN_FIELD]])));
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

export const UNKNOWN_FIELD = 'Este campo no existe en esta solicitud; revisa su nombre.';
/** Enough to fix a request by; a body of 100,000 made-up keys must not get an answer of 100,000 messages. */
const MAX_UNKNOWN_REPORTED = 20;

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  options?: z.ZodType[];
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The definition a schema checks its input with, past optional, default, lazy and the input side of a pipe (a transform). */
function definition(schema: z.ZodType): SchemaDef {
  let def = schema._zod.def as SchemaDef;
  // Wrappers nest a few deep at most; the bound only keeps a pathological lazy from looping.
  for (let unwrapped = 0; unwrapped < 16; unwrapped++) {
    const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : undefined;
    if (!inner) break;
    def = inner._zod.def as SchemaDef;
  }
  return def;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The paths (`filter.comuna`, `fonasaPrices.0.price`: zod's own) of the fields of `value` that its
 * schema does not declare, through nested objects, arrays and unions. An object with a catchall
 * (`.loose()`, `.catchall()`) and a record's keys take any name; `.strict()` ones are checked here
 * too, so their refusal names the field in Spanish. Anything the schema does not shape (a value of
 * the wrong kind, a transform's input) is left to the schema itself.
 */
function unknownFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = definition(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape ?? {};
      const open = def.catchall !== undefined && def.catchall._zod.def.type !== 'never';
      return Object.entries(value).flatMap(([key, child]) => (Object.hasOwn(shape, key) ? unknownFields(shape[key], child, at(key)) : open ? [] : [at(key)]));
    }
    case 'record':
      return isRecord(value) && def.valueType ? Object.entries(value).flatMap(([key, child]) => unknownFields(def.valueType!, child, at(key))) : [];
    case 'array':
      return Array.isArray(value) && def.element ? value.flatMap((item, index) => unknownFields(def.element!, item, at(index))) : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((item, index) => {
            const itemSchema = def.items?.[index] ?? def.rest;
            return itemSchema ? unknownFields(itemSchema, item, at(index)) : [];
          })
        : [];
    case 'union': {
      // The option that fits the value best: a body one option fully declares has no unknown field.
      const shaped = (def.options ?? []).filter((option) => fitsKind(option, value));
      let fewest: string[] | undefined;
      for (const option of shaped) {
        const unknown = unknownFields(option, value, path);
        if (unknown.length === 0) return [];
        if (!fewest || unknown.length < fewest.length) fewest = unknown;
      }
      return fewest ?? [];
    }
    default:
      return [];
  }
}

/** Whether a union's option shapes a value of this kind (an object for an object, a list for a list). */
function fitsKind(option: z.ZodType, value: unknown): boolean {
  const { type, options } = definition(option);
  // An option taking anything takes the body as it is: nothing in it is unknown.
  if (type === 'any' || type === 'unknown') return true;
  if (type === 'union') return (options ?? []).some((inner) => fitsKind(inner, value));
  if (Array.isArray(value)) return type === 'array' || type === 'tuple';
  if (isRecord(value)) return type === 'object' || type === 'record';
  return false;
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
