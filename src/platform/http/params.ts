import { z } from 'zod';

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2147483647;

/**
 * A database id written the one way an id is written: a JSON whole number, or its decimal digits
 * ("12"; never "0x10", "00001", " 1" or "1e3", which would otherwise coerce to some other row).
 */
export const canonicalId = (message: string) =>
  z.union([z.number(), z.string().regex(/^[1-9]\d{0,9}$/, message).transform(Number)], { message }).pipe(
    z.number({ message }).int(message).positive(message).max(MAX_ID, message),
  );

/** A database id in a path (`/api/exam/{id}`). */
export const idParam = canonicalId('Debe ser un número entero mayor que cero, escrito con dígitos.');
