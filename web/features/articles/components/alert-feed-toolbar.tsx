import { Badge, Button, Tooltip } from '@mantine/core';
import { IconDownload, IconFilter, IconFilterOff, IconPencil } from '@tabler/icons-react';

interface Props {
  /** The alert is loaded, so its form can open. */
  canEdit: boolean;
  onEdit: () => void;
  /** How many filters are in force. */
  filterCount: number;
  onOpenFilters: () => void;
  onClearFilters: () => void;
  exporting: boolean;
  onExport: () => void;
}

/** The feed table's own buttons: edit the alert, filter (and clear the filters), export. */
export function AlertFeedToolbar({ canEdit, onEdit, filterCount, onOpenFilters, onClearFilters, exporting, onExport }: Props) {
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
        <Tooltip label="Clear filters" withArrow>
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
            Clear filters
          </Button>
        </Tooltip>
      )}
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport} loading={exporting}>
        Export
      </Button>
    </>
  );
}
