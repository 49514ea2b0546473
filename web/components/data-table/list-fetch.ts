import { apiFetch, flatten, listQuery, type ListDocument, type ListMeta } from '../../lib/api';

// A server-side list's key, query string and call, without TanStack Query: the entry asks for a
// first screen's list before Query is loaded (app/query-bridge.ts). use-list-query.ts caches it.

export type FilterValue = string | number | boolean | undefined | null;

/** What a server-side list asks for: page, size, sort (`-field`), search and filters. */
export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  filter?: Record<string, FilterValue>;
}

export interface ListResult<A> {
  rows: (A & { id: string })[];
  meta: ListMeta;
}

/** The query string of a list call (JSON:API spelling); without `page` for CSV exports. */
export function listParamsQuery(params: Omit<ListParams, 'page' | 'pageSize'> & Partial<Pick<ListParams, 'page' | 'pageSize'>>) {
  return listQuery({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    filter: { ...params.filter, search: params.search?.trim() || undefined },
  });
}

/** Query key of a list: starts with the path so that invalidating `[path]` refreshes every view of it. */
export function listQueryKey(path: string, params?: ListParams) {
  return params ? [path, 'list', params] : [path, 'list'];
}

export async function fetchList<A>(path: string, params: ListParams, signal?: AbortSignal): Promise<ListResult<A>> {
  const doc = await apiFetch<ListDocument<A>>(path, { query: listParamsQuery(params), signal });
  return { rows: doc.data.map((r) => flatten(r)), meta: doc.meta };
}
