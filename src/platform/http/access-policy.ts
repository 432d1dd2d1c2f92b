import { SetMetadata } from '@nestjs/common';

/**
 * Who may call a route. Every route declares one, next to its handler; the accounts issue adds
 * the signed-in, ADM and PRV policies and the guard that enforces them.
 */
export type AccessPolicy = { kind: 'public' };

export const ACCESS_POLICY = 'cotizalab:access-policy';

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);
