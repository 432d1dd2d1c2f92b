import { parseChileanPhone } from './phone';

describe(parseChileanPhone.name, () => {
  it.each([
    ['+56 9 8765 4321', '+56987654321', 'MOBILE'],
    ['987654321', '+56987654321', 'MOBILE'],
    ['+56-9-8765-4321', '+56987654321', 'MOBILE'],
    ['(2) 2345 6789', '+56223456789', 'LANDLINE'],
    ['+56 41 234 5678', '+56412345678', 'LANDLINE'],
  ])('accepts %s', (text, e164, kind) => {
    expect(parseChileanPhone(text)).toMatchObject({ e164, kind });
  });

  it.each(['12345', '+54 9 11 2345 6789', '9 8765 432', 'teléfono', '<script>', '+56 9 8765 4321 0000000000000000000000000000000'])('rejects %s', (text) => {
    expect(parseChileanPhone(text)).toBeNull();
  });
});
