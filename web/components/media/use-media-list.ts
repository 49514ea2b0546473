import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FilterValue } from '../data-table/use-list-query';
import { apiFetch, flatten, type ListDocument, type ListMeta } from '../../lib/api';

/** The meta of a video or stream list: the usual paging facts, and for a feed its last poll. */
export type MediaListMeta = ListMeta & { latest_pull?: string | null };

/**
 * A page of a video or stream list in the spelling those routes read (spec 001 "Video feed",
 * "Saved videos and streams"): `page`, a page size parameter, `sortField` and `sortOrder`,
 * `searchTerm`, and plain filter parameters (`minViews`, `startDate`, `tags`…).
 */
export interface MediaListParams {
  page: number;
  pageSize: number;
  /** `pageSize` for the feeds, `sizePerPage` for saved videos and streams. */
  pageSizeParam?: string;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  searchTerm?: string;
  filter?: Record<string, FilterValue>;
}

export interface MediaListResult<A> {
  rows: (A & { id: string })[];
  meta: MediaListMeta;
}

/** The query string of one page. Empty filters are left out. */
export function mediaListQuery(params: MediaListParams): Record<string, string | number | boolean | undefined | null> {
  const q: Record<string, string | number | boolean | undefined | null> = {
    page: params.page,
    [params.pageSizeParam ?? 'pageSize']: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    searchTerm: params.searchTerm?.trim() || undefined,
  };
  for (const [k, v] of Object.entries(params.filter ?? {})) if (v !== undefined && v !== null && v !== '') q[k] = v;
  return q;
}

/** Keyed like the DataTable's lists (`[path, 'list', …]`) so that invalidating `[path]` refreshes it. */
export const mediaListKey = (path: string, params?: MediaListParams) => (params ? [path, 'list', params] : [path, 'list']);

export async function fetchMediaList<A>(path: string, params: MediaListParams, signal?: AbortSignal): Promise<MediaListResult<A>> {
  const doc = await apiFetch<ListDocument<A> & { meta: MediaListMeta }>(path, { query: mediaListQuery(params), signal });
  return { rows: doc.data.map((r) => flatten(r)), meta: doc.meta };
}

/** One page of a video or stream list; the previous page stays on screen while the next loads. */
export function useMediaList<A>(path: string, params: MediaListParams, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaListKey(path, params),
    queryFn: ({ signal }) => fetchMediaList<A>(path, params, signal),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}
