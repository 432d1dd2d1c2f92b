import { z } from 'zod';
import { SAMPLE_KINDS } from '../../../../contracts/preparation';
import { blankAsAbsent, booleanField, clearable, idField, moneyField, optionalText, orderingFields, pagingFields, textField, textList } from '../../../../platform/http/fields';

/** FONASA values at levels 1 to 3; an empty value is "none". */
const levelValues = z
  .union([z.array(z.unknown()), z.string().transform((s) => s.split(',').map((v) => v.trim()))], { message: 'Indica los valores de los niveles 1 a 3.' })
  // A comma-separated form field is checked like a JSON list: every value is a whole, non-negative amount.
  .pipe(z.array(z.union([z.literal('').transform(() => null), z.null(), moneyField])).max(3, 'Son tres niveles: 1, 2 y 3.'));

const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM.');
/** What the patient must do (issue 30): any part of it; texts are shown to patients as written. */
const preparation = z
  .object({
    sampleKind: z.enum(SAMPLE_KINDS, { message: 'La muestra es VENOUS, CAPILLARY, URINE, STOOL, SWAB, OTHER o INCLUDED.' }),
    fastingHours: z.coerce.number({ message: 'Las horas de ayuno son un número.' }).int('Van sin decimales.').min(0, 'Van de 0 a 24.').max(24, 'Van de 0 a 24.'),
    firstMorningUrine: booleanField,
    collection24h: booleanField,
    restMinutes: z.coerce.number({ message: 'Los minutos de reposo son un número.' }).int('Van sin decimales.').min(0, 'Van de 0 a 240.').max(240, 'Van de 0 a 240.'),
    morningBefore: clearable(hour),
    medicines: clearable(optionalText(300)),
    note: clearable(optionalText(300)),
  })
  .partial();

export const createExamBody = z.object({
  code: z.string({ message: 'Ingresa el código FONASA.' }).trim().regex(/^\d{7}$/, 'El código FONASA tiene 7 dígitos.'),
  name: textField('el nombre', 500),
  typeExamId: idField('el tipo de examen'),
  description: clearable(optionalText(2000)),
  categoryId: clearable(idField('la categoría')),
  fonasaPrices: levelValues.optional(),
  fonasaCopays: levelValues.optional(),
  synonyms: textList(50).optional(),
  commonness: z.coerce
    .number({ message: 'Indica qué tan común es, de 0 a 100.' })
    .int('Va sin decimales, de 0 a 100.')
    .min(0, 'Va de 0 a 100.')
    .max(100, 'Va de 0 a 100.')
    .optional(),
  preparation: preparation.optional(),
});

export const updateExamBody = createExamBody.partial();

export const searchExamsBody = z.object({
  term: z.string().max(100, 'Máximo 100 caracteres.').optional(),
  typeExamId: blankAsAbsent(idField('el tipo de examen')),
  status: blankAsAbsent(z.enum(['active', 'retired', 'all'], { message: 'El estado es active, retired o all.' })),
  ...orderingFields(['code', 'name', 'type']),
  ...pagingFields,
});

/** A pasted medical order: 64 kB of text at most (a whole order is a few hundred bytes). */
export const ORDER_TEXT_MAX_BYTES = 64 * 1024;

export const readOrderBody = z.strictObject({
  text: z
    .string({ message: 'Pega el texto de tu orden médica.' })
    .refine((text) => Buffer.byteLength(text, 'utf8') <= ORDER_TEXT_MAX_BYTES, 'La orden supera los 64 kB de texto; pega solo la lista de exámenes.')
    .refine((text) => text.trim() !== '', 'Pega el texto de tu orden médica.'),
});

export const orderChoiceBody = z.strictObject({
  text: textField('la línea de la orden', 200),
  examId: idField('el examen'),
});
