import { useMutation } from '@tanstack/react-query';
import type { DiscoveredFeed, FeedDiscoveryAttributes } from '../../../../common/schemas/sources';
import { apiFetch, type JsonApiResource } from '../../../lib/api';

export type { DiscoveredFeed, FeedDiscoveryAttributes };

export const DISCOVER_PATH = 'feeds/discover';

/** POST feeds/discover `{url}` (platform operator): the proven feeds and news sitemaps of a site; up to ~25 s. */
export function useDiscoverFeeds() {
  return useMutation({
    mutationFn: async (url: string): Promise<FeedDiscoveryAttributes> => {
      const doc = await apiFetch<{ data: JsonApiResource<FeedDiscoveryAttributes> }>(DISCOVER_PATH, {
        method: 'POST',
        body: { data: { type: 'feed_discovery', attributes: { url: url.trim() } } },
      });
      return doc.data.attributes;
    },
  });
}
