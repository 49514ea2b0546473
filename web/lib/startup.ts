import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchProjectAlerts, projectAlertsKey } from '../features/projects/api/projects';
import { fetchTiers, tiersQueryKey } from './tiers';

/**
 * The lists the spec's startup loads beside the user and the projects ("Startup loads projects,
 * user, tiers and other lists"): the tiers (the account card's tier) and the organization's
 * alerts (the projects table's Alert column, the feed's alert). Prefetched once the workspace is
 * ready, so those screens open with them; each screen still asks for its own list, so nothing
 * depends on this having run.
 */
export function usePrefetchStartupLists(ready: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    void qc.prefetchQuery({ queryKey: tiersQueryKey, queryFn: fetchTiers, staleTime: Infinity });
    void qc.prefetchQuery({ queryKey: projectAlertsKey, queryFn: () => fetchProjectAlerts(qc), staleTime: 30_000 });
  }, [qc, ready]);
}
