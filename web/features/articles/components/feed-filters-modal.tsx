import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import { MAX_SCORE_CHOICES, MIN_SCORE_CHOICES, type FeedFilters } from '../lib/feed-filters';
import { FeedDateFilter } from './feed-date-filter';
import { FeedRegionalFilters } from './feed-regional-filters';
import { useFeedFiltersDraft } from './use-feed-filters-draft';

interface Props {
  opened: boolean;
  filters: FeedFilters;
  /** Region, country and EA-only filters (capability regional_filters). */
  regional: boolean;
  onClose: () => void;
  onApply: (filters: FeedFilters) => void;
}

const scoreOptions = (values: number[]) => values.map((v) => ({ value: String(v), label: v === 0.1 ? '0.1' : String(v) }));

/**
 * The feed's filters (000 §2, §4): All time or a Specific Period (start of month to today by
 * default, with presets), languages, Metacritic outlets, a media score range and, for
 * organizations with regional filters, regions then countries. The parent mounts it afresh on
 * each opening, so the draft starts from the filters in force.
 */
export function FeedFiltersModal({ opened, filters, regional, onClose, onApply }: Props) {
  const { draft, set, mode, changeMode, languages, regions, countryOptions, changeRegions, invalidScore, apply, reset } = useFeedFiltersDraft({
    opened,
    filters,
    regional,
    onClose,
    onApply,
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Filter articles" size="lg">
      <Stack gap="lg">
        <FeedDateFilter mode={mode} onModeChange={changeMode} draft={draft} onChange={set} />

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
          <FeedRegionalFilters
            draft={draft}
            onChange={set}
            regionNames={(regions.data ?? []).map((r) => r.name)}
            countryOptions={countryOptions}
            onRegionsChange={changeRegions}
          />
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
