import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ListMeta } from '../../lib/api';
import { HoverTooltip } from '../hover-tooltip';
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

/**
 * The paging bar of a table (spec 000 §2 Tables): first, previous, current, next, last, the
 * rows-per-page control it is given (`sizeSelect`: Mantine's Select in table-pagination.tsx, a
 * native one in native-table-pagination.tsx) and a View all link. The page buttons' tooltips load
 * with the first hover or keyboard focus (HoverTooltip), not with the page.
 */
export function PaginationBar(props: TablePaginationProps & { sizeSelect: ReactNode }) {
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
        {props.sizeSelect}
        {/* The page buttons and "of N" stay on one line when the bar wraps on a phone. */}
        <Group gap={4} ms="xs" wrap="nowrap">
          <HoverTooltip label="First page">
            <ActionIcon variant="default" aria-label="First page" disabled={atStart} onClick={() => props.onPageChange(1)}>
              <IconChevronsLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </HoverTooltip>
          <HoverTooltip label="Previous page">
            <ActionIcon variant="default" aria-label="Previous page" disabled={atStart} onClick={() => props.onPageChange(page - 1)}>
              <IconChevronLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </HoverTooltip>
          <Button size="compact-sm" variant="light" aria-current="page" aria-label={`Page ${page} of ${lastPage}`} miw={28}>
            {page}
          </Button>
          <HoverTooltip label="Next page">
            <ActionIcon variant="default" aria-label="Next page" disabled={atEnd} onClick={() => props.onPageChange(page + 1)}>
              <IconChevronRight size={16} className={classes.flipRtl} />
            </ActionIcon>
          </HoverTooltip>
          <HoverTooltip label="Last page">
            <ActionIcon variant="default" aria-label="Last page" disabled={atEnd} onClick={() => props.onPageChange(lastPage)}>
              <IconChevronsRight size={16} className={classes.flipRtl} />
            </ActionIcon>
          </HoverTooltip>
          <Text size="sm" c="dimmed" ms={6} style={{ whiteSpace: 'nowrap' }}>
            of {lastPage}
          </Text>
        </Group>
      </Group>
    </Group>
  );
}
