import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Cuts `text` to `max` characters with an ellipsis (titles 85, tooltip urls 75; 001 §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? '';
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/** "3 hours ago" (dayjs relativeTime). */
export function fromNow(value: string | Date): string {
  return dayjs(value).fromNow();
}

/** Spec 001 §9: tooltip urls are cut at 75 characters. */
export const TOOLTIP_URL_MAX = 75;
