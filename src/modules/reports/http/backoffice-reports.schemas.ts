import { z } from 'zod';
import { pagingFields } from '../../../platform/http/fields';

/** `POST /api/audit/search`: the timeline of one entity (`LaboratoryExam` 12). */
export const searchAuditBody = z.object({
  entityType: z.string({ message: 'Indica el tipo de registro.' }).trim().regex(/^[A-Za-z]{2,60}$/, 'El tipo de registro no es válido.'),
  entityId: z.union([z.string(), z.number()], { message: 'Indica el registro.' }).transform(String).pipe(z.string().trim().min(1, 'Indica el registro.').max(60, 'El registro no es válido.')),
  ...pagingFields,
});
