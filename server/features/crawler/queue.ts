import type { PgBoss } from 'pg-boss';

/** pg-boss queue names of the coverage engine. */
export const CRAWLER_QUEUES = {
  /** Fetch one feed now: `{ feedId }`. Singleton per feed, so a feed is never fetched twice at once. */
  feedPoll: 'feeds-poll',
  /** Every minute: enqueue a poll for each enabled feed whose `next_check_at` has passed. */
  feedSchedule: 'feeds-schedule',
  /** Deliver pending webhook notifications (Slack, Discord) from the outbox. */
  notify: 'notifications-send',
} as const;

/**
 * Asks for a feed to be fetched as soon as a worker is free (a new or re-enabled feed).
 * Call after the transaction that created or enabled the feed has committed. Without a job
 * queue (API-only tests) it does nothing; the scheduler picks the feed up by `next_check_at`.
 */
export async function enqueueFeedPoll(boss: PgBoss | null, feedId: number): Promise<void> {
  if (!boss) return;
  await boss.send(CRAWLER_QUEUES.feedPoll, { feedId }, { singletonKey: `feed-${feedId}` });
}

/**
 * Polls for many feeds at once (a source pack switched on), one job each in one insert; feeds
 * already queued or polling are skipped (the singleton). Call after commit.
 */
export async function enqueueFeedPolls(boss: PgBoss | null, feedIds: number[]): Promise<void> {
  if (!boss || feedIds.length === 0) return;
  await boss.insert(
    CRAWLER_QUEUES.feedPoll,
    feedIds.map((feedId) => ({ data: { feedId }, singletonKey: `feed-${feedId}` })),
  );
}
