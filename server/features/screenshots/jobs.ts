import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { closeBrowser } from '../../net/browser.js';
import { DiskStorage } from '../../storage/storage.js';
import { enqueueScreenshots, runScreenshotJob, SCREENSHOT_QUEUE, type ScreenshotJob } from './service.js';

/** Re-enqueues pictures left pending (a process that died between commit and enqueue). */
const SWEEP_QUEUE = 'screenshots-sweep';

/** Pictures taken at once per worker process: each is a Chromium page (~100 MB) for up to 15 s. */
const CONCURRENCY = 2;

/**
 * `screenshots-take`: one queued or running job per screenshot row (`exclusive` with the row id
 * as singleton key). A job records its own outcome on the row, so pg-boss retries it only when
 * the process died under it.
 */
export async function createScreenshotQueue(boss: PgBoss): Promise<void> {
  const options = { retryLimit: 1, retryDelay: 30, expireInSeconds: 120, deleteAfterSeconds: 3600 };
  await boss.createQueue(SCREENSHOT_QUEUE, { policy: 'exclusive', ...options });
  // createQueue leaves an existing queue as it was; settings added later must reach it too.
  await boss.updateQueue(SCREENSHOT_QUEUE, options);
  await boss.createQueue(SWEEP_QUEUE, { policy: 'singleton', retryLimit: 0 });
}

/**
 * Pending rows untouched for two minutes whose job went missing: enqueued again. The row id is
 * the singleton key, so a row whose job is still queued or running is not doubled.
 */
export async function sweepPendingScreenshots(db: Db): Promise<ScreenshotJob[]> {
  const res = await db.execute<{ id: number; organization_id: number }>(sql`
    select id, organization_id from screenshots
     where status = 'pending' and updated_at < now() - interval '2 minutes'
     order by id limit 500`);
  return res.rows.map((r) => ({ orgId: Number(r.organization_id), id: Number(r.id) }));
}

/** The worker (worker and all roles). Uploads live where the API serves them from (DATA_DIR/uploads). */
export async function startScreenshotWorker(boss: PgBoss, deps: { db: Db; config: Config; log: Logger }): Promise<void> {
  const storage = new DiskStorage(path.join(deps.config.dataDir, 'uploads'));
  await boss.work<ScreenshotJob>(SCREENSHOT_QUEUE, { batchSize: 1, localConcurrency: CONCURRENCY, pollingIntervalSeconds: 2 }, async ([job]) =>
    runScreenshotJob({ db: deps.db, config: deps.config, storage, log: deps.log }, { orgId: Number(job.data.orgId), id: Number(job.data.id) }),
  );
  await boss.schedule(SWEEP_QUEUE, '*/5 * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    const jobs = await sweepPendingScreenshots(deps.db);
    await enqueueScreenshots({ db: deps.db, config: deps.config, storage, boss, log: deps.log }, jobs);
    return { requeued: jobs.length };
  });
  // The shared Chromium goes with the queue (the API's closes with the HTTP server).
  boss.once('stopped', () => void closeBrowser());
}
