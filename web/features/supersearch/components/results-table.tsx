import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconBookmarkPlus, IconSearchOff } from '@tabler/icons-react';
import { getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { MSG } from '../../../../common/messages';
import type { QueryNode } from '../../../../common/query/types';
import classes from '../../../components/data-table/data-table.module.css';
import { BodyRows, FitTable, HeaderCell, TableError } from '../../../components/data-table/table-parts';
import type { ResultsMeta, SupersearchArticle } from '../api/supersearch';
import { currentPage, type CursorAction, type CursorPages } from '../lib/cursor-pages';
import type { ResultsTotal } from '../lib/total';
import { CursorPagination } from './cursor-pagination';
import { resultColumns } from './result-columns';
import { ResultsTotalBadge } from './results-total';

interface Props {
  rows: SupersearchArticle[] | undefined;
  meta: ResultsMeta | undefined;
  /** The page's exact total, or the volume call's while the page came without it. */
  total: ResultsTotal | null;
  loading: boolean;
  /** A new page is on its way while the previous one stays shown. */
  refreshing: boolean;
  error: { message: string; retry: () => void } | null;
  pages: CursorPages;
  onPages: (action: CursorAction) => void;
  query: QueryNode | null;
  operator: boolean;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onSave: () => void;
}

/**
 * The results: total, checkbox selection kept across pages (the bulk bar saves them to a
 * project), cursor pages and the empty state of the spec.
 */
export function ResultsTable(props: Props) {
  const { rows, meta, pages, selection } = props;
  const columns = useMemo(() => resultColumns({ operator: props.operator, query: props.query }), [props.operator, props.query]);
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId: (r) => r.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    enableRowSelection: true,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => props.onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
  });
  const selected = Object.keys(selection).filter((id) => selection[id]).length;
  const colCount = columns.length;
  const total = props.total?.state === 'known' ? props.total.total : null;

  return (
    <Paper component="section" withBorder radius="md" shadow="xs" aria-label="Results">
      <Group justify="space-between" gap="sm" p="md" wrap="wrap" mih={64}>
        <Group gap="sm">
          <Title order={2} size="h4">
            Results
          </Title>
          <ResultsTotalBadge total={props.total} />
        </Group>
        {selected > 0 && (
          <Group gap="xs" data-testid="bulk-bar">
            <Text size="sm" fw={500}>
              {selected} selected
            </Text>
            <Button size="xs" leftSection={<IconBookmarkPlus size={16} />} onClick={props.onSave}>
              Save to project
            </Button>
            <Button size="xs" variant="subtle" onClick={() => props.onSelectionChange({})}>
              Clear
            </Button>
          </Group>
        )}
      </Group>
      {props.error && <TableError message={props.error.message} onRetry={props.error.retry} />}
      <FitTable>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover className={classes.table}>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => (
                  <HeaderCell key={h.id} header={h} sorted={false} />
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody className={classes.body} data-fetching={props.refreshing || undefined}>
            <BodyRows table={table} loading={!!props.loading} skeletonRows={6} skeletonHeight={22} />
            {!props.loading && !props.error && rows && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  <Stack align="center" gap={6} className={classes.empty}>
                    <IconSearchOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
                    <Text c="dimmed" size="sm" ta="center" data-testid="results-empty">
                      {MSG.supersearch.empty}
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </FitTable>
      <CursorPagination
        page={currentPage(pages)}
        pageSize={pages.pageSize}
        rowCount={rows?.length ?? 0}
        total={total}
        hasNext={!!meta?.nextPage}
        disabled={props.refreshing}
        onFirst={() => props.onPages({ type: 'first' })}
        onPrevious={() => props.onPages({ type: 'previous' })}
        onNext={() => meta?.nextPage && props.onPages({ type: 'next', cursor: meta.nextPage })}
        onPageSizeChange={(pageSize) => props.onPages({ type: 'pageSize', pageSize })}
      />
    </Paper>
  );
}
