import type { Ordering, PageRequest } from './envelope';

export type CompanyStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A laboratory company as `GET /api/company/{id}`, its list and its commands answer it. */
export interface Company {
  id: number;
  rut: string;
  legalName: string;
  tradeName: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  addressLine: string | null;
  status: CompanyStatus;
  approvedAt: string | null;
  /** Why an administrator rejected it (only while REJECTED). */
  decisionReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** The comuna and, as its parent, the region. */
  comuna: { id: number; name: string; parent: { id: number; name: string } | null } | null;
  laboratoryCount: number;
}

/** `POST /api/company/search` (ADM: every company; PRV: its own). `name` matches trade or legal name. */
export interface CompanySearchRequest extends PageRequest, Ordering<'tradeName' | 'rut' | 'status' | 'createdAt'> {
  name?: string;
  rut?: string;
  status?: CompanyStatus;
}

/**
 * `POST /api/company` (create: rut, legalName and tradeName required) and `POST /api/company/{id}`
 * (update: any subset; a provider cannot change the RUT). An empty optional field clears it.
 */
export interface CompanyInput {
  rut: string;
  legalName: string;
  tradeName: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  addressLine?: string | null;
  comunaId?: number | null;
}

/** `POST /api/company/{id}/reject` (administrators): the reason is mailed to the company's users. */
export interface CompanyRejectionInput {
  reason: string;
}
