import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * A report's day as the header shows it: "Monday March 5, 2024" (spec 000 §2). Report dates
 * are calendar days stored at midnight or end of day UTC, so they are read in UTC: a reader
 * west of Greenwich must not see the day before.
 */
export function formatReportDay(value: string | null | undefined): string {
  return value ? dayjs.utc(value).format('dddd MMMM D, YYYY') : '';
}

/** "Mar 1 – Mar 31, 2024", or with both years when the period spans two. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return '–';
  const a = dayjs.utc(start);
  const b = dayjs.utc(end);
  return a.year() === b.year() ? `${a.format('MMM D')} – ${b.format('MMM D, YYYY')}` : `${a.format('MMM D, YYYY')} – ${b.format('MMM D, YYYY')}`;
}

/** "YYYY-MM-DD" of a picked day (the date pickers give local midnight). */
export function dayString(d: Date | string): string {
  return dayjs(d).format('YYYY-MM-DD');
}

/** 12345.6 → "12,346"; 9.87 → "9.9" (reach sums are small or large depending on the report). */
export function formatNumber(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  return n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** The public address of a report: /p/r/{id} on this site. */
export function publicReportUrl(id: string): string {
  return `${window.location.origin}/p/r/${encodeURIComponent(id)}`;
}
