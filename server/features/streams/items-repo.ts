import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { toMetricsRow, type FeedItemRow } from './presenter.js';

/** A feed's items (tenant-scoped through the feed item row's organization). */

export const FEED_ITEM_SORTS = [
  'published_at',
  'view_count',
  'followers',
  'title',
  'broadcaster_name',
  'language',
  'peak_viewers',
  'average_viewers',
  'hours_watched',
] as const;
export type FeedItemSort = (typeof FEED_ITEM_SORTS)[number];

export interface FeedItemFilter {
  searchTerm?: string;
  startDate?: string;
  endDate?: string;
  minFollowers?: number;
  maxFollowers?: number;
  minViews?: number;
  maxViews?: number;
  languages?: string[];
  tags?: string[];
  kind?: 'stream' | 'video';
}

const SORT_SQL: Record<FeedItemSort, SQL> = {
  published_at: sql`i.published_at`,
  view_count: sql`i.view_count`,
  followers: sql`coalesce(c.followers, 0)`,
  title: sql`lower(i.title)`,
  broadcaster_name: sql`lower(coalesce(nullif(c.display_name, ''), c.login, ''))`,
  language: sql`coalesce(i.language, '')`,
  peak_viewers: sql`st.peak_viewers`,
  average_viewers: sql`(st.viewer_ms / nullif(st.covered_ms, 0))`,
  hours_watched: sql`st.viewer_ms`,
};

/** The live metrics of an item's stream (a video: the stream it recorded), `st` joined by stream id. */
export const STATS_JOIN = sql`left join twitch_stream_stats st on st.stream_id = i.twitch_stream_id`;
export const STATS_COLUMNS = sql`st.peak_viewers as m_peak, st.viewer_ms as m_viewer_ms, st.covered_ms as m_covered_ms, st.last_viewers as m_last,
  st.started_at as m_started_at, st.last_sample_at as m_last_sample_at, st.ended_at as m_ended_at`;

/** The saved copy's key: the video id, else `stream:<id>` (as saveFeedItems writes it). */
export const savedKeySql = sql`coalesce(i.twitch_video_id, 'stream:' || i.twitch_id)`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: FeedItemFilter): SQL[] {
  const w: SQL[] = [];
  if (f.searchTerm) {
    const like = `%${likeEscape(f.searchTerm)}%`;
    w.push(sql`(i.title ilike ${like} or i.description ilike ${like} or c.display_name ilike ${like} or c.login ilike ${like})`);
  }
  if (f.startDate) w.push(sql`i.published_at >= ${f.startDate}::date`);
  if (f.endDate) w.push(sql`i.published_at < ${f.endDate}::date + 1`);
  if (f.minFollowers !== undefined) w.push(sql`coalesce(c.followers, 0) >= ${f.minFollowers}`);
  if (f.maxFollowers !== undefined) w.push(sql`coalesce(c.followers, 0) <= ${f.maxFollowers}`);
  if (f.minViews !== undefined) w.push(sql`i.view_count >= ${f.minViews}`);
  if (f.maxViews !== undefined) w.push(sql`i.view_count <= ${f.maxViews}`);
  if (f.languages?.length) w.push(sql`lower(coalesce(i.language, '')) = any(${sql.param(f.languages.map((l) => l.toLowerCase()))}::text[])`);
  if (f.tags?.length) w.push(sql`exists (select 1 from unnest(i.tags) t where lower(t) = any(${sql.param(f.tags.map((t) => t.toLowerCase()))}::text[]))`);
  if (f.kind) w.push(sql`i.kind = ${f.kind}`);
  return w;
}

export async function listFeedItems(
  db: Tx,
  orgId: number,
  feed: { id: number; projectId: number },
  opts: { filter: FeedItemFilter; sort: FeedItemSort; desc: boolean; page: number; pageSize: number },
): Promise<{ rows: FeedItemRow[]; total: number }> {
  const where = sql.join([sql`fi.organization_id = ${orgId}`, sql`fi.feed_id = ${feed.id}`, sql`fi.status <> 'deleted'`, ...whereOf(opts.filter)], sql` and `);
  const from = sql`from twitch_feed_items fi join twitch_items i on i.id = fi.item_id left join twitch_channels c on c.id = i.broadcaster_id ${STATS_JOIN}`;
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${where}`)).rows;
  const dir = opts.desc ? sql`desc nulls last` : sql`asc nulls first`;
  const res = await db.execute<Record<string, unknown>>(sql`
    select i.id, i.kind, i.twitch_video_id, i.twitch_stream_id, i.title, i.description, i.published_at, i.url, i.thumbnail_url,
           i.view_count, i.language, i.duration, i.tags, i.live, i.broadcaster_id,
           coalesce(nullif(c.display_name, ''), c.login, '') as broadcaster_name, coalesce(c.login, '') as broadcaster_login,
           c.profile_image_url, c.followers, ${STATS_COLUMNS},
           exists (select 1 from saved_streams s where s.organization_id = ${orgId} and s.project_id = ${feed.projectId}
                   and s.twitch_video_id in (${savedKeySql}, 'stream:' || coalesce(i.twitch_stream_id, i.twitch_id))) as saved
    ${from} where ${where}
    order by ${SORT_SQL[opts.sort]} ${dir}, i.id ${opts.desc ? sql`desc` : sql`asc`}
    limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`);
  return { rows: res.rows.map(toFeedItemRow), total: Number(n) };
}

export function toFeedItemRow(r: Record<string, unknown>): FeedItemRow {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    twitchVideoId: (r.twitch_video_id as string | null) ?? null,
    twitchStreamId: (r.twitch_stream_id as string | null) ?? null,
    title: String(r.title ?? ''),
    description: String(r.description ?? ''),
    publishedAt: new Date(r.published_at as string),
    url: (r.url as string | null) ?? null,
    thumbnailUrl: (r.thumbnail_url as string | null) ?? null,
    viewCount: Number(r.view_count ?? 0),
    language: (r.language as string | null) ?? null,
    duration: (r.duration as string | null) ?? null,
    tags: (r.tags as string[] | null) ?? [],
    live: Boolean(r.live),
    broadcasterId: String(r.broadcaster_id ?? ''),
    broadcasterName: String(r.broadcaster_name ?? ''),
    broadcasterLogin: String(r.broadcaster_login ?? ''),
    profileImageUrl: (r.profile_image_url as string | null) ?? null,
    followers: r.followers === null || r.followers === undefined ? null : Number(r.followers),
    saved: Boolean(r.saved),
    metrics: toMetricsRow(r),
  };
}

/** Items of the feed by id (not deleted), with their channel, for saving. */
export async function feedItemsByIds(db: Tx, orgId: number, feedId: number, itemIds: number[]): Promise<FeedItemRow[]> {
  if (!itemIds.length) return [];
  const res = await db.execute<Record<string, unknown>>(sql`
    select i.id, i.kind, i.twitch_id, i.twitch_video_id, i.twitch_stream_id, i.title, i.description, i.published_at, i.url, i.thumbnail_url,
           i.view_count, i.language, i.duration, i.tags, i.live, i.broadcaster_id,
           coalesce(nullif(c.display_name, ''), c.login, '') as broadcaster_name, coalesce(c.login, '') as broadcaster_login,
           c.profile_image_url, c.followers, false as saved, ${STATS_COLUMNS}
    from twitch_feed_items fi join twitch_items i on i.id = fi.item_id left join twitch_channels c on c.id = i.broadcaster_id ${STATS_JOIN}
    where fi.organization_id = ${orgId} and fi.feed_id = ${feedId} and fi.status <> 'deleted'
      and fi.item_id = any(${sql.param(itemIds)}::bigint[])`);
  return res.rows.map((r) => ({
    ...toFeedItemRow(r),
    twitchStreamId: (r.twitch_stream_id as string | null) ?? (r.kind === 'stream' ? String(r.twitch_id) : null),
  }));
}

/** Marks items deleted in the feed (they stay, so no poll brings them back). */
export async function deleteFeedItems(db: Tx, orgId: number, feedId: number, itemIds: number[]): Promise<number> {
  const res = await db.execute(sql`
    update twitch_feed_items set status = 'deleted'
    where organization_id = ${orgId} and feed_id = ${feedId} and item_id = any(${sql.param(itemIds)}::bigint[]) and status <> 'deleted'`);
  return res.rowCount ?? 0;
}

/** The item ids of a feed, newest first (not deleted). */
export async function feedItemIds(db: Tx, orgId: number, feedId: number): Promise<number[]> {
  const res = await db.execute<{ id: string }>(sql`
    select i.id from twitch_feed_items fi join twitch_items i on i.id = fi.item_id
    where fi.organization_id = ${orgId} and fi.feed_id = ${feedId} and fi.status <> 'deleted'
    order by i.published_at desc, i.id desc`);
  return res.rows.map((r) => Number(r.id));
}
