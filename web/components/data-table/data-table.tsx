import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { getCoreRowModel, useReactTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { PAGE_SIZES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { downloadCsv } from '../../lib/api';
import { toastError, toastSuccess } from '../toasts';
import { RowActions, type RowAction } from './row-actions';
import { TablePagination } from './table-pagination';
import { BodyRows, FitTable, HeaderCell, TableError } from './table-parts';
import { TableToolbar } from './table-toolbar';
import { listParamsQuery, useListQuery, type FilterValue, type ListParams } from './use-list-query';
import { useTableState } from './use-table-state';
import classes from './data-table.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API's sort field; a column without one cannot be sorted. */
    sortField?: string;
    /** Fixed width in px (the table lays out with fixed widths; columns without one share the rest). */
    width?: number | string;
    align?: 'left' | 'right' | 'center';
    /**
     * The headline column (title, name, domain): it takes the free width, is never hidden, and
     * leads each card on narrow screens. Without one, the first column with a text header leads.
     */
    primary?: boolean;
    /**
     * How much the column matters when space runs out: 1 (default) always shown, in cards too;
     * 2 hidden in narrow tables (below 1000 px) and in cards; 3 hidden below 1200 px and in cards.
     */
    priority?: 1 | 2 | 3;
    /** The name of the fact in a card when the header is not plain text (false: no label). */
    label?: string | false;
  }
}

export type Row<A> = A & { id: string };

interface RowMenuMeta<A> {
  rowActions?: (row: Row<A>) => RowAction[];
  rowLabel?: (row: Row<A>) => string;
}

export interface DataTableProps<A> {
  /** The list call (GET `path`) and the CSV export of the same rows. */
  path: string;
  /** Where the CSV export streams from when it is not `path` (e.g. `csv/articles`, no row cap). */
  exportPath?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<Row<A>, any>[];
  /** Fixed filters (e.g. project_id), sent with every page and with the export. */
  filter?: Record<string, FilterValue>;
  defaultSort?: string;
  defaultPageSize?: number;
  pageSizeOptions?: readonly number[];
  searchPlaceholder?: string;
  /** CSV file name; the Export button shows when it is set. */
  exportName?: string;
  /** Shows the Active/Archived toggle (filter[locked]). */
  archivable?: boolean;
  selectable?: boolean;
  selectionActions?: (rows: Row<A>[], clear: () => void) => ReactNode;
  createLabel?: string;
  onCreate?: () => void;
  createDisabledReason?: string | null;
  rowActions?: (row: Row<A>) => RowAction[];
  /** Accessible name of a row in its action menu. */
  rowLabel?: (row: Row<A>) => string;
  toolbarExtra?: ReactNode;
  /** Filters shown beside the search field (a Select that maps to a `filter`). */
  toolbarFilters?: ReactNode;
  /**
   * What an empty list says when nothing narrows it (no search; the page passes it only without
   * filters of its own): why there are no rows yet and what to do. The catalogue's "No matching
   * data" otherwise.
   */
  emptyState?: ReactNode;
  enabled?: boolean;
}

function sortToState(sort: string | undefined): SortingState {
  if (!sort) return [];
  const desc = sort.startsWith('-');
  return [{ id: sort.replace(/^-/, ''), desc }];
}

/**
 * The table of every list screen: server-side paging, sort and search, CSV export of the same
 * filters, checkbox selection, Active/Archived toggle, a Create button and row menus.
 */
export function DataTable<A>(props: DataTableProps<A>) {
  const state = useTableState({ defaultPageSize: props.defaultPageSize, defaultSort: props.defaultSort });
  const [exporting, setExporting] = useState(false);
  const archivable = props.archivable ?? false;

  // New fixed filters from the page count as a filter change: back to page 1, same page size.
  const filterKey = JSON.stringify(props.filter ?? {});
  const [seenFilterKey, setSeenFilterKey] = useState(filterKey);
  if (seenFilterKey !== filterKey) {
    setSeenFilterKey(filterKey);
    state.setPage(1);
  }

  const filter = useMemo(() => ({ ...props.filter, ...(archivable ? { locked: state.view === 'archived' } : {}) }), [props.filter, archivable, state.view]);
  const params: ListParams = { page: state.page, pageSize: state.effectivePageSize, sort: state.sort, search: state.search || undefined, filter };
  const query = useListQuery<A>(props.path, params, { enabled: props.enabled });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const meta = query.data?.meta;

  // A page that no longer exists (after archiving the last rows of the last page) falls back to the last one.
  const { setPage } = state;
  useEffect(() => {
    if (meta && !query.isPlaceholderData && state.page > Math.max(1, meta.last_page)) setPage(Math.max(1, meta.last_page));
  }, [meta, query.isPlaceholderData, state.page, setPage]);

  // The actions column reads the menu builders from the table's meta, so pages may pass inline
  // functions: a new function must not rebuild the column (that remounts an open row menu).
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
          const { rowActions, rowLabel } = table.options.meta as RowMenuMeta<A>;
          return <RowActions actions={rowActions!(row.original)} label={(rowLabel ?? ((r: Row<A>) => r.id))(row.original)} />;
        },
      });
    }
    return cols;
  }, [props.columns, props.selectable, hasRowActions]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => r.id,
    meta: { rowActions: props.rowActions, rowLabel: props.rowLabel } satisfies RowMenuMeta<A>,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableRowSelection: props.selectable ?? false,
    state: { sorting: sortToState(state.sort), rowSelection: state.selection },
    onRowSelectionChange: state.setSelection,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sortToState(state.sort)) : updater;
      state.setSort(next[0] ? `${next[0].desc ? '-' : ''}${next[0].id}` : props.defaultSort);
    },
  });

  const selectedIds = Object.keys(state.selection).filter((id) => state.selection[id]);
  const selectedRows = rows.filter((r) => state.selection[r.id]);
  const clearSelection = () => state.setSelection({});

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCsv(props.exportPath ?? props.path, listParamsQuery({ sort: state.sort, search: state.search, filter }), props.exportName ?? props.path);
      toastSuccess(MSG.exports.ready);
    } catch (err) {
      toastError(err, MSG.exports.failure);
    } finally {
      setExporting(false);
    }
  }

  const colCount = table.getVisibleLeafColumns().length;

  return (
    <Paper withBorder radius="md" shadow="xs">
      <TableToolbar
        searchInput={state.searchInput}
        onSearchChange={state.changeSearch}
        searchPlaceholder={props.searchPlaceholder ?? 'Search…'}
        view={archivable ? state.view : undefined}
        onViewChange={archivable ? state.setView : undefined}
        onExport={props.exportName ? exportCsv : undefined}
        exporting={exporting}
        createLabel={props.createLabel}
        onCreate={props.onCreate}
        createDisabledReason={props.createDisabledReason}
        selectedCount={selectedIds.length}
        onClearSelection={clearSelection}
        selectionActions={props.selectionActions?.(selectedRows, clearSelection)}
        extra={props.toolbarExtra}
        filters={props.toolbarFilters}
      />
      {query.isError && <TableError message={(query.error as Error).message} onRetry={() => void query.refetch()} />}
      <FitTable>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover className={classes.table}>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortField = h.column.columnDef.meta?.sortField;
                  const sorted = sortField && state.sort?.replace(/^-/, '') === sortField ? (state.sort.startsWith('-') ? 'desc' : 'asc') : false;
                  const onSort = sortField
                    ? () => state.setSort(sorted === 'asc' ? `-${sortField}` : sorted === 'desc' ? props.defaultSort : sortField)
                    : undefined;
                  return <HeaderCell key={h.id} header={h} sorted={sorted} onSort={onSort} />;
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody className={classes.body} data-fetching={query.isPlaceholderData || undefined}>
            <BodyRows table={table} loading={query.isPending && query.fetchStatus !== 'idle'} skeletonRows={5} />
            {!query.isPending && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colCount}>
                  {props.emptyState && !state.search ? (
                    props.emptyState
                  ) : (
                    <Stack align="center" gap={6} className={classes.empty}>
                      <IconDatabaseOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
                      <Text c="dimmed" size="sm">
                        {MSG.emptyTable}
                      </Text>
                    </Stack>
                  )}
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
        pageSizeOptions={props.pageSizeOptions ?? PAGE_SIZES.options}
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
