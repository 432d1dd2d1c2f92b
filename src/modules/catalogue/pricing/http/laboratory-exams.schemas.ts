import { z } from 'zod';
import { blankAsAbsent, booleanField, idField, pagingFields } from '../../../../platform/http/fields';

const priceField = z.coerce.number({ message: 'El precio debe ser un número.' }).int('El precio va en pesos, sin decimales.').min(1, 'El precio debe ser mayor que cero.').max(100_000_000, 'El precio es demasiado alto.');
const statusField = z.enum(['PENDING', 'AUTHORIZED', 'REJECTED'], { message: 'El estado debe ser AUTHORIZED o REJECTED.' });

export const searchLaboratoryExamsBody = z.object({ laboratoryId: blankAsAbsent(idField('el laboratorio')), examId: blankAsAbsent(idField('el examen')), status: blankAsAbsent(statusField), ...pagingFields });

export const offerLaboratoryExamBody = z.object({ laboratoryId: idField('el laboratorio'), examId: idField('el examen'), price: priceField });

/**
 * `POST /api/laboratory-exam/{id}` carries one task: a new price, a decision (`status`,
 * administrators) or withdrawing / offering again (`isActive`).
 */
export const changeLaboratoryExamBody = z
  .object({ price: priceField.optional(), status: statusField.exclude(['PENDING']).optional(), isActive: booleanField.optional() })
  .refine((body) => [body.price, body.status, body.isActive].filter((v) => v !== undefined).length === 1, {
    message: 'Envía un cambio a la vez: el precio, el estado o la vigencia.',
    path: ['price'],
  });
