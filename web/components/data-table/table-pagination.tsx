import { ActionIcon, Anchor, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ListMeta } from '../../lib/api';
import classes from './data-table.module.css';

export interface TablePaginationProps {
  meta: ListMeta | undefined;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  viewAll: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onViewAllChange: (all: boolean) => void;
}

/** First, previous, current, next, Last, a page-size dropdown and a View all link (spec 000 §2 Tables). */
export function TablePagination(props: TablePaginationProps) {
  const { meta, page, pageSize, viewAll } = props;
  const total = meta?.total_entries ?? 0;
  const lastPage = Math.max(1, meta?.last_page ?? 1);
  const size = meta?.page_size ?? pageSize;
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const atStart = page <= 1;
  const atEnd = page >= lastPage;

  return (
    <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="range" dir="auto">
          {from}–{to} of {total}
        </Text>
        {(viewAll || total > size) && (
          <Anchor component="button" type="button" size="sm" onClick={() => props.onViewAllChange(!viewAll)}>
            {viewAll ? 'View less' : 'View all'}
          </Anchor>
        )}
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed" visibleFrom="xs">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={76}
          allowDeselect={false}
          data={props.pageSizeOptions.map(String)}
          value={viewAll ? null : String(pageSize)}
          placeholder="All"
          onChange={(v) => v && props.onPageSizeChange(Number(v))}
          comboboxProps={{ withinPortal: true }}
        />
        {/* The page buttons and "of N" stay on one line when the bar wraps on a phone. */}
        <Group gap={4} ms="xs" wrap="nowrap">
          <Tooltip label="First page">
            <ActionIcon variant="default" aria-label="First page" disabled={atStart} onClick={() => props.onPageChange(1)}>
              <IconChevronsLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Previous page">
            <ActionIcon variant="default" aria-label="Previous page" disabled={atStart} onClick={() => props.onPageChange(page - 1)}>
              <IconChevronLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Button size="compact-sm" variant="light" aria-current="page" aria-label={`Page ${page} of ${lastPage}`} miw={28}>
            {page}
          </Button>
          <Tooltip label="Next page">
            <ActionIcon variant="default" aria-label="Next page" disabled={atEnd} onClick={() => props.onPageChange(page + 1)}>
              <IconChevronRight size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Last page">
            <ActionIcon variant="default" aria-label="Last page" disabled={atEnd} onClick={() => props.onPageChange(lastPage)}>
              <IconChevronsRight size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" c="dimmed" ms={6} style={{ whiteSpace: 'nowrap' }}>
            of {lastPage}
          </Text>
        </Group>
      </Group>
    </Group>
  );
}
