/** Periods the back office writes as Chilean calendar days (offers, banners), and the instants the API stores. */

/**
 * A calendar day in Chile as the instant it starts there (offers and banners run by Chilean days,
 * wherever the administrator's browser is): "2026-12-01" → 2026-12-01T03:00:00.000Z in summer time.
 */
export function chileDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const utcGuess = Date.UTC(y, m - 1, d);
  const shown = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(utcGuess));
  const part = (type: string) => Number(shown.find((p) => p.type === type)!.value);
  const offset = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - utcGuess;
  return new Date(utcGuess - offset).toISOString();
}

/** The Chilean calendar day an instant falls on ("YYYY-MM-DD"), for a date field. */
export function chileDay(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The day after, for "until and including this day" periods stored with an exclusive end. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
/** The day before an exclusive end: what "hasta" shows. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
