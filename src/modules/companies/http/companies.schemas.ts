import { z } from 'zod';
import { blankAsAbsent, clearable, emailField, idField, optionalText, orderingFields, pagingFields, phoneField, rutField, textField } from '../../../platform/http/fields';

export const COMPANY_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const COMPANY_ORDER = ['tradeName', 'rut', 'status', 'createdAt'] as const;

export const searchCompaniesBody = z.object({
  name: optionalText(200),
  rut: blankAsAbsent(rutField),
  status: blankAsAbsent(z.enum(COMPANY_STATUSES, { message: 'El estado debe ser PENDING, APPROVED o REJECTED.' })),
  ...orderingFields(COMPANY_ORDER),
  ...pagingFields,
});

/** An empty optional field clears what is stored. */
export const createCompanyBody = z.object({
  rut: rutField,
  legalName: textField('la razón social', 200),
  tradeName: textField('el nombre de fantasía', 200),
  email: clearable(emailField),
  phone: clearable(phoneField),
  website: clearable(z.url({ protocol: /^https?$/, message: 'Ingresa una dirección web válida (https://...).' }).max(300)),
  addressLine: clearable(optionalText(300)),
  comunaId: clearable(idField('la comuna')),
});

/** Fields left out stay as they are. */
export const updateCompanyBody = createCompanyBody.partial();

/** The reason is mailed to the company's users and shown to them in the back office. */
export const rejectCompanyBody = z.object({
  reason: z
    .string({ message: 'Indica el motivo del rechazo.' })
    .trim()
    .min(5, 'El motivo debe tener al menos 5 caracteres.')
    .max(500, 'Máximo 500 caracteres.')
    .regex(/^[^<>{}]*$/, 'No puede contener los caracteres < > { }.'),
});
