import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { refreshTraffic, refreshWebsiteTraffic } from './traffic.js';

export const TRAFFIC_QUEUES = {
  /** Hourly: the websites due a SimilarWeb lookup (nothing when none is due, or without a key). */
  refresh: 'traffic-refresh',
  /** One website now, `{ websiteId }` (sent by the websites feature right after a website is added). */
  website: 'traffic-website',
} as const;

export async function createTrafficQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(TRAFFIC_QUEUES.refresh, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 3600, deleteAfterSeconds: 86_400 });
  await boss.createQueue(TRAFFIC_QUEUES.website, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
}

/** Queues a lookup of one website (one queued or running per website). */
export async function enqueueWebsiteTraffic(boss: PgBoss | null | undefined, websiteId: number): Promise<void> {
  await boss?.send(TRAFFIC_QUEUES.website, { websiteId }, { singletonKey: `traffic-website-${websiteId}` });
}

/**
 * The SimilarWeb workers (worker and all roles). A job records its outcome on the websites, so
 * pg-boss never retries it; without SIMILARWEB_API_KEY the jobs end at once.
 */
export async function startTrafficWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  await boss.work(TRAFFIC_QUEUES.refresh, { pollingIntervalSeconds: 30 }, async () => {
    const result = await refreshTraffic(deps);
    if (result.checked || result.stopped) deps.log.info({ job: TRAFFIC_QUEUES.refresh, ...result }, 'SimilarWeb traffic refreshed');
    return result;
  });
  await boss.work<{ websiteId: number }>(TRAFFIC_QUEUES.website, { batchSize: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
    const result = await refreshWebsiteTraffic(deps, Number(job.data.websiteId));
    deps.log.info({ job: TRAFFIC_QUEUES.website, websiteId: job.data.websiteId, ...result }, 'SimilarWeb traffic of a website');
    return result;
  });
  await boss.schedule(TRAFFIC_QUEUES.refresh, '17 * * * *');
  // A key just configured takes effect at start, not at the next hour.
  if (deps.config.similarweb.apiKey) await boss.send(TRAFFIC_QUEUES.refresh, {});
}
