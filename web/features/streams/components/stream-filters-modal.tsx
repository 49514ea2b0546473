import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, TagsInput, Text } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import { DateRangeFilter } from '../../../components/media/date-range-filter';
import { RangeFilter } from '../../../components/media/range-filter';
import { useActiveTags } from '../../../components/tag-picker';
import { useLanguages } from '../../reference/api/reference';
import { EMPTY_STREAM_FILTERS, filtersInvalid, normalizeStreamFilters, type StreamFilters } from '../lib/stream-filters';

interface Props {
  opened: boolean;
  /** feed: Twitch tags and view bounds; saved: the project's tags. */
  variant: 'feed' | 'saved';
  projectId: string;
  filters: StreamFilters;
  onClose: () => void;
  onApply: (filters: StreamFilters) => void;
}

/**
 * Filters of the stream feed (dates, follower or view bounds, languages, Twitch tags) and of saved
 * streams (dates, tags, languages, follower bounds). The parent mounts it afresh on each opening,
 * so the draft starts from the filters in force.
 */
export function StreamFiltersModal({ opened, variant, projectId, filters, onClose, onApply }: Props) {
  const [draft, setDraft] = useState<StreamFilters>(filters);
  const set = (patch: Partial<StreamFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const languages = useLanguages(opened);
  const tags = useActiveTags(projectId);
  const invalid = filtersInvalid(draft);
  // A tag typed but not yet confirmed with Enter still counts when the filters are applied.
  const [tagSearch, setTagSearch] = useState('');

  function apply() {
    if (invalid) return;
    const typed = tagSearch.trim();
    const tags = typed && !draft.tags.includes(typed) ? [...draft.tags, typed] : draft.tags;
    onApply(normalizeStreamFilters({ ...draft, tags }));
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={variant === 'feed' ? 'Filter streams' : 'Filter saved streams'} size="lg">
      <Stack gap="lg">
        <DateRangeFilter value={{ startDate: draft.startDate, endDate: draft.endDate }} onChange={set} />
        <RangeFilter
          label="Followers"
          value={{ min: draft.minFollowers, max: draft.maxFollowers }}
          onChange={(r) => set({ minFollowers: r.min, maxFollowers: r.max })}
          errorMessage={MSG.streams.minBelowMax}
        />
        {variant === 'feed' && (
          <RangeFilter
            label="Views"
            value={{ min: draft.minViews, max: draft.maxViews }}
            onChange={(r) => set({ minViews: r.min, maxViews: r.max })}
            errorMessage={MSG.streams.minBelowMax}
          />
        )}
        <MultiSelect
          label="Languages"
          placeholder={draft.languages.length ? undefined : 'All languages'}
          searchable
          clearable
          data={(languages.data ?? []).map((l) => ({ value: l.code, label: l.name }))}
          value={draft.languages}
          onChange={(languages) => set({ languages })}
          nothingFoundMessage={languages.isPending ? 'Loading…' : 'No language found'}
          comboboxProps={{ withinPortal: true }}
        />
        {variant === 'feed' ? (
          <TagsInput
            label="Twitch tags"
            description="Streams with any of these tags."
            placeholder={draft.tags.length ? undefined : 'e.g. English, Speedrun'}
            value={draft.tags}
            onChange={(tags) => set({ tags })}
            searchValue={tagSearch}
            onSearchChange={setTagSearch}
            clearable
          />
        ) : (
          <MultiSelect
            label="Tags"
            placeholder={draft.tags.length ? undefined : 'All tags'}
            searchable
            clearable
            data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={draft.tags}
            onChange={(v) => set({ tags: v })}
            nothingFoundMessage={<Text size="sm">No tag found</Text>}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="space-between" mt="xs">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setDraft(EMPTY_STREAM_FILTERS);
              setTagSearch('');
            }}
          >
            Reset
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={apply} disabled={invalid}>
              Apply filters
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
