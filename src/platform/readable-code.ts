import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread when dictated at a laboratory's counter (no 0/O, 1/I/L). */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A code people read aloud: `PREFIX-7K3M-9QX2` (31^8 ≈ 8.5e11 codes with two groups). */
export function readableCode(prefix: string, groups = 2): string {
  const group = () => Array.from({ length: 4 }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join('');
  return [prefix, ...Array.from({ length: groups }, group)].join('-');
}

/** Whether a text is such a code. */
export const isReadableCode = (prefix: string, text: string, groups = 2) => new RegExp(`^${prefix}(-[${READABLE_ALPHABET}]{4}){${groups}}$`).test(text);
