import '@mantine/dates/styles.css';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { datePresets, type FeedFilters } from '../lib/feed-filters';
import type { DateMode } from './use-feed-filters-draft';

interface Props {
  mode: DateMode;
  onModeChange: (mode: DateMode) => void;
  draft: FeedFilters;
  onChange: (patch: Partial<FeedFilters>) => void;
}

/** The feed filter on publication date: All time, or a Specific Period with presets. */
export function FeedDateFilter({ mode, onModeChange, draft, onChange }: Props) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Publication date
      </Text>
      <SegmentedControl
        aria-label="Publication date"
        value={mode}
        onChange={(v) => onModeChange(v as DateMode)}
        data={[
          { value: 'all', label: 'All time' },
          { value: 'period', label: 'Specific Period' },
        ]}
      />
      <DatePickerInput
        type="range"
        aria-label="Period"
        placeholder="Choose a period"
        leftSection={<IconCalendar size={16} />}
        disabled={mode === 'all'}
        value={[draft.startDate, draft.endDate]}
        onChange={([start, end]) => onChange({ startDate: start ? String(start).slice(0, 10) : null, endDate: end ? String(end).slice(0, 10) : null })}
        presets={datePresets()}
        valueFormat="MMM D, YYYY"
        maxDate={new Date()}
        popoverProps={{ withinPortal: true }}
        allowSingleDateInRange
      />
    </Stack>
  );
}
