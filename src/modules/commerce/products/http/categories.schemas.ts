import { z } from 'zod';
import { blankAsAbsent, booleanField, clearable, idField, optionalText, orderingFields, pagingFields, textField } from '../../../../platform/http/fields';

const categoryFields = {
  name: textField('el nombre', 120),
  description: clearable(optionalText(1000)),
  parentId: clearable(idField('la categoría superior')),
  coverFileId: clearable(idField('la imagen')),
  sortOrder: z.coerce.number({ message: 'El orden es un número.' }).int('El orden es un número entero.').min(0, 'El orden no puede ser negativo.').max(10_000, 'El orden es 10.000 como máximo.').optional(),
  isActive: booleanField.optional(),
};

export const createCategoryBody = z.object(categoryFields);
export const updateCategoryBody = z.object(categoryFields).partial();

export const searchCategoriesBody = z.object({
  term: blankAsAbsent(z.string().trim().max(100, 'Máximo 100 caracteres.')),
  status: blankAsAbsent(z.enum(['active', 'inactive', 'all'], { message: 'El estado es active, inactive o all.' })),
  ...orderingFields(['sortOrder', 'name']),
  ...pagingFields,
});

export type CategoryFields = z.infer<typeof createCategoryBody>;
export type CategoryChanges = z.infer<typeof updateCategoryBody>;
