import { useMemo, useState, type ReactNode } from 'react';
import { Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { MSG } from '../../../../common/messages';
import { TablePagination } from '../../../components/data-table/table-pagination';
import classes from '../../../components/data-table/data-table.module.css';
import { TableEl } from '../../../components/data-table/table-elements';
import { BodyRows, FitTable, HeaderCell } from '../../../components/data-table/table-parts';

export interface LocalTableProps<T extends { id: string }> {
  rows: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<T, any>[];
  loading?: boolean;
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  /** Column id and direction to start with. */
  initialSort?: SortingState;
  /** What the search box matches rows on. */
  searchText?: (row: T) => string;
  /**
   * Above the table: the search box and buttons (TableToolbar), given the search and its setter.
   * Passed in rather than drawn here, so that the report the public sees loads no toolbar or menu.
   */
  toolbar?: (search: { value: string; onChange: (value: string) => void }) => ReactNode;
  /** The last cell of each row: its actions (RowActions). */
  actionsCell?: (row: T) => ReactNode;
  /** Every row on one page and no paging controls (the printed report). */
  showAll?: boolean;
  empty?: ReactNode;
  /** Without its own frame (inside a report section card). */
  bare?: boolean;
  'aria-label'?: string;
}

/**
 * A table over rows already in memory (the reports list, loaded whole as the spec asks, and
 * the report's articles): the look, search, sort and paging of the server-side DataTable.
 */
export function LocalTable<T extends { id: string }>(props: LocalTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(props.initialSort ?? []);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(props.pageSize ?? 25);
  const [viewAll, setViewAll] = useState(false);
  const { searchText, actionsCell } = props;

  const columns = useMemo(() => {
    if (!actionsCell) return props.columns;
    const actions: ColumnDef<T> = {
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      enableSorting: false,
      meta: { width: 56, align: 'right' },
      cell: ({ row }) => actionsCell(row.original),
    };
    return [...props.columns, actions];
  }, [props.columns, actionsCell]);

  const all = props.showAll || viewAll;
  const table = useReactTable({
    data: props.rows,
    columns,
    getRowId: (r) => r.id,
    state: { sorting, globalFilter: search, pagination: { pageIndex: page - 1, pageSize: all ? Math.max(1, props.rows.length) : pageSize } },
    onSortingChange: (u) => {
      setSorting(u);
      setPage(1);
    },
    globalFilterFn: (row, _id, value: string) => !value || (searchText?.(row.original) ?? '').toLowerCase().includes(value.toLowerCase()),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const total = table.getFilteredRowModel().rows.length;
  const size = all ? Math.max(1, total) : pageSize;
  const meta = { total_entries: total, last_page: Math.max(1, Math.ceil(total / size)), page_number: page, page_size: size };
  const colCount = table.getVisibleLeafColumns().length;

  const body = (
    <>
      {props.toolbar?.({
        value: search,
        onChange: (v) => {
          setSearch(v);
          setPage(1);
        },
      })}
      <FitTable>
        <TableEl.Root verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover className={classes.table} aria-label={props['aria-label']}>
          <TableEl.Thead>
            {table.getHeaderGroups().map((hg) => (
              <TableEl.Tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortable = h.column.getCanSort() && !props.showAll;
                  const toggle = h.column.getToggleSortingHandler();
                  return <HeaderCell key={h.id} header={h} sorted={h.column.getIsSorted()} onSort={sortable && toggle ? () => toggle(undefined) : undefined} />;
                })}
              </TableEl.Tr>
            ))}
          </TableEl.Thead>
          <TableEl.Tbody>
            <BodyRows table={table} loading={!!props.loading} skeletonRows={4} />
            {!props.loading && total === 0 && (
              <TableEl.Tr>
                <TableEl.Td colSpan={colCount}>
                  <Stack align="center" gap={6} className={classes.empty}>
                    <IconDatabaseOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
                    <Text c="dimmed" size="sm">
                      {props.empty ?? MSG.emptyTable}
                    </Text>
                  </Stack>
                </TableEl.Td>
              </TableEl.Tr>
            )}
          </TableEl.Tbody>
        </TableEl.Root>
      </FitTable>
      {!props.showAll && (
        <div className="cw-no-print">
          <TablePagination
            meta={meta}
            page={page}
            pageSize={pageSize}
            pageSizeOptions={props.pageSizeOptions ?? [10, 25, 50, 100]}
            viewAll={viewAll}
            onPageChange={setPage}
            onPageSizeChange={(s) => {
              setPageSize(s);
              setViewAll(false);
              setPage(1);
            }}
            onViewAllChange={(v) => {
              setViewAll(v);
              setPage(1);
            }}
          />
        </div>
      )}
    </>
  );
  if (props.bare) return body;
  return (
    <Paper withBorder radius="md" shadow="xs">
      {body}
    </Paper>
  );
}
