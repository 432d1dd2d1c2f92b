import { z } from 'zod';
import type { PersonStatus } from '../../../contracts/persons';
import { PROFILE_CODES } from '../../../platform/auth/access-policy';
import { blankAsAbsent, emailField, idField, optionalText, orderingFields, pagingFields, personNameField, phoneField, rutField } from '../../../platform/http/fields';

export const searchPersonsBody = z.object({
  fullName: optionalText(200),
  profileCode: blankAsAbsent(z.enum(PROFILE_CODES, { message: 'El perfil debe ser ADM, PRV o USR.' })),
  companyId: blankAsAbsent(idField('la empresa')),
  status: blankAsAbsent(z.enum(['active', 'inactive', 'any'] as const satisfies PersonStatus[], { message: 'El estado debe ser active, inactive o any.' })),
  ...orderingFields(['name', 'createdAt', 'lastLoginAt']),
  ...pagingFields,
});

export const createPersonBody = z.object({
  firstName: personNameField('el nombre'),
  lastName: personNameField('el apellido'),
  email: emailField,
  phone: phoneField,
  rut: blankAsAbsent(rutField),
  profileCode: z.enum(PROFILE_CODES, { message: 'El perfil debe ser ADM, PRV o USR.' }),
  companyId: blankAsAbsent(idField('la empresa')),
});

/** Fields left out stay as they are; an empty phone or RUT clears it. */
export const updatePersonBody = z.object({
  firstName: personNameField('el nombre').optional(),
  lastName: personNameField('el apellido').optional(),
  phone: z.union([z.literal('').transform(() => null), phoneField]).optional(),
  rut: z.union([z.literal('').transform(() => null), rutField]).optional(),
  // What fills the patient's search (issue 19); empty or null clears it.
  insurerId: z.union([z.literal('').transform(() => null), z.null(), idField('la previsión')]).optional(),
  coveragePercentage: z
    .union([z.literal('').transform(() => null), z.null(), z.coerce.number({ message: 'La cobertura debe ser un número.' }).int('La cobertura es un número entero.').min(0, 'La cobertura va de 0 a 100.').max(100, 'La cobertura va de 0 a 100.')])
    .optional(),
  coverageCapUf: z
    .union([z.literal('').transform(() => null), z.null(), z.coerce.number({ message: 'El tope debe ser un número.' }).positive('El tope debe ser mayor que cero.').max(100, 'El tope máximo es 100 UF.').multipleOf(0.01, 'El tope va con hasta dos decimales.')])
    .optional(),
  comunaId: z.union([z.literal('').transform(() => null), z.null(), idField('la comuna')]).optional(),
});
