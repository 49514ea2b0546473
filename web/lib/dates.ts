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
