import { PAGE_SIZES } from '../../../../common/limits';
import { FEED_DEFAULT_SORT } from '../../../../common/schemas/articles-feed';
import type { AlertResourceAttributes } from '../../../../common/schemas/alerts';
import { fetchList, listQueryKey, type ListParams } from '../../../components/data-table/list-fetch';
import { apiFetch, flatten, listQuery, type JsonApiResource, type ListDocument } from '../../../lib/api';
import type { Project } from '../../../lib/workspace';

/**
 * What an articles feed shows first, without TanStack Query: the entry asks for it as soon as the
 * projects say which alert the feed lists (app.tsx), under the keys and with the parameters the
 * feed then asks with, so that it finds them in Query's cache rather than asking once the page
 * has rendered: the alert (its subtitle; `useAlert`), the project's alerts and the first page of
 * articles (DataTable with its defaults: page 1, 25 rows, newest first, no search, no filters).
 */

export const feedPath = (alertId: string) => `articles_feed/${alertId}`;

/**
 * The feed's story parameters (issue 32): one story's copies (`filter[story_id]`), else one row
 * per story while grouped (`filter[collapse]=stories`), else every copy.
 */
export function storyQuery({ grouped, storyId }: { grouped: boolean; storyId: string | null }): Record<string, string> {
  if (storyId) return { story_id: storyId };
  return grouped ? { collapse: 'stories' } : {};
}

/** What the feed's table asks for before anything is changed (no filters: `feedFilterQuery(EMPTY_FILTERS)` is empty; stories grouped). */
export function firstFeedPageParams(): ListParams {
  return { page: 1, pageSize: PAGE_SIZES.default, sort: FEED_DEFAULT_SORT, search: undefined, filter: storyQuery({ grouped: true, storyId: null }) };
}

const FEED_ROUTE = /^\/articles-feed\/([^/]+)\/?$/;

/** An early request: Query's key, the call, and the freshness the screen's own hook gives it. */
export interface FirstRequest {
  queryKey: readonly unknown[];
  fetch: () => Promise<unknown>;
  staleTime: number;
}

/**
 * What `/articles-feed/{projectId}` asks for first when the address names no other alert
 * (`?alert_id=`): the project's own alert (`alertKey` of features/alerts, 30 s like `useAlert`),
 * the project's alerts (`useAlertsOfProject`: the header's alert switcher) and the alert's first
 * page (`useListQuery`'s key, the client's default 15 s). Nothing elsewhere, or when the project
 * has no alert.
 */
export function firstFeedRequests(location: { pathname: string; search: string }, projects: Project[]): FirstRequest[] {
  const match = FEED_ROUTE.exec(location.pathname);
  if (!match || new URLSearchParams(location.search).has('alert_id')) return [];
  const projectId = decodeURIComponent(match[1]);
  const own = projects.find((p) => p.id === projectId)?.['alert-id'];
  if (own == null) return [];
  const alertId = String(own);
  const path = feedPath(alertId);
  const params = firstFeedPageParams();
  // Asked for side by side; each answer is handed over once all are in, so the feed draws once,
  // complete, rather than once per answer (each a render of the whole page).
  const alert = apiFetch<{ data: JsonApiResource<AlertResourceAttributes> }>(`alerts/${alertId}`).then((doc) => flatten(doc.data));
  const page = fetchList(path, params);
  const alerts = apiFetch<ListDocument<AlertResourceAttributes>>('alerts', {
    query: listQuery({ page: 1, pageSize: 100, sort: 'inserted_at', filter: { project_id: projectId } }),
  }).then((doc) => doc.data.map((r) => flatten(r)));
  const all = Promise.allSettled([alert, page, alerts]);
  return [
    { queryKey: ['alerts', 'one', alertId], fetch: () => all.then(() => alert), staleTime: 30_000 },
    { queryKey: ['alerts', 'project', projectId], fetch: () => all.then(() => alerts), staleTime: 30_000 },
    { queryKey: listQueryKey(path, params), fetch: () => all.then(() => page), staleTime: 15_000 },
  ];
}
