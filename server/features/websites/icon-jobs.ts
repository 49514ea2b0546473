import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { dueIconWebsites } from './icons-repo.js';
import { enqueueWebsiteIcon, ICON_QUEUE, runIconJob } from './icons.js';

/** Every 10 minutes: websites never tried and those due again (see icons.ts). */
const SWEEP_QUEUE = 'website-icons-sweep';
const SWEEP_BATCH = 200;
/** Icons fetched at once per worker process: small requests, but to many hosts. */
const CONCURRENCY = 4;

/** `website-icon`: one queued or running job per website (its id as singleton key). */
export async function createIconQueues(boss: PgBoss): Promise<void> {
  const options = { retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 };
  await boss.createQueue(ICON_QUEUE, { policy: 'exclusive', ...options });
  await boss.updateQueue(ICON_QUEUE, options);
  await boss.createQueue(SWEEP_QUEUE, { policy: 'singleton', retryLimit: 0 });
}

/** The worker (worker and all roles). A job records its own outcome, so pg-boss never retries it. */
export async function startIconWorkers(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  // Off: requested icons wait in the queue, and nothing is fetched.
  if (!deps.config.websiteIconsEnabled) return;
  await boss.work<{ websiteId: number }>(ICON_QUEUE, { batchSize: 1, localConcurrency: CONCURRENCY, pollingIntervalSeconds: 5 }, async ([job]) =>
    runIconJob(deps, Number(job.data.websiteId)),
  );
  await boss.schedule(SWEEP_QUEUE, '*/10 * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    const ids = await dueIconWebsites(deps.db, SWEEP_BATCH);
    for (const id of ids) await enqueueWebsiteIcon(boss, id);
    return { enqueued: ids.length };
  });
}
