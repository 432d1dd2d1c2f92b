import type { Company, CompanyInput, FieldErrors } from '@contracts';
import { formatRut } from '../../../app/format';

/** The company form's values: field names equal the API's, so its per-field errors land beside them. */
export interface CompanyValues {
  rut: string;
  legalName: string;
  tradeName: string;
  email: string;
  phone: string;
  website: string;
  addressLine: string;
  comunaId: number | null;
  /** Read to fill the comuna picker's region; never sent. */
  regionId: number | null;
}

export const emptyCompany: CompanyValues = { rut: '', legalName: '', tradeName: '', email: '', phone: '', website: '', addressLine: '', comunaId: null, regionId: null };

export const companyValues = (company: Company): CompanyValues => ({
  rut: formatRut(company.rut),
  legalName: company.legalName,
  tradeName: company.tradeName,
  email: company.email ?? '',
  phone: company.phone ?? '',
  website: company.website ?? '',
  addressLine: company.addressLine ?? '',
  comunaId: company.comuna?.id ?? null,
  regionId: company.comuna?.parent?.id ?? null,
});

/** '' clears an optional field (the API's clearable fields take it as none). */
export const companyInput = (values: CompanyValues): CompanyInput => ({
  rut: values.rut,
  legalName: values.legalName.trim(),
  tradeName: values.tradeName.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  website: values.website.trim(),
  addressLine: values.addressLine.trim(),
  comunaId: values.comunaId,
});

/** A provider cannot change its company's RUT: it is not sent from /app/my-company/edit. */
export const ownCompanyInput = (values: CompanyValues): CompanyInput => {
  const { rut: _rut, ...rest } = companyInput(values);
  return rest as CompanyInput;
};

export function validateCompany(values: CompanyValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^\d{1,2}(\.\d{3}){2}-[\dK]$|^\d{1,3}(\.\d{3})?-[\dK]$/.test(values.rut)) errors.rut = ['Ingresa el RUT con su dígito verificador, por ejemplo 76.354.771-K.'];
  if (!values.legalName.trim()) errors.legalName = ['Ingresa la razón social.'];
  if (!values.tradeName.trim()) errors.tradeName = ['Ingresa el nombre de fantasía.'];
  return errors;
}
