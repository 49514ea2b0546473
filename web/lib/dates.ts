import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "Mar 5, 2024", or an en dash when there is no date. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '–';
}

/** "3 hours ago" (dayjs relativeTime). */
export function fromNow(value: string | Date): string {
  return dayjs(value).fromNow();
}

export type HourCycle = 'h12' | 'h23';

/** The user's locale: the browser's preferred language (the runtime's default where there is no browser). */
function userLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
}

/** How the locale reads the clock: "h12" (2:30 PM: en-US, en-AU, hi) or "h23" (14:30: en-GB, de, fr, ja). */
export function hourCycleOf(locale: string | undefined = userLocale()): HourCycle {
  try {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
  } catch {
    return 'h23'; // a malformed locale tag: the clock most of the world reads
  }
}

export interface ClockOptions {
  /** Adds the seconds ("14:30:05"), for figures that refresh every few seconds. */
  seconds?: boolean;
  /** Only for tests: the user's locale otherwise. */
  locale?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The one clock of the app. Only the hour cycle comes from the user's locale; the words stay the
 * interface's English, so a German browser reads "Mar 5, 2024, 14:30" (not "5. März 2024, 14:30")
 * and an American one "Mar 5, 2024, 2:30 PM". A 24-hour clock pads its hour ("09:05"), as it is written.
 */
function clock(withDate: boolean, { seconds = false, locale }: ClockOptions): Intl.DateTimeFormat {
  const cycle = hourCycleOf(locale ?? userLocale());
  const key = `${withDate}|${seconds}|${cycle}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(withDate ? { month: 'short', day: 'numeric', year: 'numeric' } : {}),
      hour: cycle === 'h23' ? '2-digit' : 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: cycle,
    });
    formatters.set(key, format);
  }
  return format;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time of day in the user's clock: "14:30" or "2:30 PM"; an en dash when there is none. */
export function formatTime(value: string | Date | null | undefined, options: ClockOptions = {}): string {
  const date = toDate(value);
  return date ? clock(false, options).format(date) : '–';
}

/** A date with its time in the user's clock: "Mar 5, 2024, 14:30" or "Mar 5, 2024, 2:30 PM"; an en dash when there is none. */
export function formatDateTime(value: string | Date | null | undefined, options: ClockOptions = {}): string {
  const date = toDate(value);
  return date ? clock(true, options).format(date) : '–';
}
