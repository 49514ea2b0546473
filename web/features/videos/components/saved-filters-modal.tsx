import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { DateRangeFilter } from '../../../components/media/date-range-filter';
import { RangeFilter, rangeError } from '../../../components/media/range-filter';
import { useActiveTags } from '../../../components/tag-picker';
import { useLanguages } from '../../reference/api/reference';
import { EMPTY_SAVED_FILTERS, type SavedVideoFilters } from '../lib/video-filters';

interface Props {
  opened: boolean;
  projectId: string;
  filters: SavedVideoFilters;
  onClose: () => void;
  onApply: (filters: SavedVideoFilters) => void;
}

/** Saved videos' filters (000 §2): publication dates, tags, languages, channel subscribers. Mounted afresh per opening. */
export function SavedFiltersModal({ opened, projectId, filters, onClose, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const tags = useActiveTags(projectId);
  const languages = useLanguages(opened);
  const invalid = rangeError({ min: draft.minFollowers, max: draft.maxFollowers }) !== null;
  return (
    <Modal opened={opened} onClose={onClose} title="Filter saved videos" size="md">
      <Stack gap="lg">
        <DateRangeFilter value={draft} onChange={(d) => setDraft({ ...draft, ...d })} />
        <MultiSelect
          label="Tags"
          placeholder={draft.tags.length ? undefined : 'All tags'}
          searchable
          clearable
          data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={draft.tags}
          onChange={(v) => setDraft({ ...draft, tags: v })}
          nothingFoundMessage={tags.isPending ? 'Loading…' : 'No tag found'}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="Languages"
          placeholder={draft.languages.length ? undefined : 'All languages'}
          searchable
          clearable
          data={(languages.data ?? []).map((l) => ({ value: l.code ?? l.id, label: l.name }))}
          value={draft.languages}
          onChange={(v) => setDraft({ ...draft, languages: v })}
          nothingFoundMessage={languages.isPending ? 'Loading…' : 'No language found'}
          comboboxProps={{ withinPortal: true }}
        />
        <RangeFilter
          label="Subscribers"
          value={{ min: draft.minFollowers, max: draft.maxFollowers }}
          onChange={(r) => setDraft({ ...draft, minFollowers: r.min, maxFollowers: r.max })}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft(EMPTY_SAVED_FILTERS)}>
            Reset
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={invalid}
              onClick={() => {
                onApply(draft);
                onClose();
              }}
            >
              Apply filters
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
