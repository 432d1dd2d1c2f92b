import { SetMetadata } from '@nestjs/common';

/** Profile codes (spec §3): administrator, provider user (bound to a company), visitor account. */
export const PROFILE_CODES = ['ADM', 'PRV', 'USR'] as const;
export type ProfileCode = (typeof PROFILE_CODES)[number];

/**
 * Who may call a route. Every route declares exactly one, next to its handler; `AccessGuard`
 * enforces it and `RoutePolicyCheck` refuses to boot when a route has none.
 * - public: anyone, signed in or not;
 * - signed-in: any account;
 * - admin: profile ADM;
 * - provider: ADM, or PRV limited to its own company (the handler scopes by `actor.companyId`).
 */
export type AccessPolicy = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'admin' } | { kind: 'provider' };

export const ACCESS_POLICY = 'cotizalab:access-policy';

const declare = (policy: AccessPolicy) => SetMetadata(ACCESS_POLICY, policy);

/** Anyone, signed in or not. */
export const Public = () => declare({ kind: 'public' });
/** Any signed-in account (USR, PRV or ADM). */
export const SignedIn = () => declare({ kind: 'signed-in' });
/** Administrators only. */
export const AdminOnly = () => declare({ kind: 'admin' });
/** Administrators, and provider users within their own company. */
export const ProviderScoped = () => declare({ kind: 'provider' });

export const SESSION_ONLY = 'cotizalab:session-only';

/**
 * The route needs a person's own session: a company's API key answers 403 `AUTH.SESSION_REQUIRED` (managing API keys,
 * a person's own mail preferences). Goes with the route's policy, which still applies.
 */
export const SessionOnly = () => SetMetadata(SESSION_ONLY, true);
