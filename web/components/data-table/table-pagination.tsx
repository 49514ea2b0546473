import { Select } from '@mantine/core';
import { PaginationBar, type TablePaginationProps } from './pagination-bar';

export type { TablePaginationProps } from './pagination-bar';

/** First, previous, current, next, Last, a page-size dropdown (Mantine's Select) and a View all link (spec 000 §2 Tables). */
export function TablePagination(props: TablePaginationProps) {
  return (
    <PaginationBar
      {...props}
      sizeSelect={
        <Select
          aria-label="Rows per page"
          size="xs"
          w={76}
          allowDeselect={false}
          data={props.pageSizeOptions.map(String)}
          value={props.viewAll ? null : String(props.pageSize)}
          placeholder="All"
          onChange={(v) => v && props.onPageSizeChange(Number(v))}
          comboboxProps={{ withinPortal: true }}
        />
      }
    />
  );
}
