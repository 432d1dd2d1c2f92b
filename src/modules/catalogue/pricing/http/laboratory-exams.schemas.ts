import { z } from 'zod';
import { blankAsAbsent, booleanField, idField, idList, optionalText, orderingFields, pagingFields } from '../../../../platform/http/fields';
import type { DecisionTarget } from '../commands/decide-laboratory-exams/decide-laboratory-exams.command';

const priceField = z.coerce.number({ message: 'El precio debe ser un número.' }).int('El precio va en pesos, sin decimales.').min(1, 'El precio debe ser mayor que cero.').max(100_000_000, 'El precio es demasiado alto.');
/** Why an administrator rejects a price: the provider reads it. */
const reasonField = z.string({ message: 'Indica el motivo del rechazo.' }).trim().min(5, 'El motivo debe tener al menos 5 caracteres.').max(500, 'Máximo 500 caracteres.');
const bulkIds = idList('el precio', 500).refine((ids) => ids.length > 0, 'Selecciona al menos un precio.').transform((ids) => [...new Set(ids)]);
const statusField = z.enum(['PENDING', 'AUTHORIZED', 'REJECTED'], { message: 'El estado debe ser AUTHORIZED o REJECTED.' });

export const searchLaboratoryExamsBody = z.object({
  laboratoryId: blankAsAbsent(idField('el laboratorio')), examId: blankAsAbsent(idField('el examen')), status: blankAsAbsent(statusField),
  // The prices tab of a branch: its exams by code or name, withdrawn ones too, in the order a person picks.
  term: optionalText(100), isActive: blankAsAbsent(booleanField), ...orderingFields(['code', 'name', 'price', 'status', 'updatedAt', 'laboratory', 'exam']),
  // The authorization queue: by company, comuna, and how far the price is from the FONASA level-1 value
  // (`far`: 3× or more above or below; `extreme`: 10×).
  companyId: blankAsAbsent(idField('la empresa')), comunaId: blankAsAbsent(idField('la comuna')),
  deviation: blankAsAbsent(z.enum(['far', 'extreme'], { message: 'La desviación es far o extreme.' })),
  ...pagingFields,
});

/** `POST /api/laboratory-exam/copy`: offers the prices of one branch at another of the same company. */
export const copyPriceListBody = z.object({ fromLaboratoryId: idField('la sucursal de origen'), toLaboratoryId: idField('la sucursal de destino') });

export const confirmPriceListBody = z.object({ laboratoryId: idField('la sucursal') });

export const offerLaboratoryExamBody = z.object({ laboratoryId: idField('el laboratorio'), examId: idField('el examen'), price: priceField });

/**
 * `POST /api/laboratory-exam/{id}` carries one task: a new price, a decision (`status`,
 * administrators) or withdrawing / offering again (`isActive`).
 */
export const changeLaboratoryExamBody = z
  .object({ price: priceField.optional(), status: statusField.exclude(['PENDING']).optional(), isActive: booleanField.optional(), reason: reasonField.optional() })
  .refine((body) => [body.price, body.status, body.isActive].filter((v) => v !== undefined).length === 1, {
    message: 'Envía un cambio a la vez: el precio, el estado o la vigencia.',
    path: ['price'],
  })
  .refine((body) => body.status !== 'REJECTED' || body.reason !== undefined, { message: 'Indica el motivo del rechazo.', path: ['reason'] });

/** The queue's filter, without paging or order: "every price matching it". */
const matchingFilter = searchLaboratoryExamsBody.omit({ orderBy: true, orderSort: true, currentPage: true, perPage: true });

/**
 * Which offers a bulk decision takes: `ids` (up to 500 selected), or every one `matching` the queue's filter (up to
 * 5.000), as many as `expectedCount` says the person was shown.
 */
const decisionTarget = {
  ids: bulkIds.optional(),
  matching: matchingFilter.optional(),
  expectedCount: z.number({ message: 'Indica cuántos precios viste.' }).int().min(1).max(100_000).optional(),
};
const oneTarget = <T extends { ids?: number[]; matching?: object; expectedCount?: number }>(body: T, ctx: z.RefinementCtx) => {
  if ((body.ids === undefined) === (body.matching === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Selecciona los precios, o elige todos los que coinciden con el filtro.' });
  if (body.matching !== undefined && body.expectedCount === undefined) ctx.addIssue({ code: 'custom', path: ['expectedCount'], message: 'Indica cuántos precios viste.' });
};
const toTarget = ({ ids, matching, expectedCount }: { ids?: number[]; matching?: z.infer<typeof matchingFilter>; expectedCount?: number }): DecisionTarget =>
  ids !== undefined ? { ids } : { matching: matching!, expectedCount: expectedCount! };

/** `POST /api/laboratory-exam/authorize` (administrators). */
export const authorizeLaboratoryExamsBody = z.object(decisionTarget).superRefine(oneTarget).transform((body) => ({ target: toTarget(body) }));

/** `POST /api/laboratory-exam/reject`: one reason for all (administrators). */
export const rejectLaboratoryExamsBody = z.object({ ...decisionTarget, reason: reasonField }).superRefine(oneTarget).transform((body) => ({ target: toTarget(body), reason: body.reason }));
