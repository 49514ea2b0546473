import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dateFilters, like, orderBy, type MediaListQuery } from './queries.js';

/** A feed's videos (`youtube_feed_videos`, scoped by the row's organization) and the shared `youtube_videos` rows. */

const FEED_SORT: Record<string, SQL> = {
  published_at: sql`v.published_at`,
  views: sql`v.views`,
  title: sql`lower(v.title)`,
  channel: sql`lower(c.title)`,
  subscribers: sql`c.subscribers`,
  language: sql`coalesce(v.language, c.language)`,
  country: sql`c.country`,
};
export const FEED_SORTS = Object.keys(FEED_SORT);

/** A feed video joined with its channel (listFeedVideos). */
export type FeedVideoRow = {
  id: number;
  video_id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  published_at: Date | string;
  views: number | null;
  language: string | null;
  found_via: string;
  channel_id: string;
  channel_title: string | null;
  channel_thumbnail: string | null;
  custom_url: string | null;
  country: string | null;
  channel_language: string | null;
  subscribers: number | null;
  saved: boolean;
  total: number;
  views_at_found: number | null;
  stats_refreshed_at: Date | string | null;
  removed_at: Date | string | null;
};

/** A page of a feed's videos (deleted ones never), filtered and sorted as GET youtube_feed/{id} asks. */
export async function listFeedVideos(
  db: Tx,
  orgId: number,
  feedId: number,
  projectId: number,
  q: MediaListQuery,
): Promise<{ rows: FeedVideoRow[]; total: number }> {
  const where: SQL[] = [sql`fv.organization_id = ${orgId}`, sql`fv.feed_id = ${feedId}`, sql`fv.status <> 'deleted'`, ...dateFilters(sql`v.published_at`, q)];
  if (q.searchTerm) where.push(sql`(v.title ilike ${like(q.searchTerm)} or v.description ilike ${like(q.searchTerm)} or c.title ilike ${like(q.searchTerm)})`);
  if (q.minViews !== undefined) where.push(sql`coalesce(v.views, 0) >= ${q.minViews}`);
  if (q.maxViews !== undefined) where.push(sql`coalesce(v.views, 0) <= ${q.maxViews}`);
  if (q.minFollowers !== undefined) where.push(sql`coalesce(c.subscribers, 0) >= ${q.minFollowers}`);
  if (q.maxFollowers !== undefined) where.push(sql`coalesce(c.subscribers, 0) <= ${q.maxFollowers}`);
  const rows = await db.execute<FeedVideoRow>(sql`
    select v.id, v.video_id, v.title, v.description, v.thumbnail, v.published_at, v.views, v.language, fv.found_via,
           v.views_at_found, v.stats_refreshed_at, v.removed_at,
           v.channel_id, c.title as channel_title, c.thumbnail as channel_thumbnail, c.custom_url, c.country, c.language as channel_language, c.subscribers,
           exists (select 1 from saved_videos sv where sv.organization_id = ${orgId} and sv.project_id = ${projectId} and sv.youtube_video_id = v.video_id) as saved,
           count(*) over ()::int as total
    from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id left join youtube_channels c on c.id = v.channel_id
    where ${sql.join(where, sql` and `)}
    order by ${orderBy(FEED_SORT[q.sortField] ?? FEED_SORT.published_at, q.desc, sql`v.id`)}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return {
    total: rows.rows.length > 0 ? Number(rows.rows[0].total) : q.page > 1 ? await countFeed(db, where) : 0,
    rows: rows.rows,
  };
}

/** The total of a page past the end (the window count has no row to ride on). */
async function countFeed(db: Tx, where: SQL[]) {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id left join youtube_channels c on c.id = v.channel_id
    where ${sql.join(where, sql` and `)}`);
  return Number(r.rows[0].n);
}

/** Fills a feed with the videos its shared search already found for other feeds (history: not announced). */
export async function fillFeedFromSearch(tx: Tx, orgId: number, feedId: number, searchId: number): Promise<number> {
  const rows = await tx.execute(sql`
    insert into youtube_feed_videos (feed_id, video_id, organization_id, found_via)
    select distinct on (fv.video_id) ${feedId}::int, fv.video_id, ${orgId}::int, fv.found_via
    from youtube_feed_videos fv join youtube_feeds f on f.id = fv.feed_id
    where f.search_id = ${searchId} and f.id <> ${feedId}
    on conflict do nothing returning 1`);
  return rows.rows.length;
}

/** Whether a video (its row id) is in the feed of the organization's project. */
export async function videoInProjectFeed(tx: Tx, orgId: number, projectId: number, videoRowId: number): Promise<boolean> {
  const inFeed = await tx.execute(sql`
    select 1 from youtube_feed_videos fv join youtube_feeds f on f.id = fv.feed_id
    where fv.organization_id = ${orgId} and fv.video_id = ${videoRowId} and f.project_id = ${projectId} limit 1`);
  return inFeed.rows.length > 0;
}

/** Marks videos deleted from the feed: they stay as `deleted`, so no poll or push brings them back. */
export async function deleteFeedVideos(db: Tx, orgId: number, feedId: number, videoIds: number[]): Promise<number> {
  const rows = await db.execute(sql`
    update youtube_feed_videos set status = 'deleted'
    where organization_id = ${orgId} and feed_id = ${feedId} and video_id = any(${sql.param(videoIds)}::bigint[]) and status <> 'deleted'
    returning 1`);
  return rows.rows.length;
}

/** The row id of a known video (shared across organizations) by its YouTube id. */
export async function findVideoRowId(db: Tx, youtubeVideoId: string): Promise<number | undefined> {
  const rows = await db.execute<{ id: number }>(sql`select id from youtube_videos where video_id = ${youtubeVideoId}`);
  return rows.rows[0] === undefined ? undefined : rows.rows[0].id;
}
