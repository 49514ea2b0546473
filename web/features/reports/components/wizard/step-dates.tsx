import '@mantine/dates/styles.css';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { DateRange } from './use-report-wizard';

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

function presets(now = dayjs()): { label: string; value: [string, string] }[] {
  const lastMonth = now.subtract(1, 'month');
  return [
    { label: 'Last 7 days', value: [day(now.subtract(6, 'day')), day(now)] },
    { label: 'Last 30 days', value: [day(now.subtract(29, 'day')), day(now)] },
    { label: 'This month', value: [day(now.startOf('month')), day(now)] },
    { label: 'Last month', value: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
    { label: 'Last 3 months', value: [day(now.subtract(3, 'month')), day(now)] },
    { label: 'This year', value: [day(now.startOf('year')), day(now)] },
  ];
}

/** Step 0: the period the report covers. Editable only here (spec 000 §4). */
export function StepDates({ range, onChange, editable }: { range: DateRange; onChange: (r: DateRange) => void; editable: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" shadow="xs">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <ThemeIcon variant="light" size={48} radius="md">
          <IconCalendarEvent size={26} />
        </ThemeIcon>
        <Stack gap="md" style={{ flex: 1 }}>
          <div>
            <Text fw={650} size="lg">
              Which period should the report cover?
            </Text>
            <Text c="dimmed" size="sm">
              Articles published between these days, both included. The dates cannot be changed after this step.
            </Text>
          </div>
          <DatePickerInput
            type="range"
            label="Date range"
            placeholder="Choose a period"
            leftSection={<IconCalendar size={16} />}
            value={range}
            onChange={(v) => onChange([v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null])}
            presets={presets()}
            valueFormat="MMM D, YYYY"
            maxDate={day(dayjs())}
            disabled={!editable}
            allowSingleDateInRange
            popoverProps={{ withinPortal: true }}
            maw={380}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
