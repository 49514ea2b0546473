import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { deliverDue, type NotifierDeps } from '../notifications/service.js';
import { pollFeed } from './poll.js';
import { CRAWLER_QUEUES } from './queue.js';
import { subscribeFeed, WEBSUB_RENEW_MARGIN_MS } from './websub.js';
import { IngestThrottle, sampleLoad } from './throttle.js';
import { metrics } from '../metrics/service.js';

/** The crawler's workers' dependencies: the notifier's (its sweep delivers, its polls kick it) and a logger. */
export interface CrawlerJobDeps extends NotifierDeps {
  db: Db;
  config: Config;
  log: Logger;
}

/** Feeds enqueued per scheduler run; the rest wait for the next minute (oldest due first). */
const SCHEDULE_BATCH = 5000;
const RENEW_BATCH = 100;

/**
 * Creates the crawler's queues (every role enqueues, so every role creates them). `exclusive`
 * with the feed id as singleton key: a feed is queued or being polled at most once at a time,
 * however often the scheduler or an operator asks. A poll records its own failures on the feed
 * row and the scheduler re-enqueues by `next_check_at`, so pg-boss never retries a poll.
 */
export async function createCrawlerQueues(boss: PgBoss): Promise<void> {
  // Heartbeats: a poll or delivery whose worker died (killed, machine lost) is failed by the
  // supervisor within seconds instead of holding its feed's singleton until it expires; the
  // scheduler then enqueues the still-due feed again. Nothing of a dead poll was committed.
  const queues = [
    [CRAWLER_QUEUES.feedPoll, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, heartbeatSeconds: HEARTBEAT_SECONDS, deleteAfterSeconds: 3600 }],
    [CRAWLER_QUEUES.feedSchedule, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 }],
    [CRAWLER_QUEUES.notify, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 600, heartbeatSeconds: HEARTBEAT_SECONDS, deleteAfterSeconds: 3600 }],
  ] as const;
  for (const [name, options] of queues) {
    await boss.createQueue(name, options);
    // createQueue leaves an existing queue as it was; settings added later must reach it too.
    const { policy: _policy, ...changeable } = options;
    await boss.updateQueue(name, changeable);
  }
}

/** Seconds without a heartbeat after which a running crawler job counts as dead (pg-boss minimum 10). */
export const HEARTBEAT_SECONDS = 10;

/**
 * Enqueues a poll for every enabled feed whose `next_check_at` has passed (one insert), and
 * renews WebSub leases that end soon (or retries subscriptions whose wait is over).
 */
export async function scheduleDueFeeds(
  boss: PgBoss,
  deps: Pick<CrawlerJobDeps, 'db' | 'config'>,
  now = new Date(),
): Promise<{ enqueued: number; renewed: number }> {
  const due = await deps.db.execute<{ id: number }>(sql`
    select id from feeds where not disabled and next_check_at <= ${now.toISOString()}::timestamptz
    order by next_check_at limit ${SCHEDULE_BATCH}`);
  let enqueued = 0;
  if (due.rows.length > 0) {
    const ids = await boss.insert(
      CRAWLER_QUEUES.feedPoll,
      due.rows.map((r) => ({ data: { feedId: r.id }, singletonKey: `feed-${r.id}` })),
      // Ids only of the jobs actually created: a feed already queued or polling is skipped.
      { returnId: true },
    );
    enqueued = ids?.length ?? 0;
  }
  let renewed = 0;
  if (deps.config.publicUrl) {
    const renew = await deps.db.execute<{ id: number }>(sql`
      select id from feeds
      where not disabled and hub_url is not null and (
        (websub_state = 'active' and websub_lease_until <= ${new Date(now.getTime() + WEBSUB_RENEW_MARGIN_MS).toISOString()}::timestamptz)
        or (websub_state in ('pending', 'failed') and websub_lease_until <= ${now.toISOString()}::timestamptz))
      order by websub_lease_until limit ${RENEW_BATCH}`);
    for (const { id } of renew.rows) {
      if ((await subscribeFeed(deps, id, now).catch(() => 'failed')) === 'pending') renewed++;
    }
  }
  return { enqueued, renewed };
}

/**
 * Starts the crawler's workers and schedules: feed polls (config crawler.concurrency fetches at
 * once, their ingests admitted by the adaptive IngestThrottle),
 * the every-minute scheduler (also run once now, so a restarted worker catches up at once),
 * and the notification sweep (deliveries the in-process kick after ingest did not finish).
 */
export async function startCrawlerWorkers(boss: PgBoss, deps: CrawlerJobDeps): Promise<void> {
  const { log } = deps;
  const { concurrency, ingestConcurrency, targetQueryMs } = deps.config.crawler;
  const throttle = new IngestThrottle({ max: ingestConcurrency, targetMs: targetQueryMs });
  throttle.start(() => sampleLoad(deps.db, targetQueryMs));
  boss.once('stopped', () => throttle.stop());
  const pollDeps = { ...deps, ingestGate: throttle };
  // A few fetch loops, each taking a batch: fewer idle polls of the job table than one loop per slot.
  const loops = Math.min(concurrency, 4);
  const batchSize = Math.ceil(concurrency / loops);
  await boss.work<{ feedId: number }>(
    CRAWLER_QUEUES.feedPoll,
    { batchSize, localConcurrency: loops, pollingIntervalSeconds: 2, burstWhenBatchFull: batchSize > 1 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          const started = Date.now();
          try {
            const outcome = await pollFeed(pollDeps, job.data.feedId);
            metrics.feedPolls.inc({ outcome: outcome.status });
            if (outcome.status === 'ok') metrics.articlesIngested.inc(outcome.added);
            const { delivery: _d, ...summary } = outcome as typeof outcome & { delivery?: unknown };
            log.info({ job: CRAWLER_QUEUES.feedPoll, feedId: job.data.feedId, ms: Date.now() - started, ...summary }, 'feed polled');
            // Each poll's job completes as soon as its poll has committed, not with its batch: a
            // worker killed while a batch-mate is still fetching must not leave finished polls
            // active, to be failed by the heartbeat and polled again.
            await boss
              .complete(CRAWLER_QUEUES.feedPoll, job.id, summary)
              .catch((err) => log.warn({ err, feedId: job.data.feedId }, 'completing a feed poll job failed'));
          } catch (err) {
            // Only the database failing gets here; the scheduler will enqueue the feed again.
            log.error({ err, job: CRAWLER_QUEUES.feedPoll, feedId: job.data.feedId }, 'feed poll failed');
          }
        }),
      );
    },
  );

  await boss.work(CRAWLER_QUEUES.feedSchedule, { pollingIntervalSeconds: 5 }, async () => {
    const result = await scheduleDueFeeds(boss, deps);
    if (result.enqueued || result.renewed) log.info({ job: CRAWLER_QUEUES.feedSchedule, ...result }, 'feeds scheduled');
    return result;
  });
  await boss.schedule(CRAWLER_QUEUES.feedSchedule, '* * * * *');

  await boss.work(CRAWLER_QUEUES.notify, { pollingIntervalSeconds: 5 }, async () => {
    const report = await deliverDue(deps);
    if (report.sent || report.failed || report.retried) log.info({ job: CRAWLER_QUEUES.notify, ...report }, 'notifications delivered');
    if (report.reposted) {
      log.warn(
        { job: CRAWLER_QUEUES.notify, reposted: report.reposted },
        'posted again notifications whose sender stopped while posting them: their channel may show them twice',
      );
    }
    return report;
  });
  await boss.schedule(CRAWLER_QUEUES.notify, '* * * * *');

  await boss.send(CRAWLER_QUEUES.feedSchedule, {});
}
