import type { ReportFilter, ReportPeriod } from '../../../contracts/reports';
import { reportDay } from './routes';

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days a preset stands for, ending today (Chilean calendar). */
export function resolvePeriod(filter: Pick<ReportFilter, 'preset' | 'from' | 'to'>, now = new Date()): ReportPeriod {
  const today = reportDay(now);
  switch (filter.preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'custom':
      return { from: filter.from!, to: filter.to! };
  }
}

/** Every day of the period, so that a chart shows the quiet days as zero rather than skipping them. */
export function daysOf(period: ReportPeriod): string[] {
  const days: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The instants a period covers, as `timestamp` values (UTC, as the raw tables store them). */
export function instantsOf(period: ReportPeriod): { start: Date; end: Date } {
  return { start: santiagoMidnight(period.from), end: santiagoMidnight(addDays(period.to, 1)) };
}

/** The UTC instant at which a Chilean day begins (UTC-3 or UTC-4, whichever applied that day). */
function santiagoMidnight(day: string): Date {
  for (const offset of [3, 4, 5, 2]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) + offset * 3600_000);
    if (reportDay(candidate) === day && reportDay(new Date(candidate.getTime() - 3600_000)) !== day) return candidate;
  }
  return new Date(Date.parse(`${day}T03:00:00Z`));
}

/**
 * A period as the whole calendar months it contains and the days left at its edges: long periods are
 * summed from the monthly rollups (a dozen rows per key) and only their edges from the daily ones.
 */
export function splitByWholeMonths(period: ReportPeriod): { months: ReportPeriod | null; days: ReportPeriod[] } {
  const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
  const nextMonth = (day: string) => {
    const [year, month] = day.split('-').map(Number);
    return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  };
  const firstWhole = period.from === firstOfMonth(period.from) ? period.from : nextMonth(period.from);
  // The month that begins after `to` ends the whole months, unless `to` is a month's last day.
  const afterLastWhole = addDays(period.to, 1) === nextMonth(period.to) ? nextMonth(period.to) : firstOfMonth(period.to);
  if (firstWhole >= afterLastWhole) return { months: null, days: [period] };
  const days: ReportPeriod[] = [];
  if (period.from < firstWhole) days.push({ from: period.from, to: addDays(firstWhole, -1) });
  if (afterLastWhole <= period.to) days.push({ from: afterLastWhole, to: period.to });
  return { months: { from: firstWhole, to: addDays(afterLastWhole, -1) }, days };
}
