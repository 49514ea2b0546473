import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { MSG } from '../../../common/messages';

export interface NumberRange {
  min: number | null;
  max: number | null;
}

/** The range's error: the minimum above the maximum, else null. */
export function rangeError(range: NumberRange, message: string = MSG.videos.minBelowMax): string | null {
  return range.min !== null && range.max !== null && range.min > range.max ? message : null;
}

export interface RangeFilterProps {
  /** "Views", "Subscribers", "Followers": the inputs read "Min views", "Max views". */
  label: string;
  value: NumberRange;
  onChange: (value: NumberRange) => void;
  /** Overrides the min ≤ max message. */
  errorMessage?: string;
}

const toNumber = (v: string | number): number | null => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Math.max(0, Math.floor(Number(v))));

/**
 * Two whole-number inputs (min and max, both optional, never negative). When min is above max
 * the max input shows why; the caller checks `rangeError` before applying.
 */
export function RangeFilter({ label, value, onChange, errorMessage }: RangeFilterProps) {
  const error = rangeError(value, errorMessage);
  const lower = label.toLowerCase();
  return (
    <Stack gap={4}>
      <Group grow align="flex-start" gap="sm">
        <NumberInput
          label={`Min ${lower}`}
          placeholder="Any"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={value.min ?? ''}
          onChange={(v) => onChange({ ...value, min: toNumber(v) })}
          error={!!error}
        />
        <NumberInput
          label={`Max ${lower}`}
          placeholder="Any"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={value.max ?? ''}
          onChange={(v) => onChange({ ...value, max: toNumber(v) })}
          error={!!error}
        />
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
