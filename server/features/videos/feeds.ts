import { sql } from 'drizzle-orm';
import type { YoutubeFeedAttributes } from '../../../common/schemas/videos.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { linkProjectYoutubeFeed, lockActiveProject } from '../projects/service.js';
import { normaliseKeyword } from './keyword.js';
import { MIN_INTERVAL_S, QUOTA_ERROR_PREFIX } from './poll.js';

export const NOT_CONNECTED = 'YouTube is not connected on this server: set YOUTUBE_API_KEY.';

export interface FeedSettings {
  slackWebhookUrl?: string | null;
  slackMinSubs?: number | null;
  discordWebhookUrl?: string | null;
  discordMinSubs?: number | null;
}

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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
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

/** The feed's attributes as GET youtube_feed/{id}/info answers them, with the state the UI shows. */
export function feedAttributes(f: FeedRow, config: Config): YoutubeFeedAttributes {
  const state: YoutubeFeedAttributes['state'] = !config.youtube.apiKey
    ? 'not_configured'
    : f.error_count > 0
      ? f.last_error?.startsWith(QUOTA_ERROR_PREFIX)
        ? 'quota'
        : 'error'
      : f.latest_pull === null
        ? 'waiting'
        : 'ok';
  return {
    keyword: f.keyword,
    project_id: String(f.project_id),
    latestPull: iso(f.latest_pull),
    is_enabled: f.is_enabled,
    slack_webhook_url: f.slack_webhook_url,
    slack_min_subs_notification: f.slack_min_subs_notification,
    discord_webhook_url: f.discord_webhook_url,
    discord_min_subs_notification: f.discord_min_subs_notification,
    state,
    last_error: state === 'not_configured' ? NOT_CONNECTED : f.error_count > 0 ? f.last_error : null,
    next_check_at: f.is_enabled ? iso(f.next_check_at) : null,
    total_videos: Number(f.total_videos),
    'inserted-at': iso(f.inserted_at)!,
    'updated-at': iso(f.updated_at)!,
  };
}

/**
 * The shared search of a keyword, created when no feed used it yet. A search that has not
 * succeeded in the last half hour is made due now, so a new feed is polled soon; one that
 * just ran keeps its time (its stored videos fill the feed).
 */
async function searchFor(tx: Tx, keyword: string, now: Date): Promise<number> {
  const q = normaliseKeyword(keyword);
  const rows = await tx.execute<{ id: number }>(sql`
    insert into youtube_searches (query, next_check_at, interval_seconds) values (${q}, ${now.toISOString()}::timestamptz, ${MIN_INTERVAL_S})
    on conflict (query) do update set
      next_check_at = least(youtube_searches.next_check_at,
        greatest(${now.toISOString()}::timestamptz, coalesce(youtube_searches.last_success_at, 'epoch'::timestamptz) + interval '30 minutes'))
    returning id`);
  return rows.rows[0].id;
}

/** Fills a feed with the videos its shared search already found for other feeds (history: not announced). */
async function fillFromSearch(tx: Tx, feedId: number, orgId: number, searchId: number): Promise<number> {
  const rows = await tx.execute(sql`
    insert into youtube_feed_videos (feed_id, video_id, organization_id, found_via)
    select distinct on (fv.video_id) ${feedId}::int, fv.video_id, ${orgId}::int, fv.found_via
    from youtube_feed_videos fv join youtube_feeds f on f.id = fv.feed_id
    where f.search_id = ${searchId} and f.id <> ${feedId}
    on conflict do nothing returning 1`);
  return rows.rows.length;
}

/** Creates a project's YouTube feed inside the caller's transaction (sign-up uses it; no plan checks here). */
export async function createYoutubeFeed(
  tx: Tx,
  orgId: number,
  input: { projectId: number; keyword: string } & { slackWebhookUrl?: string | null; slackMinSubs?: number | null; discordWebhookUrl?: string | null; discordMinSubs?: number | null },
  config: Config,
  now = new Date(),
): Promise<{ id: number; status: 'ACTIVE' | 'PENDING'; reason: string }> {
  const project = await lockActiveProject(tx, orgId, input.projectId);
  if (!project) throw notFound('project');
  const existing = await tx.execute(sql`select id from youtube_feeds where project_id = ${input.projectId}`);
  if (existing.rows.length > 0) throw new AppError('conflict', 'This project already has a YouTube feed', '/project_id');
  const keyword = input.keyword.trim().replace(/\s+/g, ' ');
  const searchId = await searchFor(tx, keyword, now);
  const rows = await tx.execute<{ id: number }>(sql`
    insert into youtube_feeds (organization_id, project_id, keyword, search_id, slack_webhook_url, slack_min_subs_notification, discord_webhook_url, discord_min_subs_notification, inserted_at, updated_at)
    values (${orgId}, ${input.projectId}, ${keyword}, ${searchId}, ${blank(input.slackWebhookUrl) ?? null}, ${input.slackMinSubs ?? null},
            ${blank(input.discordWebhookUrl) ?? null}, ${input.discordMinSubs ?? null}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    returning id`);
  const id = rows.rows[0].id;
  await linkProjectYoutubeFeed(tx, orgId, input.projectId, id);
  await fillFromSearch(tx, id, orgId, searchId);
  return config.youtube.apiKey
    ? { id, status: 'ACTIVE', reason: `Checking YouTube every ${MIN_INTERVAL_S / 60} minutes` }
    : { id, status: 'PENDING', reason: NOT_CONNECTED };
}

/**
 * PATCH youtube_feed/{id}: a new keyword moves the feed to that keyword's shared search; its
 * videos stay. Answers the webhooks the feed had before, so that only new ones are tested.
 */
export async function updateYoutubeFeed(
  tx: Tx,
  orgId: number,
  feedId: number,
  input: FeedSettings & { keyword?: string; isEnabled?: boolean },
  now = new Date(),
): Promise<{ slackWebhookUrl: string | null; discordWebhookUrl: string | null }> {
  const rows = await tx.execute<{ id: number; keyword: string; search_id: number; slack_webhook_url: string | null; discord_webhook_url: string | null }>(sql`
    select id, keyword, search_id, slack_webhook_url, discord_webhook_url from youtube_feeds where organization_id = ${orgId} and id = ${feedId} for update`);
  const feed = rows.rows[0];
  if (!feed) throw notFound('YouTube feed');
  let searchId = feed.search_id;
  const keyword = input.keyword?.trim().replace(/\s+/g, ' ');
  if (keyword !== undefined && normaliseKeyword(keyword) !== normaliseKeyword(feed.keyword)) searchId = await searchFor(tx, keyword, now);
  const sets = [sql`updated_at = ${now.toISOString()}::timestamptz`, sql`search_id = ${searchId}`];
  if (keyword !== undefined) sets.push(sql`keyword = ${keyword}`);
  if (input.slackWebhookUrl !== undefined) sets.push(sql`slack_webhook_url = ${blank(input.slackWebhookUrl) ?? null}`);
  if (input.slackMinSubs !== undefined) sets.push(sql`slack_min_subs_notification = ${input.slackMinSubs}`);
  if (input.discordWebhookUrl !== undefined) sets.push(sql`discord_webhook_url = ${blank(input.discordWebhookUrl) ?? null}`);
  if (input.discordMinSubs !== undefined) sets.push(sql`discord_min_subs_notification = ${input.discordMinSubs}`);
  if (input.isEnabled !== undefined) sets.push(sql`is_enabled = ${input.isEnabled}`);
  if (searchId !== feed.search_id) sets.push(sql`latest_pull = null`);
  await tx.execute(sql`update youtube_feeds set ${sql.join(sets, sql`, `)} where organization_id = ${orgId} and id = ${feedId}`);
  if (searchId !== feed.search_id) await fillFromSearch(tx, feedId, orgId, searchId);
  if (input.isEnabled === true) {
    // A feed switched back on is polled soon, from where its search left off.
    await tx.execute(sql`update youtube_searches set next_check_at = least(next_check_at, ${now.toISOString()}::timestamptz + interval '1 minute') where id = ${searchId}`);
  }
  return { slackWebhookUrl: feed.slack_webhook_url, discordWebhookUrl: feed.discord_webhook_url };
}

/** Marks videos deleted from the feed: they stay as `deleted`, so no poll or push brings them back. */
export async function deleteFeedVideos(db: Tx, orgId: number, feedId: number, videoIds: number[]): Promise<number> {
  if (!(await findFeed(db, orgId, feedId))) throw notFound('YouTube feed');
  const rows = await db.execute(sql`
    update youtube_feed_videos set status = 'deleted'
    where organization_id = ${orgId} and feed_id = ${feedId} and video_id = any(${sql.param(videoIds)}::bigint[]) and status <> 'deleted'
    returning 1`);
  return rows.rows.length;
}
