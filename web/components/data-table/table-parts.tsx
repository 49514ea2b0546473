import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, type Header, type Table as TanTable } from '@tanstack/react-table';
import { MSG } from '../../../common/messages';
import classes from './data-table.module.css';

/**
 * Pieces every table of the app draws the same way (DataTable, which pages on the server, and the
 * tables that page a list they hold: Super Search results, report tables).
 */

/** A header cell: the column's label, and when `onSort` is given a button with the sort arrow. */
export function HeaderCell<T>({ header, sorted, onSort }: { header: Header<T, unknown>; sorted: 'asc' | 'desc' | false; onSort?: () => void }) {
  const meta = header.column.columnDef.meta;
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  return (
    <Table.Th className={classes.headerCell} w={meta?.width} ta={meta?.align} aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}>
      {onSort ? (
        <UnstyledButton className={classes.sortButton} onClick={onSort}>
          {content}
          {sorted === 'asc' ? <IconArrowUp size={14} /> : sorted === 'desc' ? <IconArrowDown size={14} /> : <IconArrowsSort size={14} opacity={0.5} />}
        </UnstyledButton>
      ) : (
        content
      )}
    </Table.Th>
  );
}

/** The body's rows, or `skeletonRows` placeholder rows while loading; checked rows are marked. */
export function BodyRows<T>({ table, loading, skeletonRows, skeletonHeight = 20 }: { table: TanTable<T>; loading: boolean; skeletonRows: number; skeletonHeight?: number }): ReactNode {
  const colCount = table.getVisibleLeafColumns().length;
  if (loading) {
    return Array.from({ length: skeletonRows }, (_, i) => (
      <Table.Tr key={i} data-testid="loading-row">
        <Table.Td colSpan={colCount}>
          <Skeleton height={skeletonHeight} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  }
  return table.getRowModel().rows.map((row) => (
    <Table.Tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id} ta={cell.column.columnDef.meta?.align}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Table.Td>
      ))}
    </Table.Tr>
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
