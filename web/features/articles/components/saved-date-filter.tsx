import '@mantine/dates/styles.css';
import { useState } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { isDay } from '../../../../common/period';
import { periodPresets } from '../../../components/period-picker';

/** Inclusive days, YYYY-MM-DD: the saved list's `filter[date_range]` (from,to). */
export type SavedDateRange = [string, string];

/**
 * A link's `date_range=YYYY-MM-DD,YYYY-MM-DD` (the project overview's saved-coverage figure), as
 * the list's date filter; null when it is missing or not two days in order (the list is then not
 * narrowed by date).
 */
export function readDateRange(raw: string | null): SavedDateRange | null {
  const days = (raw ?? '').split(',').map((d) => d.trim());
  return days.length === 2 && days.every(isDay) && days[0] <= days[1] ? [days[0], days[1]] : null;
}

/** The list's value of `filter[date_range]`. */
export const dateRangeFilter = (range: SavedDateRange | null) => (range ? `${range[0]},${range[1]}` : undefined);

/**
 * The saved list's filter on the article date: a range with presets, applied once both ends are
 * chosen; cleared, every date shows.
 */
export function SavedDateFilter({ value, onChange }: { value: SavedDateRange | null; onChange: (range: SavedDateRange | null) => void }) {
  const [draft, setDraft] = useState<[string | null, string | null]>(value ?? [null, null]);
  const [seen, setSeen] = useState(value);
  if (seen?.[0] !== value?.[0] || seen?.[1] !== value?.[1]) {
    setSeen(value);
    setDraft(value ?? [null, null]);
  }
  return (
    <DatePickerInput
      type="range"
      aria-label="Article date"
      placeholder="Any date"
      leftSection={<IconCalendar size={16} />}
      value={draft}
      onChange={([start, end]) => {
        const next: [string | null, string | null] = [start ? String(start).slice(0, 10) : null, end ? String(end).slice(0, 10) : null];
        setDraft(next);
        if (next[0] && next[1]) onChange([next[0], next[1]]);
        else if (!next[0] && !next[1]) onChange(null);
      }}
      presets={periodPresets()}
      valueFormat="MMM D, YYYY"
      popoverProps={{ withinPortal: true }}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the date filter' }}
      w={{ base: '100%', xs: 300 }}
    />
  );
}
