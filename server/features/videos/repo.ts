import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { normaliseKeyword } from './match.js';
import { MIN_INTERVAL_S } from './poll.js';

/**
 * The videos feature's feed rows (`youtube_feeds`, tenant rows: `orgId` first) and the shared
 * searches they point at (`youtube_searches`, one per normalised keyword across organizations).
 */

export type FeedRow = {
  id: number;
  organization_id: number;
  project_id: number;
  keyword: string;
  search_id: number;
  is_enabled: boolean;
  slack_webhook_url: string | null;
  slack_min_subs_notification: number | null;
  discord_webhook_url: string | null;
  discord_min_subs_notification: number | null;
  latest_pull: Date | string | null;
  inserted_at: Date | string;
  updated_at: Date | string;
  next_check_at: Date | string | null;
  error_count: number;
  last_error: string | null;
  total_videos: number;
};

/** The webhook and notification settings of a feed, as create and update take them. */
export interface FeedSettings {
  slackWebhookUrl?: string | null;
  slackMinSubs?: number | null;
  discordWebhookUrl?: string | null;
  discordMinSubs?: number | null;
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** The feed of the organization with its search's polling state, or undefined. */
export async function findFeed(db: Tx, orgId: number, feedId: number): Promise<FeedRow | undefined> {
  const rows = await db.execute<FeedRow>(sql`
    select f.id, f.organization_id, f.project_id, f.keyword, f.search_id, f.is_enabled, f.slack_webhook_url, f.slack_min_subs_notification,
           f.discord_webhook_url, f.discord_min_subs_notification, f.latest_pull, f.inserted_at, f.updated_at,
           s.next_check_at, s.error_count, s.last_error,
           (select count(*)::int from youtube_feed_videos fv where fv.feed_id = f.id and fv.status <> 'deleted') as total_videos
    from youtube_feeds f join youtube_searches s on s.id = f.search_id
    where f.organization_id = ${orgId} and f.id = ${feedId}`);
  return rows.rows[0];
}

/** The id of the YouTube feed of a project of the organization, if it has one. */
export async function findFeedOfProject(db: Tx, orgId: number, projectId: number): Promise<number | undefined> {
  const rows = await db.execute<{ id: number }>(sql`select id from youtube_feeds where organization_id = ${orgId} and project_id = ${projectId}`);
  return rows.rows[0]?.id;
}

/** Inserts a feed on a search; answers its id. */
export async function insertFeed(
  tx: Tx,
  orgId: number,
  values: { projectId: number; keyword: string; searchId: number } & FeedSettings,
  now: Date,
): Promise<number> {
  const rows = await tx.execute<{ id: number }>(sql`
    insert into youtube_feeds (organization_id, project_id, keyword, search_id, slack_webhook_url, slack_min_subs_notification, discord_webhook_url, discord_min_subs_notification, inserted_at, updated_at)
    values (${orgId}, ${values.projectId}, ${values.keyword}, ${values.searchId}, ${blank(values.slackWebhookUrl) ?? null}, ${values.slackMinSubs ?? null},
            ${blank(values.discordWebhookUrl) ?? null}, ${values.discordMinSubs ?? null}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    returning id`);
  return rows.rows[0].id;
}

export type LockedFeed = { id: number; keyword: string; search_id: number; slack_webhook_url: string | null; discord_webhook_url: string | null };

/** Locks the feed row for a read-modify-write. */
export async function lockFeed(tx: Tx, orgId: number, feedId: number): Promise<LockedFeed | undefined> {
  const rows = await tx.execute<LockedFeed>(sql`
    select id, keyword, search_id, slack_webhook_url, discord_webhook_url from youtube_feeds where organization_id = ${orgId} and id = ${feedId} for update`);
  return rows.rows[0];
}

/** What an update writes: the search always (it may be the same), the rest only when given. */
export interface FeedRowChanges extends FeedSettings {
  searchId: number;
  keyword?: string;
  isEnabled?: boolean;
  /** A new search is a new baseline: the feed shows no last pull until it runs. */
  clearLatestPull: boolean;
}

export async function updateFeedRow(tx: Tx, orgId: number, feedId: number, input: FeedRowChanges, now: Date): Promise<void> {
  const sets = [sql`updated_at = ${now.toISOString()}::timestamptz`, sql`search_id = ${input.searchId}`];
  if (input.keyword !== undefined) sets.push(sql`keyword = ${input.keyword}`);
  if (input.slackWebhookUrl !== undefined) sets.push(sql`slack_webhook_url = ${blank(input.slackWebhookUrl) ?? null}`);
  if (input.slackMinSubs !== undefined) sets.push(sql`slack_min_subs_notification = ${input.slackMinSubs}`);
  if (input.discordWebhookUrl !== undefined) sets.push(sql`discord_webhook_url = ${blank(input.discordWebhookUrl) ?? null}`);
  if (input.discordMinSubs !== undefined) sets.push(sql`discord_min_subs_notification = ${input.discordMinSubs}`);
  if (input.isEnabled !== undefined) sets.push(sql`is_enabled = ${input.isEnabled}`);
  if (input.clearLatestPull) sets.push(sql`latest_pull = null`);
  await tx.execute(sql`update youtube_feeds set ${sql.join(sets, sql`, `)} where organization_id = ${orgId} and id = ${feedId}`);
}

/** The search a feed of the organization points at (undefined for another organization's feed). */
export async function searchIdOfFeed(tx: Tx, orgId: number, feedId: number): Promise<number | undefined> {
  const rows = await tx.execute<{ search_id: number }>(sql`select search_id from youtube_feeds where organization_id = ${orgId} and id = ${feedId}`);
  return rows.rows[0]?.search_id;
}

/** Sets the feed's last pull (the demo seed, written as a poll would). */
export async function setLatestPull(tx: Tx, orgId: number, feedId: number, at: Date): Promise<void> {
  await tx.execute(sql`update youtube_feeds set latest_pull = ${at.toISOString()}::timestamptz where organization_id = ${orgId} and id = ${feedId}`);
}

/**
 * The shared search of a keyword, created when no feed used it yet. A search that has not
 * succeeded in the last half hour is made due now, so a new feed is polled soon; one that
 * just ran keeps its time (its stored videos fill the feed).
 */
export async function ensureSearch(tx: Tx, keyword: string, now: Date): Promise<number> {
  const q = normaliseKeyword(keyword);
  const rows = await tx.execute<{ id: number }>(sql`
    insert into youtube_searches (query, next_check_at, interval_seconds) values (${q}, ${now.toISOString()}::timestamptz, ${MIN_INTERVAL_S})
    on conflict (query) do update set
      next_check_at = least(youtube_searches.next_check_at,
        greatest(${now.toISOString()}::timestamptz, coalesce(youtube_searches.last_success_at, 'epoch'::timestamptz) + interval '30 minutes'))
    returning id`);
  return rows.rows[0].id;
}

/** Makes a search due within the minute (a feed switched back on is polled soon, from where its search left off). */
export async function wakeSearch(tx: Tx, searchId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update youtube_searches set next_check_at = least(next_check_at, ${now.toISOString()}::timestamptz + interval '1 minute') where id = ${searchId}`,
  );
}
