import type { OpeningHours } from '@contracts';
import { dayName } from '../../../app/format';

/** The weekday (1 = Monday … 7 = Sunday) and the time "HH:MM" now in Chile, wherever the browser is. */
// One formatter for every card: building one (time-zone data, locale) costs far more than using it.
let chileClock: Intl.DateTimeFormat | undefined;
export function chileNow(at: Date): { day: number; time: string } {
  chileClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = chileClock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return { day, time: `${part('hour')}:${part('minute')}` };
}

/**
 * "Abierto ahora · cierra 18:00", "Abre hoy a las 07:00", "Abre mañana a las 07:30", "Abre el lunes a
 * las 08:00": what a patient who must be done before work needs, from the week's hours. Public
 * holidays (day 8) are not known here: there is no calendar of them yet, so a holiday reads as its weekday.
 */
export function openingState(hours: OpeningHours[], now: { day: number; time: string }): { open: boolean; text: string } | null {
  const week = hours.filter((h) => h.day >= 1 && h.day <= 7);
  if (week.length === 0) return null;
  const today = week.filter((h) => h.day === now.day).sort((a, b) => a.opens.localeCompare(b.opens));
  const current = today.find((h) => h.opens <= now.time && now.time < h.closes);
  if (current) return { open: true, text: `Abierto ahora · cierra ${current.closes}` };
  const later = today.find((h) => h.opens > now.time);
  if (later) return { open: false, text: `Cerrado · abre hoy a las ${later.opens}` };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = ((now.day - 1 + ahead) % 7) + 1;
    const first = week.filter((h) => h.day === day).sort((a, b) => a.opens.localeCompare(b.opens))[0];
    if (first) return { open: false, text: `Cerrado · abre ${ahead === 1 ? 'mañana' : `el ${dayName(day)}`} a las ${first.opens}` };
  }
  return null;
}
