import { z } from 'zod';
import { canonicalId, MAX_ID } from '../../../platform/http/params';
import { ORDER_BY } from '../search-index';

/**
 * The spec's search filter (§3) as the client sends it, form-encoded or JSON. References come as
 * an id or as an object with an id (`location: {id}`), lists as arrays or comma-separated text.
 */
const id = canonicalId('Debe ser un número entero mayor que cero, escrito con dígitos.');
const ref = z.union([id, z.object({ id }).transform((o) => o.id)]);
const blank = z.union([z.literal(''), z.null()]).transform(() => undefined);
const optionalRef = z.union([blank, ref]).optional();
const refList = (max: number, label: string) =>
  z
    .union([z.array(ref), z.string().transform((s, ctx) => {
      const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
      if (parts.some((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: `La lista de ${label} no es válida.` });
        return z.NEVER;
      }
      return parts.map(Number);
    })])
    .optional()
    .transform((v) => [...new Set(v ?? [])])
    .refine((v) => v.length <= max, `Máximo ${max} ${label}.`);

export const QUOTE_PAGE_SIZE = 10;

export const quoteRequestSchema = z.object({
  type: z.string().max(40).optional(),
  exams: refList(30, 'exámenes'),
  typeExamId: optionalRef,
  location: optionalRef,
  locationFk: optionalRef,
  nearLocations: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true'), refList(400, 'comunas cercanas')]).optional(),
  pensionHealtInstitutionId: optionalRef,
  coveragePercentage: z.union([blank, z.coerce.number({ message: 'La cobertura debe ser un número.' }).min(0, 'La cobertura va de 0 a 100.').max(100, 'La cobertura va de 0 a 100.')]).optional(),
  /** The Isapre plan's cap per exam (issue 30), in UF (turned into pesos with the latest UF value) or in pesos. */
  coverageCapUf: z.union([blank, z.coerce.number({ message: 'El tope debe ser un número.' }).positive('El tope debe ser mayor que cero.').max(100, 'El tope máximo es 100 UF.')]).optional(),
  coverageCapPesos: z.union([blank, z.coerce.number({ message: 'El tope debe ser un número.' }).int('El tope va en pesos, sin decimales.').positive('El tope debe ser mayor que cero.').max(10_000_000, 'El tope máximo es $10.000.000.')]).optional(),
  laboratoryName: z.string().trim().max(200, 'Máximo 200 caracteres.').optional().transform((v) => v || undefined),
  laboratoryId: optionalRef,
  addressLine1: z.string().max(300).optional(),
  attributesValues: refList(50, 'atributos'),
  /** Collection at the patient's home in `location` (the address's `domicilio=1`): its fee joins the quote. */
  homeCollection: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional(),
  /** The exams are for a child: a branch's pediatric sample taking is quoted where it charges one (issue 30). */
  pediatric: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional(),
  orderBy: z.union([blank, z.enum(ORDER_BY, { message: 'Ordena por identifierName, total, copay, distance o toPay.' })]).optional().transform((v) => v ?? 'identifierName'),
  orderSort: z.union([blank, z.enum(['asc', 'desc'], { message: 'El orden debe ser asc o desc.' })]).optional().transform((v) => v ?? 'asc'),
  currentPage: z.union([blank, z.coerce.number().int().min(1, 'La página debe ser 1 o mayor.').max(10000)]).optional().transform((v) => v ?? 1),
  perPage: z.union([blank, z.coerce.number().int().min(1).max(50, 'Máximo 50 por página.')]).optional().transform((v) => v ?? QUOTE_PAGE_SIZE),
  personId: z.unknown().optional(),
  /** The browser session (seconds since epoch), for the search history. */
  session: z.union([blank, z.coerce.number().int().min(0).max(99999999999)]).optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
