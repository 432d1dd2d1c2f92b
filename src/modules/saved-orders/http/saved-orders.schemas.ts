import { z } from 'zod';
import { idField, idList, pagingFields } from '../../../platform/http/fields';

const clearable = <S extends z.ZodType>(schema: S) => z.union([z.literal('').transform(() => null), z.null(), schema]).optional();

/** The order of a quote, with the names /buscador sends (spec §3). */
export const saveOrderBody = z.object({
  exams: idList('el examen', 30).refine((ids) => ids.length > 0, 'Agrega al menos un examen.'),
  location: clearable(idField('la comuna')),
  nearLocations: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  pensionHealtInstitutionId: clearable(idField('la previsión')),
  coveragePercentage: clearable(z.coerce.number({ message: 'La cobertura debe ser un número.' }).min(0, 'La cobertura va de 0 a 100.').max(100, 'La cobertura va de 0 a 100.')),
});

export const listSavedOrdersBody = z.object({ ...pagingFields });
