import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { useCountries, useLanguages, useRegions } from '../api/reference';
import {
  EMPTY_FILTERS,
  MAX_SCORE_CHOICES,
  MIN_SCORE_CHOICES,
  datePresets,
  defaultPeriod,
  normalizeFilters,
  scoreRangeInvalid,
  type EaOnly,
  type FeedFilters,
} from '../lib/feed-filters';

interface Props {
  opened: boolean;
  filters: FeedFilters;
  /** Region, country and EA-only filters (capability regional_filters). */
  regional: boolean;
  onClose: () => void;
  onApply: (filters: FeedFilters) => void;
}

type DateMode = 'all' | 'period';

const scoreOptions = (values: number[]) => values.map((v) => ({ value: String(v), label: v === 0.1 ? '0.1' : String(v) }));

/**
 * The feed's filters (000 §2, §4): All time or a Specific Period (start of month to today by
 * default, with presets), languages, Metacritic outlets, a media score range and, for
 * organizations with regional filters, regions then countries. The parent mounts it afresh on
 * each opening, so the draft starts from the filters in force.
 */
export function FeedFiltersModal({ opened, filters, regional, onClose, onApply }: Props) {
  const [draft, setDraft] = useState<FeedFilters>(filters);
  const [mode, setMode] = useState<DateMode>(filters.startDate ? 'period' : 'all');
  const languages = useLanguages(opened);
  const regions = useRegions(opened && regional);
  const countries = useCountries(opened && regional);
  const set = (patch: Partial<FeedFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const invalidScore = scoreRangeInvalid(draft);
  const countryOptions = (countries.data ?? [])
    .filter((c) => draft.regions.includes(c.region))
    .map((c) => ({ value: c['iso-code'], label: c.name }));

  function changeMode(next: DateMode) {
    setMode(next);
    if (next === 'all') set({ startDate: null, endDate: null });
    else if (!draft.startDate) {
      const [startDate, endDate] = defaultPeriod();
      set({ startDate, endDate });
    }
  }

  function apply() {
    if (invalidScore) return;
    onApply(normalizeFilters(draft));
    onClose();
  }

  function reset() {
    setDraft(EMPTY_FILTERS);
    setMode('all');
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Filter articles" size="lg">
      <Stack gap="lg">
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Publication date
          </Text>
          <SegmentedControl
            aria-label="Publication date"
            value={mode}
            onChange={(v) => changeMode(v as DateMode)}
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
            onChange={([start, end]) => set({ startDate: start ? String(start).slice(0, 10) : null, endDate: end ? String(end).slice(0, 10) : null })}
            presets={datePresets()}
            valueFormat="MMM D, YYYY"
            maxDate={new Date()}
            popoverProps={{ withinPortal: true }}
            allowSingleDateInRange
          />
        </Stack>

        <MultiSelect
          label="Languages"
          placeholder={draft.languages.length ? undefined : 'All languages'}
          searchable
          clearable
          data={(languages.data ?? []).map((l) => ({ value: l.code, label: l.name }))}
          value={draft.languages}
          onChange={(v) => set({ languages: v })}
          nothingFoundMessage={languages.isPending ? 'Loading…' : 'No language found'}
          comboboxProps={{ withinPortal: true }}
        />

        <Switch
          label="Metacritic outlets only"
          description="Only articles from outlets that count towards Metacritic."
          checked={draft.metacritic}
          onChange={(e) => set({ metacritic: e.currentTarget.checked })}
        />

        <SimpleGrid cols={2} spacing="md">
          <Select
            label="Minimum media score"
            placeholder="Any"
            clearable
            data={scoreOptions(MIN_SCORE_CHOICES)}
            value={draft.minScore === null ? null : String(draft.minScore)}
            onChange={(v) => set({ minScore: v === null ? null : Number(v) })}
            error={invalidScore ? MSG.alerts.minBelowMax : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Maximum media score"
            placeholder="Any"
            clearable
            data={scoreOptions(MAX_SCORE_CHOICES)}
            value={draft.maxScore === null ? null : String(draft.maxScore)}
            onChange={(v) => set({ maxScore: v === null ? null : Number(v) })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>

        {regional && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MultiSelect
              label="Regions"
              placeholder={draft.regions.length ? undefined : 'All regions'}
              searchable
              clearable
              data={(regions.data ?? []).map((r) => r.name)}
              value={draft.regions}
              onChange={(v) => {
                // Countries live inside regions: drop those whose region was removed.
                const keep = new Set((countries.data ?? []).filter((c) => v.includes(c.region)).map((c) => c['iso-code']));
                set({ regions: v, countries: draft.countries.filter((c) => keep.has(c)) });
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Countries"
              placeholder={draft.regions.length ? (draft.countries.length ? undefined : 'All countries') : undefined}
              description={draft.regions.length ? undefined : MSG.alerts.regionFirst}
              disabled={draft.regions.length === 0}
              searchable
              clearable
              data={countryOptions}
              value={draft.countries}
              onChange={(v) => set({ countries: v })}
              comboboxProps={{ withinPortal: true }}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                EA outlets
              </Text>
              <SegmentedControl
                aria-label="EA outlets"
                value={String(draft.eaOnly)}
                onChange={(v) => set({ eaOnly: Number(v) as EaOnly })}
                data={[
                  { value: '-1', label: 'All outlets' },
                  { value: '1', label: 'EA only' },
                  { value: '0', label: 'Without EA' },
                ]}
              />
            </Stack>
          </SimpleGrid>
        )}

        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={reset}>
            Reset
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={apply} disabled={invalidScore}>
              Apply filters
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
