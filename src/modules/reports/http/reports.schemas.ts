import { z } from 'zod';
import { blankAsAbsent, idField, orderingFields, pagingFields } from '../../../platform/http/fields';
import { addDays } from '../domain/period';

const day = z.string({ message: 'Indica la fecha (AAAA-MM-DD).' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha va como AAAA-MM-DD.').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'La fecha no existe.');

/** The longest custom period: a rollup year and a bit (as long as raw rows are kept by default). */
const MAX_DAYS = 400;

/** Period and region of every report. */
const reportFields = {
  preset: z.enum(['today', '7d', '30d', 'custom'], { message: 'El período es today, 7d, 30d o custom.' }).default('30d'),
  from: blankAsAbsent(day),
  to: blankAsAbsent(day),
  regionId: blankAsAbsent(idField('la región')),
};

type Period = { preset: string; from?: string; to?: string };
const checkPeriod = (value: Period, ctx: z.RefinementCtx) => {
  if (value.preset !== 'custom') return;
  if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Indica desde qué día.' });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Indica hasta qué día.' });
  if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha final es anterior a la inicial.' });
  if (value.from && value.to && addDays(value.from, MAX_DAYS) <= value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: `El período no puede superar ${MAX_DAYS} días.` });
};

export const reportBody = z.object(reportFields).superRefine(checkPeriod);

const historyFields = {
  ...reportFields,
  examId: blankAsAbsent(idField('el examen')),
  comunaId: blankAsAbsent(idField('la comuna')),
  insurerId: blankAsAbsent(idField('la previsión')),
  outcome: blankAsAbsent(z.enum(['NONE', 'INCOMPLETE', 'COMPLETE'], { message: 'El resultado es NONE, INCOMPLETE o COMPLETE.' })),
  personId: blankAsAbsent(idField('la persona')),
  session: blankAsAbsent(z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{1,11}$/, 'La sesión no es válida.'))),
  ...orderingFields(['createdAt', 'resultCount', 'tookMs'] as const),
};

export const searchHistoryBody = z.object({ ...historyFields, ...pagingFields }).superRefine(checkPeriod);

export const exportBody = z.object({ ...historyFields, format: z.enum(['csv', 'xlsx'], { message: 'El formato es csv o xlsx.' }).default('csv') }).superRefine(checkPeriod);

export const laboratoryReportBody = z.object({ ...reportFields, laboratoryId: blankAsAbsent(idField('el laboratorio')) }).superRefine(checkPeriod);

export const unmetDemandBody = z.object({ ...reportFields, comunaId: blankAsAbsent(idField('la comuna')), ...pagingFields }).superRefine(checkPeriod);

export type ReportBody = z.infer<typeof reportBody>;
export type SearchHistoryBody = z.infer<typeof searchHistoryBody>;
export type ExportBody = z.infer<typeof exportBody>;
