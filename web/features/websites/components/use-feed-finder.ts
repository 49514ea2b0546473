import { useState } from 'react';
import { feedTypeOfKind, type DiscoveredFeed } from '../../../../common/schemas/sources';
import type { FeedType } from '../../../../common/schemas/websites';
import { domainOf, normalizeUserUrl } from '../../../../common/url';
import { serverFieldErrors } from '../../../lib/form';
import { useDiscoverFeeds } from '../../sources/api/discovery';

/**
 * "Find feeds" in the add-website form: asks feed discovery about the typed site, and remembers
 * the candidate chosen so that a news sitemap is posted with its feed type (only while the feed
 * field still holds its address).
 */
export function useFeedFinder() {
  const discover = useDiscoverFeeds();
  const [site, setSite] = useState<string | null>(null);
  const [chosen, setChosen] = useState<DiscoveredFeed | null>(null);

  /** Looks for feeds on `address`; resolves with the field error to show under it, if any. */
  async function find(address: string): Promise<string | null> {
    const url = normalizeUserUrl(address.trim());
    setSite(url ? domainOf(url) : address.trim());
    setChosen(null);
    try {
      await discover.mutateAsync(address);
      return null;
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.url) return fields.url;
      throw err;
    }
  }

  function reset() {
    discover.reset();
    setSite(null);
    setChosen(null);
  }

  const typeFor = (feed: string): FeedType => (chosen && chosen.url === feed.trim() ? feedTypeOfKind(chosen.kind) : 0);

  return { find, reset, site, result: discover.data, searching: discover.isPending, chosen, choose: setChosen, typeFor };
}

export type FeedFinder = ReturnType<typeof useFeedFinder>;
