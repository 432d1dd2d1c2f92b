import { chileNow, openingState } from './openingHours';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '07:00', closes: '13:00' }));

describe(openingState.name, () => {
  it('says whether a branch is open now and when it closes, or when it opens next', () => {
    expect(openingState(weekdays, { day: 2, time: '09:15' })).toEqual({ open: true, text: 'Abierto ahora · cierra 13:00' });
    expect(openingState(weekdays, { day: 2, time: '06:30' })).toEqual({ open: false, text: 'Cerrado · abre hoy a las 07:00' });
    expect(openingState(weekdays, { day: 2, time: '13:00' })).toEqual({ open: false, text: 'Cerrado · abre mañana a las 07:00' });
    expect(openingState(weekdays, { day: 5, time: '18:00' })).toEqual({ open: false, text: 'Cerrado · abre el lunes a las 07:00' });
    expect(openingState([], { day: 1, time: '10:00' })).toBeNull();
  });

  it('reads the time in Chile, wherever the browser is', () => {
    // 2026-11-24 10:30 UTC is Tuesday 07:30 in Santiago (summer time, UTC−3).
    expect(chileNow(new Date('2026-11-24T10:30:00Z'))).toEqual({ day: 2, time: '07:30' });
  });
});
