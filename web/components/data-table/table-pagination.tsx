import { NativeSelect } from '@mantine/core';
import { PaginationBar, type TablePaginationProps } from './pagination-bar';

/**
 * TablePagination with the browser's own <select> for the rows per page (Mantine's NativeSelect:
 * the same input, size and chevron as the Select, the system's list when open). For the tables of a
 * report (LocalTable), which the public report shows: Mantine's Select brings its Combobox, Popover
 * and floating-ui (~35 KB brotli) into the page at once, for a list of four numbers (issue 28).
 */
export function NativeTablePagination(props: TablePaginationProps) {
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
