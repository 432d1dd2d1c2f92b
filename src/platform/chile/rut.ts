/** Chilean RUT (Rol Único Tributario): a body of digits and a modulo-11 check digit (0–9 or K). */

export function rutCheckDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let rest = body; rest > 0; rest = Math.floor(rest / 10)) {
    sum += (rest % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/**
 * Normalises "12.345.678-5", "12345678-5" or "123456785" to "12345678-5"; null when the text
 * is not a RUT or its check digit is wrong.
 */
export function normalizeRut(text: string): string | null {
  const compact = text.replace(/[.\s-]/g, '').toUpperCase();
  const match = /^(\d{1,9})([\dK])$/.exec(compact);
  if (!match) return null;
  const body = Number(match[1]);
  if (body < 1 || rutCheckDigit(body) !== match[2]) return null;
  return `${body}-${match[2]}`;
}

export function formatRut(body: number): string {
  return `${body}-${rutCheckDigit(body)}`;
}

/** A normalised RUT ("12345678-5") as people write it: "12.345.678-5". */
export function displayRut(rut: string): string {
  const [body, check] = rut.split('-');
  return `${Number(body).toLocaleString('es-CL')}-${check}`;
}
