import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface ChileanPhone {
  /** +56912345678 */
  e164: string;
  /** +56 9 1234 5678, +56 2 2345 6789 */
  display: string;
  kind: 'MOBILE' | 'LANDLINE';
}

/**
 * A Chilean mobile (+56 9 XXXX XXXX) or landline number, written with or without +56, spaces,
 * dashes or parentheses; null when it is not one. Numbering plan from libphonenumber's metadata.
 */
export function parseChileanPhone(text: string): ChileanPhone | null {
  if (text.length > 40) return null;
  const phone = parsePhoneNumberFromString(text, 'CL');
  if (!phone || phone.country !== 'CL' || !phone.isValid()) return null;
  const type = phone.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  // libphonenumber files Chilean numbers as FIXED_LINE_OR_MOBILE; the plan itself says 9 + 8 digits is a mobile.
  const kind = /^9\d{8}$/.test(phone.nationalNumber) ? 'MOBILE' : 'LANDLINE';
  return { e164: phone.number, display: phone.formatInternational(), kind };
}
