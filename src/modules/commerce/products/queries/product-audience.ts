import type { Actor } from '../../../../platform/auth/actor';
import { companyScope } from '../../../../platform/cqrs/company-scope';
import { SELLABLE_WHERE } from '../product-view';

/**
 * Who reads products, and so which ones exist for them: the storefront (anyone: only sellable ones),
 * an administrator's back office (all), a provider's (its company's, active or not).
 */
export type ProductAudience = { kind: 'storefront' } | { kind: 'manage'; actor: Actor };

export function audienceWhere(audience: ProductAudience, status: 'active' | 'inactive' | 'all' | undefined) {
  if (audience.kind === 'storefront') return SELLABLE_WHERE;
  const byStatus = status === 'active' ? { isActive: true } : status === 'inactive' ? { isActive: false } : {};
  return { ...companyScope(audience.actor), ...byStatus };
}
