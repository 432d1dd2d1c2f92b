import { truncateIp } from './ip';
import { addDays, instantsOf, resolvePeriod, splitByWholeMonths } from './period';
import { isCartRoute, openedLaboratory, reportDay, routeKey } from './routes';

describe('what the reports keep of a request', () => {
  it.each([
    ['190.161.23.145', '190.161.23.0/24'],
    ['::ffff:127.0.0.1', '127.0.0.0/24'],
    ['2800:150:11c:1a2b:3c4d::7', '2800:150:11c::/48'],
    ['2800::1', '2800:0:0::/48'],
    ['unknown', null],
    ['', null],
  ])('truncates %s to %s', (ip, kept) => expect(truncateIp(ip)).toBe(kept));

  it('folds laboratory pages into one route and leaves the quote out', () => {
    expect(routeKey('/laboratorio/123?x=1')).toBe('/laboratorio/:id');
    expect(routeKey('/buscador?examenes=1,2')).toBe('/buscador');
    expect(openedLaboratory('/laboratorio/42')).toBe(42);
    expect(openedLaboratory('/laboratorios')).toBeNull();
    expect(isCartRoute('/carro')).toBe(true);
    expect(isCartRoute('/carrousel')).toBe(false);
  });

  it('counts Chilean days, summer time included', () => {
    expect(reportDay(new Date('2026-01-15T02:30:00Z'))).toBe('2026-01-14'); // UTC-3
    expect(reportDay(new Date('2026-07-15T03:30:00Z'))).toBe('2026-07-14'); // UTC-4
    expect(instantsOf({ from: '2026-07-15', to: '2026-07-15' })).toEqual({ start: new Date('2026-07-15T04:00:00Z'), end: new Date('2026-07-16T04:00:00Z') });
    expect(instantsOf({ from: '2026-01-15', to: '2026-01-15' }).start).toEqual(new Date('2026-01-15T03:00:00Z'));
    expect(resolvePeriod({ preset: '7d' }, new Date('2026-11-24T12:00:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it.each([
    // 12 months ending mid-month: eleven whole months and two edges.
    [{ from: '2025-11-25', to: '2026-11-24' }, { from: '2025-12-01', to: '2026-10-31' }, [{ from: '2025-11-25', to: '2025-11-30' }, { from: '2026-11-01', to: '2026-11-24' }]],
    // Whole months exactly, across a year and a February.
    [{ from: '2026-01-01', to: '2026-02-28' }, { from: '2026-01-01', to: '2026-02-28' }, []],
    // Inside one month: days only.
    [{ from: '2026-03-02', to: '2026-03-30' }, null, [{ from: '2026-03-02', to: '2026-03-30' }]],
    // Across a month boundary without a whole month.
    [{ from: '2026-03-15', to: '2026-04-10' }, null, [{ from: '2026-03-15', to: '2026-04-10' }]],
    // A leap-year February is whole only up to the 29th.
    [{ from: '2028-02-01', to: '2028-02-28' }, null, [{ from: '2028-02-01', to: '2028-02-28' }]],
  ])('sums %o from whole months %o and days %o', (period, months, days) => {
    expect(splitByWholeMonths(period)).toEqual({ months, days });
  });
});
