import { formatAudience } from '../../../components/media/format-audience';

/**
 * Hours watched as a report shows them: "3,085 h", "12.5 h", "0.25 h" (the saved streams table's
 * reading); from 100,000 abbreviated ("123K h") so a totals card keeps it on one line. Never
 * sampled (null): an en dash.
 */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '–';
  if (hours >= 100_000) return `${formatAudience(hours)} h`;
  const digits = hours >= 100 ? 0 : hours >= 10 ? 1 : 2;
  return `${hours.toLocaleString('en', { maximumFractionDigits: digits })} h`;
}

/** A video's views since it was found, when they grew: how much, and how to say it. */
export interface ViewsGrowth {
  /** Views gained since found. */
  gained: number;
  /** "+38%", "+4.2%" or "×12" (many times the views when found); "+1.2K" when it was found at 0. */
  label: string;
}

/**
 * Growth of a video's views since it was found, known only once YouTube's count was read again
 * (`refreshedAt`) and it rose: null otherwise (a count read once, or one that fell).
 */
export function viewsGrowth(current: number, atFound: number | null | undefined, refreshedAt: string | null | undefined): ViewsGrowth | null {
  if (atFound === null || atFound === undefined || !refreshedAt) return null;
  const gained = current - atFound;
  if (!(gained > 0)) return null;
  if (atFound <= 0) return { gained, label: `+${formatAudience(gained)}` };
  const percent = (gained / atFound) * 100;
  if (percent >= 1000) return { gained, label: `×${Math.round(current / atFound).toLocaleString('en')}` };
  return { gained, label: `+${percent.toLocaleString('en', { maximumFractionDigits: percent < 10 ? 1 : 0 })}%` };
}
