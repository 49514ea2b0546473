import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DateRangeFilter } from '../../../components/media/date-range-filter';
import { RangeFilter, rangeError } from '../../../components/media/range-filter';
import { EMPTY_FEED_FILTERS, type FeedVideoFilters } from '../lib/video-filters';

interface Props {
  opened: boolean;
  filters: FeedVideoFilters;
  onClose: () => void;
  onApply: (filters: FeedVideoFilters) => void;
}

/**
 * The feed's filters (000 §2): minimum and maximum views, publication date all time or a
 * specific range. The parent mounts it afresh on each opening, so the draft starts from the
 * filters in force.
 */
export function FeedFiltersModal({ opened, filters, onClose, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const invalid = rangeError({ min: draft.minViews, max: draft.maxViews }) !== null;
  return (
    <Modal opened={opened} onClose={onClose} title="Filter videos" size="md">
      <Stack gap="lg">
        <RangeFilter
          label="Views"
          value={{ min: draft.minViews, max: draft.maxViews }}
          onChange={(r) => setDraft({ ...draft, minViews: r.min, maxViews: r.max })}
        />
        <DateRangeFilter value={draft} onChange={(d) => setDraft({ ...draft, ...d })} />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft(EMPTY_FEED_FILTERS)}>
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
