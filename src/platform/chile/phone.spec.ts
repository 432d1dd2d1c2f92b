import { parseChileanPhone } from './phone';

describe(parseChileanPhone.name, () => {
  it.each([
    // The example the sign-up's error message gives: an unallocated range today, a valid shape.
    ['+56 9 1234 5678', '+56912345678', '+56 9 1234 5678', 'MOBILE'],
    ['912345678', '+56912345678', '+56 9 1234 5678', 'MOBILE'],
    ['+56912345678', '+56912345678', '+56 9 1234 5678', 'MOBILE'],
    ['56912345678', '+56912345678', '+56 9 1234 5678', 'MOBILE'],
    ['0056 9 1234 5678', '+56912345678', '+56 9 1234 5678', 'MOBILE'],
    ['+56 9 8765 4321', '+56987654321', '+56 9 8765 4321', 'MOBILE'],
    ['987654321', '+56987654321', '+56 9 8765 4321', 'MOBILE'],
    ['+56-9-8765-4321', '+56987654321', '+56 9 8765 4321', 'MOBILE'],
    ['  9.8765.4321 ', '+56987654321', '+56 9 8765 4321', 'MOBILE'],
    ['(2) 2345 6789', '+56223456789', '+56 2 2345 6789', 'LANDLINE'],
    ['22 345 6789', '+56223456789', '+56 2 2345 6789', 'LANDLINE'],
    ['+56 2 2345 6789', '+56223456789', '+56 2 2345 6789', 'LANDLINE'],
    ['+56 41 234 5678', '+56412345678', '+56 41 234 5678', 'LANDLINE'],
    ['(75) 212 3456', '+56752123456', '+56 75 212 3456', 'LANDLINE'],
  ])('accepts %s', (text, e164, display, kind) => {
    expect(parseChileanPhone(text)).toEqual({ e164, display, kind });
  });

  it.each([
    ['too short', '12345'],
    ['a mobile one digit short', '9 8765 432'],
    ['a mobile one digit long', '+56 9 1234 56789'],
    ['an old 8-digit Santiago number', '2345 6789'],
    ['no Chilean prefix can start with 1', '123456789'],
    ['letters', 'teléfono'],
    ['letters among the digits', '+56 9 1234 ABCD'],
    ['markup', '<script>'],
    ['a foreign number', '+54 9 11 2345 6789'],
    ['a foreign number with 00', '0054 11 2345 6789'],
    ['a + in the middle', '9 1234+5678'],
    ['an empty text', ''],
    ['over 40 characters', '+56 9 8765 4321 0000000000000000000000000000000'],
  ])('rejects %s (%s)', (_reason, text) => {
    expect(parseChileanPhone(text)).toBeNull();
  });
});
