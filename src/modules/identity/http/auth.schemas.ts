import { z } from 'zod';
import { emailField, idField, optionalText, personNameField, phoneField, rutField, textField } from '../../../platform/http/fields';
import { newPasswordField, passwordField } from '../../../platform/security/password-policy';

export const signInBody = z.object({ email: emailField, password: passwordField });

const accountFields = {
  firstName: personNameField('tu nombre'),
  lastName: personNameField('tu apellido'),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
};

export const signUpBody = z.object(accountFields);

export const signUpProviderBody = z.object({
  ...accountFields,
  rut: rutField,
  legalName: textField('la razón social', 200),
  tradeName: textField('el nombre de fantasía', 200),
  companyEmail: emailField.optional().or(z.literal('').transform(() => undefined)),
  companyPhone: phoneField,
  addressLine: optionalText(300),
  comunaId: idField('la comuna').optional().or(z.literal('').transform(() => undefined)),
});

export const adminSignUpBody = z.object({ ...accountFields, rut: rutField.optional().or(z.literal('').transform(() => undefined)) });

export const resetPasswordBody = z.object({
  token: z.string({ message: 'Falta el token del enlace.' }).min(20, 'El enlace no es válido.').max(200, 'El enlace no es válido.'),
  password: newPasswordField,
});

export const changePasswordBody = z.object({ currentPassword: passwordField, newPassword: newPasswordField });

export const updatePasswordBody = z.object({ personId: idField('la persona'), password: newPasswordField });

export const validPhoneBody = z.object({ phone: z.string({ message: 'Ingresa un teléfono.' }).trim().min(1, 'Ingresa un teléfono.').max(40, 'El teléfono no es válido.') });

export const contactBody = z.object({
  name: textField('tu nombre', 200),
  email: emailField,
  phone: phoneField,
  subject: optionalText(200),
  message: z.string({ message: 'Escribe tu mensaje.' }).trim().min(1, 'Escribe tu mensaje.').max(5000, 'Máximo 5000 caracteres.'),
});
