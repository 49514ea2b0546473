import { useState } from 'react';
import { Badge, Button, Group, Select } from '@mantine/core';
import { IconFilter, IconFilterOff, IconPencil, IconRefresh } from '@tabler/icons-react';

interface Props {
  canEdit: boolean;
  onEdit: () => void;
  filterCount: number;
  onOpenFilters: () => void;
  onClearFilters: () => void;
  /** Set for the platform operator only: "Get streams" polls the feed now. */
  onRefresh?: () => void;
  refreshing?: boolean;
}

/** The feed's own buttons: edit the feed, filters (and clear them), and the operator's Get streams. */
export function FeedToolbar({ canEdit, onEdit, filterCount, onOpenFilters, onClearFilters, onRefresh, refreshing }: Props) {
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit} disabled={!canEdit}>
        Edit feed
      </Button>
      <Button
        variant={filterCount ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={
          filterCount ? (
            <Badge size="xs" circle>
              {filterCount}
            </Badge>
          ) : undefined
        }
        onClick={onOpenFilters}
      >
        Filters
      </Button>
      {filterCount > 0 && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
      {onRefresh && (
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refreshing}>
          Get streams
        </Button>
      )}
    </>
  );
}

export type StreamBulkAction = 'save' | 'delete';

/** The bulk bar of checked rows: save to Saved Coverage or delete from the feed, then Apply. */
export function FeedBulkBar({ onApply, busy }: { onApply: (action: StreamBulkAction) => void; busy?: boolean }) {
  const [action, setAction] = useState<StreamBulkAction | null>(null);
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label="Bulk action"
        placeholder="Select an action"
        size="xs"
        w={200}
        data={[
          { value: 'save', label: 'Save to Saved Coverage' },
          { value: 'delete', label: 'Delete from feed' },
        ]}
        value={action}
        onChange={(v) => setAction(v as StreamBulkAction | null)}
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" disabled={!action} loading={busy} onClick={() => action && onApply(action)}>
        Apply
      </Button>
    </Group>
  );
}
