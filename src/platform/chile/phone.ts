export interface ChileanPhone {
  /** +56912345678 */
  e164: string;
  /** +56 9 1234 5678, +56 2 2345 6789, +56 41 234 5678 */
  display: string;
  kind: 'MOBILE' | 'LANDLINE';
}

/** Digits, spaces, dashes, dots and parentheses, with at most one leading +. */
const WRITTEN = /^\+?[\d\s().-]+$/;

/**
 * A Chilean mobile or landline number, written with or without +56 (or 0056), spaces, dashes,
 * dots or parentheses; null when it cannot be one. Only the numbering plan's shape is checked, never
 * which ranges are allocated today (carriers open new ranges; `+56 9 1234 5678` must pass):
 * nine national digits, a mobile being 9 + 8 digits and a landline an area code (2 for Santiago,
 * two digits from 32 to 75 elsewhere) and its number.
 */
export function parseChileanPhone(text: string): ChileanPhone | null {
  const written = text.trim();
  if (written.length > 40 || !WRITTEN.test(written)) return null;
  let digits = written.replace(/\D/g, '');
  if (written.startsWith('+')) {
    if (!digits.startsWith('56')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0056')) {
    digits = digits.slice(4);
  } else if (digits.length === 11 && digits.startsWith('56')) {
    digits = digits.slice(2);
  }
  if (!/^[2-79]\d{8}$/.test(digits)) return null;
  const kind = digits.startsWith('9') ? 'MOBILE' : 'LANDLINE';
  // Mobiles and Santiago (2) have a one-digit prefix; every other area code has two digits.
  const display = /^[29]/.test(digits)
    ? `+56 ${digits[0]} ${digits.slice(1, 5)} ${digits.slice(5)}`
    : `+56 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  return { e164: `+56${digits}`, display, kind };
}
