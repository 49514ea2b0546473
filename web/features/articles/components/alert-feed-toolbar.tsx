import { Badge, Button, Switch, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconDownload, IconFilter, IconFilterOff, IconPencil } from '@tabler/icons-react';

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
  /** Copies of a story are one row (issue 32). */
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
  /** One story's copies are listed: the way back to the feed. */
  onCloseStory?: () => void;
}

/** The feed table's own buttons: group a story's copies (or leave one story's list), edit the alert, filter (and clear the filters), export. */
export function AlertFeedToolbar({
  canEdit,
  onEdit,
  filterCount,
  onOpenFilters,
  onClearFilters,
  exporting,
  onExport,
  grouped,
  onGroupedChange,
  onCloseStory,
}: Props) {
  return (
    <>
      {onCloseStory ? (
        <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={onCloseStory}>
          All stories
        </Button>
      ) : (
        <Switch
          label="Group copies"
          checked={grouped}
          onChange={(e) => onGroupedChange(e.currentTarget.checked)}
          styles={{ root: { alignSelf: 'center' }, label: { whiteSpace: 'nowrap' } }}
        />
      )}
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
