import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id at the library's defaults (64 MiB, t=3, p=4), per OWASP's recommendation: about 0.16 s of CPU a hash. */
const FULL_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;
/** The smallest cost the library takes (1 MiB, t=2, p=1): about 2 ms of CPU. */
const MINIMUM_COST = { memoryCost: 1024, timeCost: 2, parallelism: 1 } as const;
let cost: { memoryCost: number; timeCost: number; parallelism: number } = FULL_COST;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id, ...cost });
}

/** Checks `plain` against `hash` at the cost written in the hash itself. */
export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return argon2.verify(hash, plain).catch(() => false);
}

/**
 * For test suites only, as Rails' `ActiveModel::SecurePassword.min_cost`: the hashes this process makes from now on
 * take the library's minimum cost. The suites make and check about 440 hashes, 70 s of CPU at full cost
 * (docs/decisions.md, "Eighth pass"). A hash keeps its own cost, so checking one made at full cost still costs that.
 * Called by the jest setup of the suites that start the app (test/support/minimum-password-cost.ts), never by src/.
 */
export function hashPasswordsAtMinimumCost(): void {
  cost = MINIMUM_COST;
}

/** A random password for a generated account, shown once to whoever started the app. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
