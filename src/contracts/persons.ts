import type { ProfileCode } from './auth';
import type { Ordering, PageRequest } from './envelope';

/** A person (an account of any profile) as `GET /api/person/{id}`, its list and its commands answer it. */
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  rut: string | null;
  phone: string | null;
  createdAt: string;
  profile: { code: string; name: string };
  company: { id: number; tradeName: string; status: string } | null;
  /** Of its sign-in user; null and false for a person without one. */
  email: string | null;
  isActive: boolean;
  lastLoginAt: string | null;
  /** What fills the patient's search (issue 19): their previsión, their plan's percentage and their comuna. */
  insurer: { id: number; name: string } | null;
  coveragePercentage: number | null;
  /** The plan's cap per laboratory exam, in UF (issue 30). */
  coverageCapUf: number | null;
  comuna: { id: number; name: string; regionId: number } | null;
}

/** `POST /api/person/search`: `fullName` matches first and last names, in any order, ignoring case and accents. */
export interface PersonSearchRequest extends PageRequest, Ordering<PersonOrder> {
  fullName?: string;
  profileCode?: ProfileCode;
  companyId?: number;
  /** Active accounts unless asked otherwise: deactivated ones are listed to be reactivated. */
  status?: PersonStatus;
}

export type PersonStatus = 'active' | 'inactive' | 'any';

export type PersonOrder = 'name' | 'createdAt' | 'lastLoginAt';

/**
 * What `POST /api/person` answers, the same whether or not the e-mail already had an account
 * (its owner is mailed a notice instead): the invitation reveals nothing about who is registered.
 */
export interface InvitationSent {
  email: string;
  message: string;
}

/** `POST /api/person`: the new person sets a password from the invitation mail. */
export interface NewPersonInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  rut?: string;
  profileCode: ProfileCode;
  /** Required for a provider user (PRV) created by an administrator. */
  companyId?: number;
}

/** `POST /api/auth/admin-sign-up`: an administrator creates another one, with the password it chose. */
export interface AdministratorInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  rut?: string;
  password: string;
}

/** `POST /api/auth/update-password`: an administrator sets another account's password; its sessions close. */
export interface PasswordSetInput {
  personId: number;
  password: string;
}

/** `POST /api/person/{id}`: fields left out stay; an empty phone or RUT clears it. */
export interface PersonChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  rut?: string | null;
  /** The previsión, the plan's percentage and the comuna that fill the search; null clears each. */
  insurerId?: number | null;
  coveragePercentage?: number | null;
  coverageCapUf?: number | null;
  comunaId?: number | null;
}

/** A grant letting a person see and manage a company or laboratory besides their own. */
export interface PersonVisibility {
  id: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  person: { id: number; firstName: string; lastName: string };
  company: { id: number; tradeName: string } | null;
  laboratory: { id: number; identifierName: string } | null;
}

/** `POST /api/person-visibility` (with a company or laboratory) and `POST /api/update-person-visibility/{id}`. */
export interface PersonVisibilityInput {
  personId: number;
  companyId?: number;
  laboratoryId?: number;
  isActive?: boolean;
}
