/** Calendar days as Chile counts them ('YYYY-MM-DD'), whatever the server's own time zone. */

const CHILE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' });

const LONG_DAY = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' });

/** "3 de diciembre de 2026": the day an instant falls on in Chile, as a letter or a mail writes it. */
export function longChileDate(at: Date): string {
  return LONG_DAY.format(at);
}

/** The day an instant falls on in Chile: 2026-12-02T02:00Z is still '2026-12-01' in Santiago. */
export function chileDay(at: Date = new Date()): string {
  return CHILE_DAY.format(at);
}

/** Whether 'YYYY-MM-DD' names a day that exists (no 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = match.slice(1).map(Number);
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** The same day `years` later; a 29 February with no match becomes 1 March. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year + years, month - 1, date)).toISOString().slice(0, 10);
}

/** A day as a PostgreSQL DATE column takes and gives it through Prisma: midnight UTC. */
export const dayAsDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** A DATE column's value as 'YYYY-MM-DD'. */
export const dateAsDay = (date: Date): string => date.toISOString().slice(0, 10);
