import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { channelsToSubscribe, dueChannels, pollChannelFeed, subscribeChannel } from './channels.js';
import { pollSearch, type PollDeps } from './poll.js';
import { quotaToday, searchesAllowedNow } from './quota.js';
import { refreshDueStats } from './stats.js';

export const VIDEO_QUEUES = {
  searchPoll: 'youtube-search-poll',
  schedule: 'youtube-schedule',
  channels: 'youtube-channel-feeds',
  stats: 'youtube-stats-refresh',
} as const;

/** Channel feeds read per minute at most (free, but polite). */
const CHANNEL_BATCH = 100;

/** Queues of the videos feature's pollers (every role creates them so that every role can enqueue). */
export async function createVideoQueues(boss: PgBoss): Promise<void> {
  const queues = [
    [VIDEO_QUEUES.searchPoll, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 }],
    [VIDEO_QUEUES.schedule, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 }],
    [VIDEO_QUEUES.channels, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 }],
    [VIDEO_QUEUES.stats, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 }],
  ] as const;
  for (const [name, options] of queues) {
    await boss.createQueue(name, options);
    const { policy: _policy, ...changeable } = options;
    await boss.updateQueue(name, changeable);
  }
}

/**
 * The searches to poll now: due ones (with at least one enabled feed), oldest first, no more
 * than the day's paced search budget allows (quota.ts searchesAllowedNow). Nothing without a key.
 */
export async function dueSearches(deps: PollDeps, now = new Date()): Promise<number[]> {
  if (!deps.config.youtube.apiKey) return [];
  const quota = await quotaToday(deps.db, deps.config, now);
  if (quota.search.exhausted) return [];
  const allowed = searchesAllowedNow(deps.config, quota.search.used, now);
  if (allowed <= 0) return [];
  const rows = await deps.db.execute<{ id: number }>(sql`
    select s.id from youtube_searches s
    where s.next_check_at <= ${now.toISOString()}::timestamptz
      and exists (select 1 from youtube_feeds f where f.search_id = s.id and f.is_enabled)
    order by s.next_check_at limit ${allowed}`);
  return rows.rows.map((r) => r.id);
}

export interface CycleReport {
  searches: number;
  channelFeeds: number;
  subscribed: number;
}

/**
 * One scheduler cycle without the queue (the bench's virtual clock and single-process tools):
 * due searches, then due followed channels' feeds, then WebSub subscriptions.
 */
export async function runYoutubeCycle(deps: PollDeps, now = new Date()): Promise<CycleReport> {
  const report: CycleReport = { searches: 0, channelFeeds: 0, subscribed: 0 };
  for (const id of await dueSearches(deps, now)) {
    await pollSearch(deps, id, now);
    report.searches++;
  }
  report.channelFeeds = await pollDueChannels(deps, now);
  report.subscribed = await subscribeDueChannels(deps, now);
  return report;
}

async function pollDueChannels(deps: PollDeps, now: Date): Promise<number> {
  const ids = await dueChannels(deps, now, CHANNEL_BATCH);
  for (const id of ids) await pollChannelFeed(deps, id, now);
  return ids.length;
}

async function subscribeDueChannels(deps: PollDeps, now: Date): Promise<number> {
  if (!deps.config.publicUrl) return 0;
  let n = 0;
  for (const id of await channelsToSubscribe(deps, now)) if (await subscribeChannel(deps, id, now)) n++;
  return n;
}

/** Starts the videos feature's pollers and their schedules (worker roles only). */
export async function startVideoWorkers(boss: PgBoss, deps: PollDeps & { log: Logger }): Promise<void> {
  const { log } = deps;
  await boss.work<{ searchId: number }>(VIDEO_QUEUES.searchPoll, { pollingIntervalSeconds: 2 }, async ([job]) => {
    const started = Date.now();
    const outcome = await pollSearch(deps, job.data.searchId);
    log.info({ job: VIDEO_QUEUES.searchPoll, searchId: job.data.searchId, ms: Date.now() - started, ...outcome }, 'youtube search polled');
  });
  await boss.work(VIDEO_QUEUES.schedule, { pollingIntervalSeconds: 5 }, async () => {
    const ids = await dueSearches(deps);
    if (ids.length)
      await boss.insert(
        VIDEO_QUEUES.searchPoll,
        ids.map((searchId) => ({ data: { searchId }, singletonKey: `youtube-search-${searchId}` })),
      );
    if (ids.length) log.info({ job: VIDEO_QUEUES.schedule, enqueued: ids.length }, 'youtube searches scheduled');
  });
  await boss.schedule(VIDEO_QUEUES.schedule, '* * * * *');
  await boss.work(VIDEO_QUEUES.channels, { pollingIntervalSeconds: 5 }, async () => {
    const now = new Date();
    const polled = await pollDueChannels(deps, now);
    const subscribed = await subscribeDueChannels(deps, now);
    if (polled || subscribed) log.info({ job: VIDEO_QUEUES.channels, polled, subscribed }, 'youtube channel feeds read');
  });
  await boss.schedule(VIDEO_QUEUES.channels, '* * * * *');
  // Views that keep growing: due re-reads (+1, +7, +30 days, then policy refreshes), every 10 minutes.
  await boss.work(VIDEO_QUEUES.stats, { pollingIntervalSeconds: 5 }, async () => {
    const started = Date.now();
    const outcome = await refreshDueStats(deps);
    if (outcome.calls || outcome.released || outcome.status === 'failed')
      log.info({ job: VIDEO_QUEUES.stats, ms: Date.now() - started, ...outcome }, 'youtube video counts re-read');
  });
  await boss.schedule(VIDEO_QUEUES.stats, '*/10 * * * *');
  await boss.send(VIDEO_QUEUES.schedule, {});
}

/** Queues a poll of one search now (an operator's refresh), or runs it here when there is no queue. */
export async function refreshSearch(boss: PgBoss | null, deps: PollDeps, searchId: number): Promise<void> {
  if (boss) {
    await boss.send(VIDEO_QUEUES.searchPoll, { searchId }, { singletonKey: `youtube-search-${searchId}` });
    return;
  }
  await pollSearch(deps, searchId);
}
