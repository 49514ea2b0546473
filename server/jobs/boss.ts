import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createCrawlerQueues, startCrawlerWorkers } from '../features/crawler/jobs.js';
import { createScreenshotQueue, startScreenshotWorker } from '../features/screenshots/jobs.js';
import { createMailQueues, startMailWorkers } from '../features/mail/jobs.js';
import { createExportQueue, startExportWorker } from '../features/supersearch/export.js';
import { createIconQueues, startIconWorkers } from '../features/websites/icon-jobs.js';
import { createVideoQueues, startVideoWorkers } from '../features/videos/jobs.js';
import { createStreamQueues, startStreamWorkers } from '../features/streams/jobs.js';
import { createBillingQueues, startBillingWorkers } from '../features/billing/jobs.js';
import { createDigestQueues, startDigestWorkers } from '../features/digests/jobs.js';
import { createSourcesQueues, startSourcesWorkers } from '../features/sources/jobs.js';
import { createReachQueues, startReachWorkers } from '../features/reach/jobs.js';
import { createTrafficQueues, startTrafficWorkers } from '../features/reach/traffic-jobs.js';
import { createGdeltQueues, startGdeltWorkers } from '../features/gdelt/jobs.js';
import { createSteamQueues, startSteamWorkers } from '../features/steam/service.js';
import { createSpikeQueues, startSpikeWorkers } from '../features/spikes/jobs.js';
import type { SlackBotPoster } from '../features/notifications/service.js';
import { runHousekeeping } from './housekeeping.js';
import { errorFields } from './log-errors.js';

export const QUEUES = { housekeeping: 'housekeeping' } as const;

const stopping = new WeakSet<PgBoss>();

/**
 * Stops the queue gracefully: no new jobs are fetched, running ones get `timeoutMs` to finish,
 * then pg-boss closes its pool. Errors it reports from then on are logged at debug level.
 */
export async function stopBoss(boss: PgBoss, timeoutMs = 10000): Promise<void> {
  stopping.add(boss);
  await boss.stop({ graceful: true, timeout: timeoutMs });
}

/**
 * pg-boss on the application database. Every role can enqueue (so every role creates the
 * queues); only `worker` and `all` process jobs and run the cron scheduler: housekeeping, and
 * the coverage engine's feed polls, feed scheduler and notification sweep.
 */
export async function startBoss(opts: { url: string; db: Db; config: Config; log: Logger; work: boolean; slackBot: SlackBotPoster }): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: opts.url,
    // Each pooled connection is a PostgreSQL backend (~7 MB PSS idle). The API only sends jobs (2);
    // the worker's polls are short queries that queue on 3 (docs/operations.md, "Footprint budget").
    max: opts.work ? 3 : 2,
    schedule: opts.work,
    supervise: opts.work,
    // The supervisor fails jobs whose worker stopped sending heartbeats (a killed process).
    superviseIntervalSeconds: 10,
    application_name: 'coverwatch-jobs',
  } as ConstructorParameters<typeof PgBoss>[0]);
  // The message and code only: pg-boss's errors can hold the pg client that raised them. Once
  // stopBoss has begun, a connection closing under a query is expected, not an error.
  boss.on('error', (err) => {
    if (stopping.has(boss)) opts.log.debug({ err: errorFields(err) }, 'job queue error while stopping');
    else opts.log.error({ err: errorFields(err) }, 'job queue error');
  });
  await boss.start();
  await boss.createQueue(QUEUES.housekeeping, { retryLimit: 3, retryBackoff: true });
  await createCrawlerQueues(boss);
  await createScreenshotQueue(boss);
  await createMailQueues(boss);
  await createExportQueue(boss);
  await createIconQueues(boss);
  await createVideoQueues(boss);
  await createStreamQueues(boss);
  await createBillingQueues(boss);
  await createDigestQueues(boss);
  await createSourcesQueues(boss);
  await createReachQueues(boss);
  await createTrafficQueues(boss);
  await createGdeltQueues(boss);
  await createSteamQueues(boss);
  await createSpikeQueues(boss);
  if (opts.work) {
    // The workers' dependencies, the notifier's among them: the crawler's sweep delivers, and polls
    // that queue announcements kick it. The Slack app's poster comes from the runtime (one per
    // process, shared with the API's routes), since notifications sits below slack and cannot import it.
    const deps = { db: opts.db, config: opts.config, log: opts.log, slackBot: opts.slackBot };
    await boss.schedule(QUEUES.housekeeping, '*/15 * * * *');
    await boss.work(QUEUES.housekeeping, async () => {
      const result = await runHousekeeping(opts.db);
      opts.log.info({ job: QUEUES.housekeeping, ...result }, 'housekeeping done');
      return result;
    });
    await startCrawlerWorkers(boss, deps);
    await startScreenshotWorker(boss, deps);
    await startMailWorkers(boss, deps);
    await startExportWorker(boss, deps);
    await startIconWorkers(boss, deps);
    await startVideoWorkers(boss, deps);
    await startStreamWorkers(boss, deps);
    await startSourcesWorkers(boss, deps);
    await startReachWorkers(boss, deps);
    await startTrafficWorkers(boss, deps);
    await startGdeltWorkers(boss, deps);
    await startSteamWorkers(boss, deps);
    await startBillingWorkers(boss, deps);
    await startDigestWorkers(boss, deps);
    await startSpikeWorkers(boss, deps);
  }
  return boss;
}
