import { ActionIcon, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import classes from '../../../components/data-table/data-table.module.css';
import { RESULT_PAGE_SIZES } from '../lib/search-form';

interface Props {
  page: number;
  pageSize: number;
  /** Rows on this page (the range shown is computed from it). */
  rowCount: number;
  /** Null while it is not known (still counting, or not counted): the range is shown alone. */
  total: number | null;
  hasNext: boolean;
  disabled?: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onPageSizeChange: (size: number) => void;
}

/**
 * First / previous / next over cursor pages. A cursor cannot jump to a page number, so there
 * is no Last button; the range and total say where the page sits.
 */
export function CursorPagination(props: Props) {
  const { page, pageSize, rowCount, total } = props;
  const from = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = rowCount === 0 ? 0 : from + rowCount - 1;
  const atStart = page <= 1;
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="results-range" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {from.toLocaleString('en')}–{to.toLocaleString('en')}
        {total !== null && ` of ${total.toLocaleString('en')}`}
      </Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed" visibleFrom="xs">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={76}
          allowDeselect={false}
          data={RESULT_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && props.onPageSizeChange(Number(v))}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap={4} ms="xs">
          <Tooltip label="First page">
            <ActionIcon variant="default" aria-label="First page" disabled={atStart || props.disabled} onClick={props.onFirst}>
              <IconChevronsLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Previous page">
            <ActionIcon variant="default" aria-label="Previous page" disabled={atStart || props.disabled} onClick={props.onPrevious}>
              <IconChevronLeft size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
          <Button size="compact-sm" variant="light" aria-current="page" aria-label={`Page ${page}`} miw={28} data-testid="current-page">
            {page}
          </Button>
          <Tooltip label="Next page">
            <ActionIcon variant="default" aria-label="Next page" disabled={!props.hasNext || props.disabled} onClick={props.onNext}>
              <IconChevronRight size={16} className={classes.flipRtl} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Group>
  );
}
