import { dateTimeField } from './fields';

describe('a date a person sets', () => {
  it('takes an ISO date or date-time of years people mean', () => {
    expect(dateTimeField.parse('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(dateTimeField.parse('2027-01-15T10:30:00-03:00').toISOString()).toBe('2027-01-15T13:30:00.000Z');
  });

  it.each(['+020000-01-01', '-000001-01-01', '0000-01-01', '275760-09-13', 'mañana'])('refuses %s with a clear message, never letting it reach the database', (text) => {
    const parsed = dateTimeField.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toMatch(/^Indica una fecha/);
  });
});
