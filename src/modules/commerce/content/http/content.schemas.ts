import { z } from 'zod';
import { blankAsAbsent, booleanField, clearable, dateTimeField, idField, optionalText, orderingFields, pagingFields, textField } from '../../../../platform/http/fields';

/** A site path (`/paquete/3`, never `//host`) or an https address: nothing that runs script. */
export const linkField = z
  .string()
  .trim()
  .max(500, 'Máximo 500 caracteres.')
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), { message: 'El enlace es una ruta del sitio (/paquete/3) o una dirección https://.' });


const slotFields = {
  title: textField('el título', 200),
  subtitle: clearable(optionalText(300)),
  link: clearable(linkField),
  imageFileId: clearable(idField('la imagen')),
  sortOrder: z.coerce.number({ message: 'El orden es un número.' }).int('El orden es un número entero.').min(0, 'El orden no puede ser negativo.').max(10_000, 'El orden es 10.000 como máximo.').optional(),
  isActive: booleanField.optional(),
  startsAt: clearable(dateTimeField),
  endsAt: clearable(dateTimeField),
};

const periodIsOrdered = (v: { startsAt?: Date | null; endsAt?: Date | null }) => !v.startsAt || !v.endsAt || v.startsAt < v.endsAt;
const periodMessage = { message: 'El término debe ser posterior al inicio.', path: ['endsAt'] };

export const createSlotBody = z.object(slotFields).refine(periodIsOrdered, periodMessage);
export const updateSlotBody = z.object(slotFields).partial().refine(periodIsOrdered, periodMessage);

export const searchSlotsBody = z.object({
  term: blankAsAbsent(z.string().trim().max(100, 'Máximo 100 caracteres.')),
  status: blankAsAbsent(z.enum(['live', 'inactive', 'all'], { message: 'El estado es live, inactive o all.' })),
  ...orderingFields(['sortOrder', 'title', 'startsAt']),
  ...pagingFields,
});

export type SlotInput = z.infer<typeof createSlotBody>;
export type SlotChanges = z.infer<typeof updateSlotBody>;
