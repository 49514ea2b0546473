import type { ReactNode } from 'react';
import { Button, CloseButton, Group, SegmentedControl, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ArchiveView } from './use-table-state';

export interface TableToolbarProps {
  searchInput: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder: string;
  view?: ArchiveView;
  onViewChange?: (view: ArchiveView) => void;
  onExport?: () => void;
  exporting?: boolean;
  createLabel?: string;
  onCreate?: () => void;
  /** When set, the Create button is disabled and this explains why. */
  createDisabledReason?: string | null;
  selectedCount: number;
  onClearSelection: () => void;
  selectionActions?: ReactNode;
  extra?: ReactNode;
  /** Filters beside the search field. */
  filters?: ReactNode;
}

/** Search, Active/Archived, export and Create; turns into a bulk bar while rows are checked. */
export function TableToolbar(props: TableToolbarProps) {
  const create = props.onCreate && props.createLabel && (
    <Tooltip label={props.createDisabledReason} disabled={!props.createDisabledReason} multiline w={260} withArrow>
      {/* a disabled button gets no pointer events: the wrapper keeps the tooltip working */}
      <span>
        <Button leftSection={<IconPlus size={16} />} onClick={props.onCreate} disabled={!!props.createDisabledReason}>
          {props.createLabel}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <Group justify="space-between" gap="sm" p="md" wrap="wrap">
      <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
        <TextInput
          aria-label="Search"
          placeholder={props.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={props.searchInput}
          onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          rightSection={props.searchInput ? <CloseButton size="sm" aria-label="Clear search" onClick={() => props.onSearchChange('')} /> : null}
          w={{ base: '100%', xs: 260 }}
        />
        {props.filters}
        {props.view && props.onViewChange && (
          <SegmentedControl
            aria-label="Show active or archived"
            value={props.view}
            onChange={(v) => props.onViewChange?.(v as ArchiveView)}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
        )}
        {props.selectedCount > 0 && (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {props.selectedCount} selected
            </Text>
            {props.selectionActions}
            <Button variant="subtle" size="compact-sm" onClick={props.onClearSelection}>
              Clear
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm">
        {props.extra}
        {props.onExport && (
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onExport} loading={props.exporting}>
            Export
          </Button>
        )}
        {create}
      </Group>
    </Group>
  );
}
