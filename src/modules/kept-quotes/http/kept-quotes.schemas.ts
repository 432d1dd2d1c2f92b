import { z } from 'zod';
import { clearable, idField, idList } from '../../../platform/http/fields';

/** What a kept quote is asked with: the order, its laboratory and the previsión it was quoted with. */
export const keepQuoteBody = z.object({
  exams: idList('el examen', 30).refine((ids) => ids.length > 0, 'Indica los exámenes de tu orden.'),
  laboratoryId: idField('el laboratorio'),
  pensionHealtInstitutionId: clearable(idField('la previsión')),
  coveragePercentage: clearable(z.coerce.number({ message: 'La cobertura debe ser un número.' }).int('La cobertura es un número entero.').min(0, 'La cobertura va de 0 a 100.').max(100, 'La cobertura va de 0 a 100.')),
  coverageCapUf: clearable(z.coerce.number({ message: 'El tope debe ser un número.' }).positive('El tope debe ser mayor que cero.').max(100, 'El tope máximo es 100 UF.')),
  pediatric: z.boolean().optional(),
  // The order's words for its exams, as the patient typed them: short, and only for the order's exams.
  typed: z.record(z.string().regex(/^\d{1,10}$/), z.string().trim().max(80, 'Máximo 80 caracteres.')).optional(),
});
