import { chileDay, chileDayStart, nextDay, previousDay } from './chileDays';

describe('Chilean calendar days', () => {
  it('starts a day at midnight in Santiago, in summer (UTC-3) and in winter (UTC-4) time', () => {
    expect(chileDayStart('2026-12-01')).toBe('2026-12-01T03:00:00.000Z');
    expect(chileDayStart('2026-07-15')).toBe('2026-07-15T04:00:00.000Z');
  });

  it('reads an instant back as the Chilean day it falls on', () => {
    expect(chileDay('2026-12-01T03:00:00.000Z')).toBe('2026-12-01');
    // 01:00 UTC on the 1st is still the 30th in Santiago.
    expect(chileDay('2026-12-01T01:00:00.000Z')).toBe('2026-11-30');
    expect(chileDay(null)).toBe('');
  });

  it('moves across months for an inclusive end stored as the next day', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(previousDay('2026-12-01')).toBe('2026-11-30');
    expect(previousDay(chileDay(chileDayStart(nextDay('2026-12-31'))))).toBe('2026-12-31');
  });
});
