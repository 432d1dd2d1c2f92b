import { formatRut as formatTypedRut } from '../../../app/format';
import type { AdministratorInput, FieldErrors, NewPersonInput, Person, PersonChanges, ProfileCode } from '@contracts';

export const PROFILE_LABELS: Record<ProfileCode, string> = { ADM: 'Administrador', PRV: 'Proveedor', USR: 'Paciente' };
export const PROFILE_OPTIONS = (Object.keys(PROFILE_LABELS) as ProfileCode[]).map((code) => ({ label: PROFILE_LABELS[code], value: code }));

/** "12.345.678-5", as Chileans write a RUT (the API keeps "12345678-5"). */
export const formatRut = (rut: string | null | undefined) => (rut ? formatTypedRut(rut) : '');

/** "+56 9 1234 5678" for a mobile, "+56 2 2345 6789" for a Santiago landline; other shapes as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '').replace(/^56/, '');
  if (digits.length === 9) return `+56 ${digits[0]} ${digits.slice(1, 5)} ${digits.slice(5)}`;
  return phone;
}

export { formatDate, formatDateTime } from '../../../app/format';

/** What the status column says: an invited person who never signed in is still pending. */
export function personStatus(person: Person): { label: string; tone: 'ok' | 'warn' } {
  if (!person.isActive) return { label: 'Inactiva', tone: 'warn' };
  return person.lastLoginAt ? { label: 'Activa', tone: 'ok' } : { label: 'Invitación enviada', tone: 'warn' };
}

/** The invitation form (`POST /api/person`). */
export interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  rut: string;
  profileCode: ProfileCode | null;
  companyId: number | null;
}

export const emptyInvite = (profileCode: ProfileCode | null): InviteValues => ({ firstName: '', lastName: '', email: '', phone: '', rut: '', profileCode, companyId: null });

export const inviteInput = (values: InviteValues): NewPersonInput => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
  ...(values.rut.trim() ? { rut: values.rut.trim() } : {}),
  profileCode: values.profileCode ?? 'PRV',
  ...(values.profileCode === 'PRV' && values.companyId ? { companyId: values.companyId } : {}),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validateNames(values: { firstName: string; lastName: string; email?: string }, errors: FieldErrors) {
  if (!values.firstName.trim()) errors.firstName = ['Ingresa el nombre.'];
  if (!values.lastName.trim()) errors.lastName = ['Ingresa el apellido.'];
  if (values.email !== undefined && !EMAIL.test(values.email.trim())) errors.email = ['Ingresa un correo válido, como nombre@empresa.cl.'];
}

export function validateInvite(needsCompanyChoice: boolean) {
  return (values: InviteValues): FieldErrors => {
    const errors: FieldErrors = {};
    validateNames(values, errors);
    if (!values.profileCode) errors.profileCode = ['Elige el perfil.'];
    if (needsCompanyChoice && values.profileCode === 'PRV' && !values.companyId) errors.companyId = ['Elige la empresa del usuario proveedor.'];
    return errors;
  };
}

/** The edit form (`POST /api/person/{id}`): contact data only. */
export interface PersonValues {
  firstName: string;
  lastName: string;
  phone: string;
  rut: string;
}

export const emptyPerson: PersonValues = { firstName: '', lastName: '', phone: '', rut: '' };
export const personValues = (person: Person): PersonValues => ({ firstName: person.firstName, lastName: person.lastName, phone: formatPhone(person.phone), rut: formatRut(person.rut) });
// An empty phone or RUT clears it.
export const personInput = (values: PersonValues): PersonChanges => ({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: values.phone.trim(), rut: values.rut.trim() });
export function validatePerson(values: PersonValues): FieldErrors {
  const errors: FieldErrors = {};
  validateNames(values, errors);
  return errors;
}

/** A new administrator (`POST /api/auth/admin-sign-up`), with the password chosen for it. */
export interface AdministratorValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  rut: string;
  password: string;
}

export const emptyAdministrator: AdministratorValues = { firstName: '', lastName: '', email: '', phone: '', rut: '', password: '' };
export const administratorInput = (values: AdministratorValues): AdministratorInput => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
  ...(values.rut.trim() ? { rut: values.rut.trim() } : {}),
  password: values.password,
});
export function validateAdministrator(values: AdministratorValues): FieldErrors {
  const errors: FieldErrors = {};
  validateNames(values, errors);
  if (values.password.length < 10) errors.password = ['La contraseña debe tener al menos 10 caracteres.'];
  return errors;
}
