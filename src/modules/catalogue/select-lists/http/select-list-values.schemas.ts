import { z } from 'zod';
import { booleanField, idField, textField } from '../../../../platform/http/fields';

export const createSelectListValueBody = z.object({
  typeId: idField('la lista'),
  code: z.string({ message: 'Ingresa el código.' }).trim().regex(/^[A-Z0-9_]{1,60}$/, 'Usa mayúsculas, números y _.'),
  name: textField('el nombre', 200),
  sortOrder: z.coerce.number().int().min(0).max(10000).optional(),
  isActive: booleanField.optional(),
});

export const updateSelectListValueBody = createSelectListValueBody.partial();
