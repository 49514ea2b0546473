import dayjs from 'dayjs';

/** "Mar 5, 2024", or an en dash when there is no date. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '–';
}
