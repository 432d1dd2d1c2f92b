import { newPasswordField } from './password-policy';

describe('newPasswordField', () => {
  it('accepts a long enough, uncommon password', () => {
    expect(newPasswordField.safeParse('caballo-bateria-grapa').success).toBe(true);
  });

  it.each([
    ['too short', 'abc123', 'al menos 10'],
    ['common', 'Contraseña123', 'demasiado común'],
    ['one repeated character', 'aaaaaaaaaaaa', 'demasiado común'],
    ['too long', 'x'.repeat(129), 'hasta 128'],
  ])('refuses a %s password with a Spanish reason', (_, password, reason) => {
    const result = newPasswordField.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toContain(reason);
  });
});
