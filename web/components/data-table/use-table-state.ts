import { useCallback, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import type { RowSelectionState } from '@tanstack/react-table';
import { PAGE_SIZES, TIMINGS } from '../../../common/limits';

export type ArchiveView = 'active' | 'archived';

/**
 * Paging, sort, search, Active/Archived and selection of one table. Every change of what is
 * shown (filter, search, sort, page size) goes back to page 1 and keeps the page size
 * (spec 000 §4). Checked rows are cleared whenever the page changes, since they may no longer be listed.
 */
export function useTableState(opts: { defaultPageSize?: number; defaultSort?: string } = {}) {
  const [page, setPageRaw] = useState(1);
  const [pageSize, setPageSizeRaw] = useState(opts.defaultPageSize ?? PAGE_SIZES.default);
  const [viewAll, setViewAllRaw] = useState(false);
  const [sort, setSortRaw] = useState<string | undefined>(opts.defaultSort);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearchRaw] = useState('');
  const [view, setViewRaw] = useState<ArchiveView>('active');
  const [selection, setSelection] = useState<RowSelectionState>({});

  // Checked rows belong to the page they were checked on.
  const setPage = useCallback((p: number) => {
    setPageRaw(p);
    setSelection({});
  }, []);

  const applySearch = useDebouncedCallback((value: string) => {
    setSearchRaw(value);
    setPage(1);
  }, TIMINGS.searchDebounceMs);

  const changeSearch = useCallback(
    (value: string) => {
      setSearchInput(value);
      applySearch(value);
    },
    [applySearch],
  );

  const setPageSize = useCallback(
    (size: number) => {
      setPageSizeRaw(size);
      setViewAllRaw(false);
      setPage(1);
    },
    [setPage],
  );

  const setViewAll = useCallback(
    (all: boolean) => {
      setViewAllRaw(all);
      setPage(1);
    },
    [setPage],
  );

  const setSort = useCallback(
    (value: string | undefined) => {
      setSortRaw(value);
      setPage(1);
    },
    [setPage],
  );

  const setView = useCallback(
    (value: ArchiveView) => {
      setViewRaw(value);
      setPage(1);
    },
    [setPage],
  );

  return {
    page,
    setPage,
    pageSize,
    setPageSize,
    viewAll,
    setViewAll,
    effectivePageSize: viewAll ? PAGE_SIZES.max : pageSize,
    sort,
    setSort,
    searchInput,
    search,
    changeSearch,
    view,
    setView,
    selection,
    setSelection,
  };
}

export type TableState = ReturnType<typeof useTableState>;
