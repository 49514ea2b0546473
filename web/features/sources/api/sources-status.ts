import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { SourcesStatusAttributes } from '../../../../common/schemas/sources';
import { apiFetch, tokenStore, type JsonApiResource } from '../../../lib/api';
import { fromNow } from '../../../lib/dates';

export type { SourcesStatusAttributes };

export const SOURCES_STATUS_PATH = 'sources/status';

/**
 * GET sources/status: what the installation watches, for any signed-in member. Never asked
 * without a session (a public page passes `enabled: false` or has no token).
 */
export function useSourcesStatus(enabled = true) {
  return useQuery({
    queryKey: [SOURCES_STATUS_PATH],
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<SourcesStatusAttributes> }>(SOURCES_STATUS_PATH)).data.attributes,
    enabled: enabled && tokenStore.get() !== null,
    staleTime: 60_000,
  });
}

/** Whether any outlet is monitored at all. */
export const isWatchingAny = (s: SourcesStatusAttributes) => s.enabled_outlets > 0;

/**
 * The one line on what is being watched: "Watching 412 outlets in 11 languages · last crawl
 * 2 minutes ago." or, when nothing is switched on, why no article can arrive.
 */
export function watchingLine(s: SourcesStatusAttributes): string {
  if (!isWatchingAny(s)) return MSG.outlets.nothingWatched;
  return MSG.outlets.watching(s.enabled_outlets, s.languages, s.last_crawl_at ? fromNow(s.last_crawl_at) : null);
}
