import { z } from 'zod';
import { booleanField, optionalText, orderingFields, pagingFields, textField, textList } from '../../../../platform/http/fields';

const sortOrderField = z.coerce.number().int().min(0).max(10000);

export const createSelectListTypeBody = z.object({
  code: z.string({ message: 'Ingresa el código.' }).trim().regex(/^[A-Z0-9_]{2,60}$/, 'Usa mayúsculas, números y _ (2 a 60).'),
  name: textField('el nombre', 120),
  sortOrder: sortOrderField.optional(),
  isvisible: booleanField.optional(),
  ispublic: booleanField.optional(),
  isfilter: booleanField.optional(),
});

export const updateSelectListTypeBody = createSelectListTypeBody.partial();

export const searchSelectListTypesBody = z.object({ name: optionalText(120), ...orderingFields(['name', 'code', 'sortOrder']), ...pagingFields });

export const selectListTypesByCodeBody = z.object({ codes: textList(50), ...pagingFields });

export const selectListFlagBody = z.object({ value: booleanField });
