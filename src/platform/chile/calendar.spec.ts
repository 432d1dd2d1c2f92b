import { addYears, chileDay, dateAsDay, dayAsDate, isCalendarDay } from './calendar';

describe('Chilean calendar days', () => {
  it('names the day in Santiago, not in UTC', () => {
    // 02:00 UTC on 2 December is 23:00 of 1 December in Santiago (summer time, UTC-3).
    expect(chileDay(new Date('2026-12-02T02:00:00Z'))).toBe('2026-12-01');
    expect(chileDay(new Date('2026-12-02T04:00:00Z'))).toBe('2026-12-02');
    // Winter time, UTC-4.
    expect(chileDay(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
  });

  it('tells days that exist from those that do not', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('01-12-2026')).toBe(false);
  });

  it('moves a day by years, and a DATE column round-trips', () => {
    expect(addYears('2026-12-01', 1)).toBe('2027-12-01');
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01');
    expect(dateAsDay(dayAsDate('2026-12-01'))).toBe('2026-12-01');
  });
});
