import { z } from 'zod';
import { addYears, chileDay, isCalendarDay } from '../../../../platform/chile/calendar';
import { orderingFields, pagingFields } from '../../../../platform/http/fields';

/** The UF exists since 1967; the back office keeps it from 2000, the oldest an order could still be quoted with. */
const FIRST_DAY = '2000-01-01';

/** A day from 2000 to a year from today in Chile, 'YYYY-MM-DD': one message, the first that applies. */
const validOnField = z.string({ message: 'Indica la fecha desde la que vale (AAAA-MM-DD).' }).trim().superRefine((day, ctx) => {
  const last = addYears(chileDay(), 1);
  const message = !/^\d{4}-\d{2}-\d{2}$/.test(day)
    ? 'Indica la fecha como AAAA-MM-DD, por ejemplo 2026-12-01.'
    : !isCalendarDay(day)
      ? 'Esa fecha no existe.'
      : day < FIRST_DAY
        ? 'La fecha no puede ser anterior al 01-01-2000.'
        : day > last
          ? `La fecha puede ser como máximo un año adelante (${last.split('-').reverse().join('-')}).`
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * Pesos with at most 2 decimals, as the Banco Central publishes it (39.512,34), above 0 and below
 * 1.000.000 (the column's NUMERIC(10,2) and its CHECK). A form sends it as text ("39512.34").
 */
const valueField = z.coerce.number({ message: 'Indica el valor de la UF en pesos, por ejemplo 39512.34.' }).superRefine((value, ctx) => {
  const message = !Number.isFinite(value)
    ? 'Indica el valor de la UF en pesos, por ejemplo 39512.34.'
    : value <= 0
      ? 'El valor de la UF debe ser mayor que cero.'
      : value >= 1_000_000
        ? 'El valor de la UF debe ser menor que $1.000.000.'
        : Math.abs(value * 100 - Math.round(value * 100)) > 1e-6
          ? 'El valor lleva como máximo 2 decimales.'
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const createUfValueBody = z.object({ validOn: validOnField, value: valueField });
export const updateUfValueBody = createUfValueBody.partial();

export const searchUfValuesBody = z.object({
  ...orderingFields(['validOn']),
  ...pagingFields,
});

export type UfValueFields = z.infer<typeof createUfValueBody>;
export type UfValueChanges = z.infer<typeof updateUfValueBody>;
export type UfValueFilter = z.infer<typeof searchUfValuesBody>;
