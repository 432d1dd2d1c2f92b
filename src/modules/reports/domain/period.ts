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
