import { NativeSelect } from '@mantine/core';
import { PaginationBar, type TablePaginationProps } from './pagination-bar';

export type { TablePaginationProps } from './pagination-bar';

/**
 * First, previous, current, next, last, the rows per page and a View all link (spec 000 §2
 * Tables). The rows per page are the browser's own <select> (Mantine's NativeSelect: the same
 * input, size and chevron as a Select, the system's list when open, a phone's picker on a phone):
 * Mantine's Select brought its Combobox, Popover and floating-ui (~35 KB brotli) into every page
 * with a table for a list of four numbers, and kept its dropdown mounted, positioned by
 * floating-ui as the table first drew — a style recalculation of the whole page inside the
 * commit that draws the rows (~35 ms on this machine, ~150 ms on a slow phone; issue 28).
 */
export function TablePagination(props: TablePaginationProps) {
  const options = props.pageSizeOptions.map(String);
  return (
    <PaginationBar
      {...props}
      sizeSelect={
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          w={76}
          // "View all": no size chosen, as the Select's placeholder says.
          data={props.viewAll ? [{ value: '', label: 'All', disabled: true }, ...options] : options}
          value={props.viewAll ? '' : String(props.pageSize)}
          onChange={(e) => e.currentTarget.value && props.onPageSizeChange(Number(e.currentTarget.value))}
        />
      }
    />
  );
}
