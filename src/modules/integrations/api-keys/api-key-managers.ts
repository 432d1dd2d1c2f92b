import type { Actor } from '../../../platform/auth/actor';
import { ADMINS_DO_NOT_CREATE, ApiKeyManagerRequiredError, WHOLE_COMPANY_ONLY } from './api-keys.errors';

/**
 * Who manages a company's keys: its provider users who see the whole company (no person-visibility grant narrowing
 * them to some branches); an administrator may list and revoke, never create (a key acts as a person of the company).
 * Answers the company a provider manages, or null for an administrator. The route is session-only: a key never gets here.
 */
export function assertManager(actor: Actor, action: 'create'): number;
export function assertManager(actor: Actor, action: 'read' | 'revoke'): number | null;
export function assertManager(actor: Actor, action: 'create' | 'read' | 'revoke'): number | null {
  if (actor.profile === 'ADM') {
    if (action === 'create') throw new ApiKeyManagerRequiredError(ADMINS_DO_NOT_CREATE);
    return null;
  }
  if (actor.profile !== 'PRV' || actor.companyId === null || actor.laboratoryIds) throw new ApiKeyManagerRequiredError(WHOLE_COMPANY_ONLY);
  return actor.companyId;
}
