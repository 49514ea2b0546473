import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { MEDIA_PAGE_SIZE } from '../../../common/schemas/videos';
import { MSG } from '../../../common/messages';
import { downloadCsv } from '../../lib/api';
import { toastError, toastSuccess } from '../toasts';
import type { Row } from '../data-table/data-table';
import { RowActions, type RowAction } from '../data-table/row-actions';
import { TablePagination } from '../data-table/table-pagination';
import { BodyRows, FitTable, HeaderCell, TableError } from '../data-table/table-parts';
import { TableToolbar } from '../data-table/table-toolbar';
import type { FilterValue } from '../data-table/use-list-query';
import { useTableState } from '../data-table/use-table-state';
import { mediaListQuery, useMediaList, type MediaListMeta } from './use-media-list';
import classes from '../data-table/data-table.module.css';

/** Page sizes of the video and stream tables (spec 001 §9: 10 by default; the routes allow up to 100). */
export const MEDIA_PAGE_SIZES = [10, 25, 50, 100] as const;
const MAX_PAGE_SIZE = 100;

export interface MediaTableProps<A> {
  /** The list call: `youtube_feed/{id}`, `saved_videos`… */
  path: string;
  /** `pageSize` (feeds, default) or `sizePerPage` (saved lists). */
  pageSizeParam?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<Row<A>, any>[];
  /** Plain query filters sent with every page (project_id, minViews, startDate…); a change goes back to page 1. */
  filter?: Record<string, FilterValue>;
  /** The default sort, `-published_at` style (leading '-' = descending). */
  defaultSort: string;
  pageSizeOptions?: readonly number[];
  searchPlaceholder?: string;
  selectable?: boolean;
  selectionActions?: (rows: Row<A>[], clear: () => void) => ReactNode;
  rowActions?: (row: Row<A>) => RowAction[];
  rowLabel?: (row: Row<A>) => string;
  toolbarExtra?: ReactNode;
  /**
   * CSV file name; when set, Export downloads every row of the list as the route answers it to
   * `Accept: text/csv` (filters, search and sort kept; no paging).
   */
  exportName?: string;
  enabled?: boolean;
  /** Told of each page's meta (a feed shows its `latest_pull`). */
  onMeta?: (meta: MediaListMeta) => void;
}

const splitSort = (sort: string) => ({ sortField: sort.replace(/^-/, ''), sortOrder: sort.startsWith('-') ? ('desc' as const) : ('asc' as const) });

/**
 * The table of the video and stream screens: the DataTable's look (fitting columns, cards on
 * phones, toolbar, paging) over the media routes' own query spelling (page, pageSize or
 * sizePerPage, sortField, sortOrder, searchTerm). "View all" shows the routes' largest page (100).
 */
export function MediaTable<A>(props: MediaTableProps<A>) {
  const state = useTableState({ defaultPageSize: MEDIA_PAGE_SIZE, defaultSort: props.defaultSort });

  // New filters from the page go back to page 1 and clear the checked rows.
  const filterKey = JSON.stringify(props.filter ?? {});
  const { setPage } = state;
  useEffect(() => setPage(1), [filterKey, setPage]);

  const sort = state.sort ?? props.defaultSort;
  const params = {
    page: state.page,
    pageSize: state.viewAll ? MAX_PAGE_SIZE : state.pageSize,
    pageSizeParam: props.pageSizeParam,
    ...splitSort(sort),
    searchTerm: state.search || undefined,
    filter: props.filter,
  };
  const query = useMediaList<A>(props.path, params, { enabled: props.enabled });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const meta = query.data?.meta;

  const { onMeta } = props;
  useEffect(() => {
    if (meta) onMeta?.(meta);
  }, [meta, onMeta]);

  // A page that no longer exists (after deleting the last rows of the last page) falls back to the last one.
  useEffect(() => {
    if (meta && !query.isPlaceholderData && state.page > Math.max(1, meta.last_page)) setPage(Math.max(1, meta.last_page));
  }, [meta, query.isPlaceholderData, state.page, setPage]);

  const hasRowActions = !!props.rowActions;
  const columns = useMemo(() => {
    const cols = [...props.columns];
    if (props.selectable) cols.unshift(selectColumn<A>());
    if (hasRowActions) {
      cols.push({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        meta: { width: 56, align: 'right', label: false },
        cell: ({ row, table }) => {
          const m = table.options.meta as { rowActions: (r: Row<A>) => RowAction[]; rowLabel?: (r: Row<A>) => string };
          return <RowActions actions={m.rowActions(row.original)} label={(m.rowLabel ?? ((r: Row<A>) => r.id))(row.original)} />;
        },
      });
    }
    return cols;
  }, [props.columns, props.selectable, hasRowActions]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => r.id,
    meta: { rowActions: props.rowActions, rowLabel: props.rowLabel },
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: props.selectable ?? false,
    state: { rowSelection: state.selection },
    onRowSelectionChange: state.setSelection,
  });

  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const { page: _page, [params.pageSizeParam ?? 'pageSize']: _size, ...everyRow } = mediaListQuery(params);
      await downloadCsv(props.path, everyRow, props.exportName ?? props.path);
      toastSuccess(MSG.exports.ready);
    } catch (err) {
      toastError(err, MSG.exports.failure);
    } finally {
      setExporting(false);
    }
  }

  const selectedRows = rows.filter((r) => state.selection[r.id]);
  const clearSelection = () => state.setSelection({});
  const colCount = table.getVisibleLeafColumns().length;

  return (
    <Paper withBorder radius="md" shadow="xs">
      <TableToolbar
        searchInput={state.searchInput}
        onSearchChange={state.changeSearch}
        searchPlaceholder={props.searchPlaceholder ?? 'Search…'}
        selectedCount={selectedRows.length}
        onClearSelection={clearSelection}
        selectionActions={props.selectionActions?.(selectedRows, clearSelection)}
        extra={props.toolbarExtra}
        onExport={props.exportName ? exportCsv : undefined}
        exporting={exporting}
      />
      {query.isError && <TableError message={(query.error as Error).message} onRetry={() => void query.refetch()} />}
      <FitTable>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover className={classes.table}>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortField = h.column.columnDef.meta?.sortField;
                  const current = splitSort(sort);
                  const sorted = sortField && current.sortField === sortField ? current.sortOrder : false;
                  // asc → desc → back to the default order, as every table of the app.
                  const onSort = sortField
                    ? () => state.setSort(sorted === 'asc' ? `-${sortField}` : sorted === 'desc' ? props.defaultSort : sortField)
                    : undefined;
                  return <HeaderCell key={h.id} header={h} sorted={sorted} onSort={onSort} />;
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody className={classes.body} data-fetching={query.isPlaceholderData || undefined}>
            <BodyRows table={table} loading={query.isPending && query.fetchStatus !== 'idle'} skeletonRows={5} skeletonHeight={40} />
            {!query.isPending && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  <Stack align="center" gap={6} className={classes.empty}>
                    <IconDatabaseOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
                    <Text c="dimmed" size="sm">
                      {MSG.emptyTable}
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </FitTable>
      <TablePagination
        meta={meta}
        page={state.page}
        pageSize={state.pageSize}
        pageSizeOptions={props.pageSizeOptions ?? MEDIA_PAGE_SIZES}
        viewAll={state.viewAll}
        onPageChange={state.setPage}
        onPageSizeChange={state.setPageSize}
        onViewAllChange={state.setViewAll}
      />
    </Paper>
  );
}

function selectColumn<A>(): ColumnDef<Row<A>> {
  return {
    id: 'select',
    meta: { width: 44, label: false },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox aria-label="Select row" checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}
