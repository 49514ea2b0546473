import { useQuery } from '@tanstack/react-query';
// The resource is declared once, beside the server's presenter (a type-only import).
import type { CrawlerStatusAttributes, CrawlerWorker } from '../../../../common/schemas/metrics';
import { apiFetch, type JsonApiResource } from '../../../lib/api';

export type { CrawlerStatusAttributes, CrawlerWorker };

export const CRAWLER_STATUS_PATH = 'operator/crawler_status';

const REFRESH_MS = 10_000;

/**
 * GET operator/crawler_status, refreshed every 10 s while the tab is visible (TanStack Query
 * pauses `refetchInterval` in a hidden tab by default). Only the platform operator's admins may
 * ask: for everybody else the query never runs, so no request reveals the route.
 */
export function useCrawlerStatus(enabled: boolean) {
  return useQuery({
    queryKey: [CRAWLER_STATUS_PATH],
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<CrawlerStatusAttributes> }>(CRAWLER_STATUS_PATH)).data.attributes,
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

/**
 * Whether a crawler process is running. The server lists only the processes that reported in
 * the last 30 s (they report every 5 s), so an empty list means none is alive.
 */
export const isCrawlerRunning = (status: CrawlerStatusAttributes) => status.workers.length > 0;

/**
 * "5 s ago": how long before the measurement a worker last reported. Both times are the
 * server's, so a browser whose clock is off does not age a live worker.
 */
export function reportedAgo(worker: CrawlerWorker, measuredAt: string): string {
  return `${Math.max(0, Math.round((Date.parse(measuredAt) - Date.parse(worker.updated_at)) / 1000))} s ago`;
}

/**
 * The ingest limit as a figure and its line below: "2 of 2" / "feeds at once, full speed", or
 * "yielding: 1 of 2" / "making way for people" while the crawler holds back for the API.
 */
export function describeIngestLimit(limit: { current: number; max: number }): { value: string; detail: string; yielding: boolean } {
  const share = `${limit.current} of ${limit.max}`;
  if (limit.current < limit.max) return { value: `yielding: ${share}`, detail: 'making way for people', yielding: true };
  return { value: share, detail: 'feeds at once, full speed', yielding: false };
}
