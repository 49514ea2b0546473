import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchList, listQueryKey, type ListParams } from './list-fetch';

export { fetchList, listParamsQuery, listQueryKey, type FilterValue, type ListParams, type ListResult } from './list-fetch';

/**
 * A page of a JSON:API list (GET `path`), flattened. Keeps the previous page on screen while
 * the next one loads so that paging does not flash.
 */
export function useListQuery<A>(path: string, params: ListParams, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listQueryKey(path, params),
    queryFn: ({ signal }) => fetchList<A>(path, params, signal),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}
