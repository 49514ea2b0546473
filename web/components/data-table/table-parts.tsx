import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, type Column, type Header, type Table as TanTable } from '@tanstack/react-table';
import { MSG } from '../../../common/messages';
import classes from './data-table.module.css';
import { TableEl } from './table-elements';

/**
 * Pieces every table of the app draws the same way (DataTable, which pages on the server, and the
 * tables that page a list they hold: Super Search results, report tables).
 */

/** The width the headline column keeps before lower-priority columns step aside (a title on two or three lines). */
export const PRIMARY_MIN_WIDTH = 260;

/** Which priorities step aside: none, priority 3, or priorities 3 and 2. */
export type FitLevel = 0 | 3 | 2;

/**
 * The smallest step aside that leaves the headline column `minPrimary` px of a `boxWidth` px box,
 * given each other column's width and priority (1 never steps aside). Priority 3 goes first, then
 * priority 2; when even that is not enough the headline takes what is left.
 */
export function fitLevel(boxWidth: number, columns: { width: number; priority: number }[], minPrimary = PRIMARY_MIN_WIDTH): FitLevel {
  const fixed = (hidden: (p: number) => boolean) => columns.reduce((sum, c) => (hidden(c.priority) ? sum : sum + c.width), 0);
  const has = (priority: number) => columns.some((c) => c.priority === priority);
  if (boxWidth - fixed(() => false) >= minPrimary || (!has(2) && !has(3))) return 0;
  if (boxWidth - fixed((p) => p >= 3) >= minPrimary || !has(2)) return 3;
  return 2;
}

/** The non-headline columns of the table in `frame`, read from its header row (their fixed widths, also when hidden). */
function headerColumns(frame: HTMLElement): { width: number; priority: number }[] {
  const cells = Array.from(frame.querySelectorAll<HTMLTableCellElement>(':scope > table > thead > tr:first-child > th'));
  return cells
    .filter((th) => !th.hasAttribute('data-primary'))
    .map((th) => ({ width: Number(th.dataset.fitWidth) || th.offsetWidth, priority: Number(th.dataset.priority ?? 1) }));
}

/**
 * The frame of a table that fits its box: the table lays out with fixed column widths inside a
 * size container, so columns of lower priority step aside as the box narrows and below the
 * mobile breakpoint each row becomes a card led by its headline (see data-table.module.css).
 * Besides the container's breakpoints, the frame measures itself: when the other columns' widths
 * would leave the headline less than PRIMARY_MIN_WIDTH, priority 3 and then priority 2 step aside
 * (`data-fit`), so a table with many columns keeps its title readable at any width.
 */
export function FitTable({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [level, setLevel] = useState<FitLevel>(0);
  // The frame's width as the last layout left it, and the header it was fitted to. Reading a width
  // right after React changed the page makes the browser lay it out there and then (a 25-row feed
  // on a phone: a forced layout of ~35 ms, ~150 ms on a slow one, in every render's commit); a
  // ResizeObserver reports it after the browser's own layout, when reading it costs nothing.
  const width = useRef(0);
  const fitted = useRef('');
  const fit = (sync: boolean) => {
    const frame = ref.current;
    if (!frame || width.current <= 0) return;
    const next = fitLevel(width.current, headerColumns(frame));
    fitted.current = headerKey(frame);
    // From the observer: drawn before the frame is painted, as a layout effect's update is.
    if (sync) flushSync(() => setLevel(next));
    else setLevel(next);
  };
  // After a render: only when the header changed (other columns, other widths); rows coming and going change nothing.
  useLayoutEffect(() => {
    const frame = ref.current;
    if (frame && width.current > 0 && headerKey(frame) !== fitted.current) fit(false);
  });
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    if (typeof ResizeObserver === 'undefined') {
      width.current = frame.clientWidth;
      fit(false);
      return;
    }
    const observer = new ResizeObserver(() => {
      const w = frame.clientWidth;
      if (w === width.current) return;
      width.current = w;
      fit(true);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={classes.frame} data-fit={level || undefined}>
      {children}
    </div>
  );
}

/** What the fit depends on in a header row, read from its attributes (no layout). */
function headerKey(frame: HTMLElement): string {
  return Array.from(frame.querySelectorAll<HTMLTableCellElement>(':scope > table > thead > tr:first-child > th'))
    .map((th) => `${th.dataset.col ?? ''}:${th.dataset.fitWidth ?? ''}:${th.dataset.priority ?? ''}:${th.hasAttribute('data-primary') ? 1 : 0}`)
    .join('|');
}

/** The headline column of a table: the one marked `primary`, else the first with a text header. */
export function primaryColumnId<T>(columns: Column<T, unknown>[]): string | undefined {
  const marked = columns.find((c) => c.columnDef.meta?.primary);
  if (marked) return marked.id;
  return columns.find((c) => typeof c.columnDef.header === 'string' && c.columnDef.header !== '' && c.id !== 'select' && c.id !== 'actions')?.id;
}

/** The data attributes that place a cell (header or body) in the fitting layout. */
export function cellPlacement<T>(column: Column<T, unknown>, primaryId: string | undefined) {
  const meta = column.columnDef.meta;
  const primary = column.id === primaryId;
  const header = column.columnDef.header;
  const label = meta?.label === false ? undefined : (meta?.label ?? (typeof header === 'string' && header !== '' ? header : undefined));
  return {
    'data-col': column.id,
    'data-primary': primary || undefined,
    'data-priority': !primary && meta?.priority && meta.priority > 1 ? meta.priority : undefined,
    'data-label': primary ? undefined : label,
  };
}

/** "media-icon" → "Media icon": the name of a column that was given none. */
const nameFromId = (id: string) => {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Whether a column brings no header of its own: an empty one, or none (TanStack's default names only accessor columns). */
function hasNoHeader<T>(header: Header<T, unknown>): boolean {
  const { column } = header;
  const def = column.columnDef.header;
  if (def === undefined || def === '') return true;
  return def === header.getContext().table._getDefaultColumnDef().header && !column.accessorFn;
}

/**
 * What a header cell says. A column that shows no header on screen (a thumbnail, an avatar) still
 * names itself to screen readers: an empty `<th>` leaves a table's column unnamed (axe
 * "empty-table-header"). Its name is the card label given in `meta.label`, else its id in words.
 */
function headerContent<T>(header: Header<T, unknown>): ReactNode {
  if (header.isPlaceholder) return null;
  const { meta } = header.column.columnDef;
  if (hasNoHeader(header)) return <VisuallyHidden>{typeof meta?.label === 'string' ? meta.label : nameFromId(header.column.id)}</VisuallyHidden>;
  return flexRender(header.column.columnDef.header, header.getContext());
}

/** A header cell: the column's label, and when `onSort` is given a button with the sort arrow. */
export function HeaderCell<T>({ header, sorted, onSort }: { header: Header<T, unknown>; sorted: 'asc' | 'desc' | false; onSort?: () => void }) {
  const meta = header.column.columnDef.meta;
  const content = headerContent(header);
  const placement = cellPlacement(header.column, primaryColumnId(header.getContext().table.getVisibleLeafColumns()));
  return (
    <TableEl.Th
      {...placement}
      data-label={undefined}
      data-fit-width={typeof meta?.width === 'number' ? meta.width : undefined}
      className={classes.headerCell}
      w={placement['data-primary'] ? undefined : meta?.width}
      ta={meta?.align}
      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {onSort ? (
        <UnstyledButton className={classes.sortButton} onClick={onSort}>
          {content}
          {sorted === 'asc' ? <IconArrowUp size={14} /> : sorted === 'desc' ? <IconArrowDown size={14} /> : <IconArrowsSort size={14} opacity={0.5} />}
        </UnstyledButton>
      ) : (
        content
      )}
    </TableEl.Th>
  );
}

/** The body's rows, or `skeletonRows` placeholder rows while loading; checked rows are marked. */
export function BodyRows<T>({
  table,
  loading,
  skeletonRows,
  skeletonHeight = 20,
}: {
  table: TanTable<T>;
  loading: boolean;
  skeletonRows: number;
  skeletonHeight?: number;
}): ReactNode {
  const colCount = table.getVisibleLeafColumns().length;
  if (loading) {
    return Array.from({ length: skeletonRows }, (_, i) => (
      <TableEl.Tr key={i} data-testid="loading-row">
        <TableEl.Td colSpan={colCount}>
          <Skeleton height={skeletonHeight} radius="sm" />
        </TableEl.Td>
      </TableEl.Tr>
    ));
  }
  const primaryId = primaryColumnId(table.getVisibleLeafColumns());
  return table.getRowModel().rows.map((row) => (
    <TableEl.Tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
      {row.getVisibleCells().map((cell) => (
        <TableEl.Td key={cell.id} ta={cell.column.columnDef.meta?.align} {...cellPlacement(cell.column, primaryId)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </TableEl.Td>
      ))}
    </TableEl.Tr>
  ));
}

/** A failed load above the table, with a retry. */
export function TableError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" mx="md" mb="md" title={MSG.somethingWrong} role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
