import '@mantine/dates/styles.css';
import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { dayNumber } from '../../common/period';

export interface Period {
  from: string;
  to: string;
}

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Days of an inclusive period (YYYY-MM-DD both ends). */
export const periodDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The picker's presets: all within a year, the longest period the creators board, the coverage and Steam panels cover. */
export function periodPresets(now = dayjs()): { label: string; value: [string, string] }[] {
  const lastMonth = now.subtract(1, 'month');
  return [
    { label: 'Last 7 days', value: [day(now.subtract(6, 'day')), day(now)] },
    { label: 'Last 30 days', value: [day(now.subtract(29, 'day')), day(now)] },
    { label: 'This month', value: [day(now.startOf('month')), day(now)] },
    { label: 'Last month', value: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
    { label: 'Last 90 days', value: [day(now.subtract(89, 'day')), day(now)] },
    { label: 'Last 12 months', value: [day(now.subtract(1, 'year').add(1, 'day')), day(now)] },
  ];
}

/**
 * The period of a screen (both days included, at most `maxDays`): a range picker with presets,
 * like the feeds' period filter. A range is applied once both ends are chosen. The creators
 * leaderboard and the project overview use it.
 */
export function PeriodPicker({ value, onChange, maxDays }: { value: Period; onChange: (p: Period) => void; maxDays: number }) {
  const [draft, setDraft] = useState<[string | null, string | null]>([value.from, value.to]);
  const [seen, setSeen] = useState(value);
  if (seen.from !== value.from || seen.to !== value.to) {
    setSeen(value);
    setDraft([value.from, value.to]);
  }
  const tooLong = draft[0] && draft[1] ? periodDays(draft[0], draft[1]) > maxDays : false;
  return (
    <DatePickerInput
      type="range"
      aria-label="Period"
      placeholder="Choose a period"
      leftSection={<IconCalendar size={16} />}
      value={draft}
      onChange={([start, end]) => {
        const next: [string | null, string | null] = [start ? String(start).slice(0, 10) : null, end ? String(end).slice(0, 10) : null];
        setDraft(next);
        if (next[0] && next[1] && periodDays(next[0], next[1]) <= maxDays) onChange({ from: next[0], to: next[1] });
      }}
      error={tooLong ? `Choose at most ${maxDays} days` : undefined}
      presets={periodPresets()}
      valueFormat="MMM D, YYYY"
      maxDate={new Date()}
      popoverProps={{ withinPortal: true }}
      allowSingleDateInRange
      w={{ base: '100%', xs: 280 }}
    />
  );
}
