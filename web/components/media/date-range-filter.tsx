import '@mantine/dates/styles.css';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';

/** YYYY-MM-DD days, both null for "All time". */
export interface DayRange {
  startDate: string | null;
  endDate: string | null;
}

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Presets of the period picker. */
function presets(now = dayjs()): { label: string; value: [string, string] }[] {
  const lastMonth = now.subtract(1, 'month');
  return [
    { label: 'Last Week', value: [day(now.subtract(6, 'day')), day(now)] },
    { label: 'This Month', value: [day(now.startOf('month')), day(now)] },
    { label: 'Last Month', value: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
    { label: 'Last 6 Month', value: [day(now.subtract(6, 'month')), day(now)] },
  ];
}

/**
 * Publication date: All time, or a specific range (both days included). Switching to a range
 * starts at the start of this month to today; switching back to All time clears the days.
 */
export function DateRangeFilter({ value, onChange, label = 'Publication date' }: { value: DayRange; onChange: (v: DayRange) => void; label?: string }) {
  const mode = value.startDate || value.endDate ? 'range' : 'all';
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        value={mode}
        onChange={(v) => onChange(v === 'all' ? { startDate: null, endDate: null } : { startDate: day(dayjs().startOf('month')), endDate: day(dayjs()) })}
        data={[
          { value: 'all', label: 'All time' },
          { value: 'range', label: 'Specific range' },
        ]}
      />
      {mode === 'range' && (
        <DatePickerInput
          type="range"
          aria-label="Period"
          placeholder="Choose a period"
          leftSection={<IconCalendar size={16} />}
          value={[value.startDate, value.endDate]}
          onChange={([start, end]) => onChange({ startDate: start ? String(start).slice(0, 10) : null, endDate: end ? String(end).slice(0, 10) : null })}
          presets={presets()}
          valueFormat="MMM D, YYYY"
          maxDate={new Date()}
          popoverProps={{ withinPortal: true }}
          allowSingleDateInRange
        />
      )}
    </Stack>
  );
}
