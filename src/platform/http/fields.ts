import { z } from 'zod';
import { parseChileanPhone } from '../chile/phone';
import { canonicalId } from './params';
import { normalizeRut } from '../chile/rut';

/**
 * Field schemas shared by the forms of the API, with their Spanish messages. Text fields are
 * trimmed and bounded; markup is refused where no one should ever need it (names, titles).
 */
const NO_MARKUP = /^[^<>{}]*$/;

export const emailField = z
  .string({ message: 'Ingresa tu correo electrónico.' })
  .trim()
  .toLowerCase()
  .max(254, 'El correo es demasiado largo.')
  .pipe(z.email({ message: 'Ingresa un correo electrónico válido.' }));

export function textField(label: string, max: number) {
  return z
    .string({ message: `Ingresa ${label}.` })
    .trim()
    .min(1, `Ingresa ${label}.`)
    .max(max, `Máximo ${max} caracteres.`)
    .regex(NO_MARKUP, 'No puede contener los caracteres < > { }.');
}

/** An optional text: empty strings (as forms send them) count as absent. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .regex(NO_MARKUP, 'No puede contener los caracteres < > { }.')
    .optional()
    .transform((v) => (v ? v : undefined));
}

export const personNameField = (label: string) => textField(label, 100);

/** A Chilean phone, stored as +56 9 1234 5678. */
export const phoneField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const phone = parseChileanPhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Ingresa un teléfono chileno válido, por ejemplo +56 9 1234 5678.' });
      return z.NEVER;
    }
    return phone.display;
  });

/** A Chilean RUT with a valid check digit, stored as 12345678-5. */
export const rutField = z
  .string({ message: 'Ingresa el RUT.' })
  .trim()
  .max(20, 'El RUT no es válido.')
  .transform((v, ctx) => {
    const rut = normalizeRut(v);
    if (!rut) {
      ctx.addIssue({ code: 'custom', message: 'El RUT no es válido; revisa el dígito verificador.' });
      return z.NEVER;
    }
    return rut;
  });

/** An id in a body: a JSON whole number, or its digits (form-encoded bodies carry numbers as text). */
export const idField = (label: string) => canonicalId(`Indica ${label}.`);

/** Paging fields of every `.../search` body. */
export const pagingFields = {
  currentPage: z.coerce.number().int().min(1, 'La página debe ser 1 o mayor.').max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100, 'Máximo 100 por página.').default(20),
};

/** An optional field where an empty value (as forms send it) counts as absent. */
export const blankAsAbsent = <S extends z.ZodType>(schema: S) => z.union([z.literal('').transform(() => undefined), schema]).optional();

/** An optional field where an empty value ('' from a form, null from JSON) clears what is stored. */
export const clearable = <S extends z.ZodType>(schema: S) => z.union([z.literal('').transform(() => null), z.null(), schema]).optional();

/** true/false from JSON, or "true"/"false"/"1"/"0" from a form. */
export const booleanField = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { message: 'Debe ser verdadero o falso.' });

/** Ordering fields of a `.../search` body: the columns a list may be ordered by, and the direction. */
export function orderingFields<C extends string>(columns: readonly [C, ...C[]]) {
  return {
    orderBy: blankAsAbsent(z.enum(columns, { message: `Ordena por ${columns.join(', ')}.` })),
    orderSort: blankAsAbsent(z.enum(['asc', 'desc'], { message: 'El orden es asc o desc.' })),
  };
}

/** Whole Chilean pesos. */
/**
 * An ISO date or date-time, as JSON or a form sends it, in years a person means (1900-2999):
 * PostgreSQL cannot store a year past 294276 and JavaScript one past 275760, and neither is a date anyone sets.
 */
export const dateTimeField = z.coerce
  .date({ message: 'Indica una fecha válida (AAAA-MM-DD o fecha y hora ISO).' })
  .refine((d) => d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2999, { message: 'Indica una fecha entre los años 1900 y 2999.' });

export const moneyField = z.coerce.number({ message: 'Debe ser un monto en pesos.' }).int('Va en pesos, sin decimales.').min(0, 'No puede ser negativo.').max(100_000_000, 'El monto es demasiado alto.');

/** A comma-separated form field as the list it stands for; a JSON list as it is. Both are then validated alike. */
const listOrCommaString = z.union([z.array(z.unknown()), z.string().transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))], { message: 'Debe ser una lista.' });

/** A list of ids, as JSON or as a comma-separated form field (every item checked either way). */
export const idList = (label: string, max = 100) => listOrCommaString.pipe(z.array(idField(label)).max(max, `Máximo ${max} elementos.`));

/** A list of short texts, as JSON or as a comma-separated form field (every item checked either way). */
export const textList = (max: number) =>
  listOrCommaString.pipe(z.array(z.string({ message: 'Debe ser un texto.' }).trim().min(1, 'No puede estar vacío.').max(200, 'Máximo 200 caracteres.')).max(max, `Máximo ${max} elementos.`));
