import { z } from 'zod';
import { blankAsAbsent, booleanField, clearable, dateTimeField, idField, idList, moneyField, optionalText, orderingFields, pagingFields, textField } from '../../../../platform/http/fields';

const positiveMoney = moneyField.pipe(z.number().min(1, 'El precio debe ser mayor que cero.'));

const productFields = {
  code: z.string({ message: 'Ingresa el código.' }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{1,59}$/, 'El código lleva de 2 a 60 letras, dígitos o guiones (por ejemplo PACK-PREV-01).'),
  name: textField('el nombre', 200),
  description: clearable(optionalText(4000)),
  categoryId: clearable(idField('la categoría')),
  laboratoryId: idField('el laboratorio (sucursal)'),
  examIds: idList('los exámenes', 60).pipe(z.array(z.number()).min(1, 'Un paquete incluye al menos un examen.')),
  price: positiveMoney,
  netPrice: moneyField.optional(),
  offerPrice: clearable(positiveMoney),
  offerStartsAt: clearable(dateTimeField),
  offerEndsAt: clearable(dateTimeField),
  coverFileId: clearable(idField('la imagen de portada')),
  isNew: booleanField.optional(),
  isActive: booleanField.optional(),
};

export const createProductBody = z.object(productFields);
export const updateProductBody = z.object(productFields).partial();

export const searchProductsBody = z.object({
  term: blankAsAbsent(z.string().trim().max(100, 'Máximo 100 caracteres.')),
  categoryId: blankAsAbsent(idField('la categoría')),
  laboratoryId: blankAsAbsent(idField('el laboratorio')),
  list: blankAsAbsent(z.enum(['general', 'offers', 'new'], { message: 'La lista es general, offers o new.' })),
  status: blankAsAbsent(z.enum(['active', 'inactive', 'all'], { message: 'El estado es active, inactive o all.' })),
  ...orderingFields(['name', 'price', 'code', 'updatedAt']),
  ...pagingFields,
});

export type ProductFields = z.infer<typeof createProductBody>;
export type ProductChanges = z.infer<typeof updateProductBody>;
export type ProductFilter = z.infer<typeof searchProductsBody>;

export const coveringPackagesBody = z.object({
  examIds: idList('los exámenes', 50).pipe(z.array(z.number()).min(1, 'Indica al menos un examen.')),
  location: clearable(idField('la comuna')),
  nearLocations: booleanField.optional(),
  addedComunas: idList('las comunas', 50).optional(),
  locationFk: clearable(idField('la región')),
});
