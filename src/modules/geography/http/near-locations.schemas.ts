import { z } from 'zod';
import { blankAsAbsent, clearable, idField, pagingFields } from '../../../platform/http/fields';

export const addNearLocationBody = z.object({
  locationId: idField('la comuna'),
  nearLocationId: idField('la comuna cercana'),
  distanceKm: clearable(z.coerce.number().min(0).max(5000)),
});

export const updateNearLocationBody = addNearLocationBody.partial();

export const searchNearLocationsBody = z.object({ locationId: blankAsAbsent(idField('la comuna')), ...pagingFields });
