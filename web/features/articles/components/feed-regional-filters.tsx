import { MultiSelect, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import type { EaOnly, FeedFilters } from '../lib/feed-filters';

interface Props {
  draft: FeedFilters;
  onChange: (patch: Partial<FeedFilters>) => void;
  regionNames: string[];
  countryOptions: { value: string; label: string }[];
  onRegionsChange: (regions: string[]) => void;
}

/** The regional feed filters (capability regional_filters): regions, then their countries, and EA outlets. */
export function FeedRegionalFilters({ draft, onChange, regionNames, countryOptions, onRegionsChange }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <MultiSelect
        label="Regions"
        placeholder={draft.regions.length ? undefined : 'All regions'}
        searchable
        clearable
        data={regionNames}
        value={draft.regions}
        onChange={onRegionsChange}
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
        onChange={(v) => onChange({ countries: v })}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          EA outlets
        </Text>
        <SegmentedControl
          aria-label="EA outlets"
          value={String(draft.eaOnly)}
          onChange={(v) => onChange({ eaOnly: Number(v) as EaOnly })}
          data={[
            { value: '-1', label: 'All outlets' },
            { value: '1', label: 'EA only' },
            { value: '0', label: 'Without EA' },
          ]}
        />
      </Stack>
    </SimpleGrid>
  );
}
