import type { PageRequest } from './envelope';

/** Someone named on a key: who created or revoked it. */
export interface ApiKeyPerson {
  id: number;
  name: string;
}

/**
 * A company's API key as its list and its commands answer it (issue 27, item 4): never its secret, only the prefix
 * (`clk_live_ab12cd34`) that tells it apart.
 */
export interface ApiKey {
  id: number;
  companyId: number;
  name: string;
  prefix: string;
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  createdBy: ApiKeyPerson;
  /** Moved at most once a minute. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: ApiKeyPerson | null;
}

/** `POST /api/api-key`: the only answer that carries the secret; it is not kept, so it cannot be shown again. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

/** `POST /api/api-key` body. */
export interface ApiKeyInput {
  name: string;
}

/** `POST /api/api-key/search`: a provider's own company; an administrator any (`companyId`) or all. Newest first. */
export interface ApiKeySearchRequest extends PageRequest {
  companyId?: number;
  status?: 'ACTIVE' | 'REVOKED';
}
