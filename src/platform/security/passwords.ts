import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (64 MiB, t=3, p=4), per OWASP's recommendation. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return argon2.verify(hash, plain).catch(() => false);
}

/** A random password for a generated account, shown once to whoever started the app. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
