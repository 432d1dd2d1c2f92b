import { formatRut, normalizeRut, rutCheckDigit } from './rut';

describe('RUT', () => {
  it.each([
    [11111111, '1'],
    [12345678, '5'],
    [76086428, '5'],
    [10000013, 'K'],
    [7654321, '6'],
  ])('computes the check digit of %i as %s', (body, digit) => {
    expect(rutCheckDigit(body)).toBe(digit);
  });

  it('accepts the usual ways of writing a RUT', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('123456785')).toBe('12345678-5');
    expect(normalizeRut('10.000.013-k')).toBe('10000013-K');
  });

  it('rejects a wrong check digit or text that is not a RUT', () => {
    expect(normalizeRut('12.345.678-9')).toBeNull();
    expect(normalizeRut('abc')).toBeNull();
    expect(normalizeRut('0-0')).toBeNull();
    expect(normalizeRut("1' OR '1'='1")).toBeNull();
  });

  it('formats a body with its check digit', () => {
    expect(formatRut(12345678)).toBe('12345678-5');
  });
});
