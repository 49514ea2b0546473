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
 * Asks the scheduler to run now (many feeds became due at once: a source pack switched on), so
 * their polls start within seconds rather than at the next minute. Call after commit.
 */
export async function kickFeedSchedule(boss: PgBoss | null): Promise<void> {
  if (!boss) return;
  await boss.send(CRAWLER_QUEUES.feedSchedule, {});
}
