import { sql, type SQL } from 'drizzle-orm';
import { dayRange } from '../../../common/dates.js';
import type { CreatorPlatform, CreatorSort, CreatorTotals, TwitchCreatorSort, YoutubeCreatorSort } from '../../../common/schemas/creators.js';
import type { Tx } from '../../db/client.js';

/*
 * The creator leaderboard (issue 30 item 3): a project's Twitch broadcasters and YouTube channels
 * ranked over its streams and videos. Read-only over the streams' and videos' tables (their
 * owners write them; reads may join other features' tables, docs/architecture.md).
 *
 * Which items: the project's feed items whose stream started / video was published in the period,
 * with the project's saved streams / videos published in the period, each once — by its Helix
 * stream id (a VOD counts as the stream it recorded; a video whose stream is unknown by its video
 * id) or its YouTube video id. The numbers are the streams' running totals on
 * `twitch_stream_stats` (server/features/streams/metrics.ts, docs/decisions.md "Twitch viewer
 * metrics"), added up per broadcaster: hours watched Σ viewer_ms, average Σ viewer_ms ÷ Σ
 * covered_ms (the per-stream average's own ratio, so a one-stream channel shows its stream's
 * average), peak the highest peak, airtime Σ (end or latest sample − start). Current views of a
 * saved video follow the saved video's rule (YouTube's count once re-read after saving, the saved
 * copy's until then); a feed video's are YouTube's count.
 */

/** Which items a leaderboard ranks over: a period of the project's feed and saved items, or given saved ids. */
export type CreatorScope = { period: { from: string; to: string } } | { savedIds: number[] };

export interface TwitchCreatorRow {
  /** 1 for the first row of the sort's order over the whole board. */
  rank: number;
  broadcasterId: string;
  name: string;
  login: string;
  profileImageUrl: string | null;
  followers: number | null;
  streams: number;
  viewerMs: number;
  coveredMs: number;
  /** Streams that have live metrics (were sampled). */
  sampled: number;
  peakViewers: number | null;
  airtimeSeconds: number;
  lastStreamAt: Date;
  topTitle: string;
  topUrl: string | null;
}

export interface YoutubeCreatorRow {
  rank: number;
  channelId: string;
  title: string;
  thumbnail: string | null;
  subscribers: number | null;
  videos: number;
  views: number;
  lastVideoAt: Date;
  topTitle: string;
  topVideoId: string;
  topViews: number;
}

export interface CreatorPage<R> {
  rows: R[];
  /** Rows the search keeps (all of them without one): the list's total entries. */
  matching: number;
  /** The whole board's totals (the search narrows nothing here). */
  totals: CreatorTotals;
}

export interface CreatorListing {
  sort: CreatorSort;
  desc: boolean;
  /** Keeps the creators whose name (or Twitch login) contains it; ranks stay the whole board's. */
  search?: string;
  /** Absent: every row (the CSV export, a report). */
  page?: { number: number; size: number };
}

/**
 * The Helix stream id behind a saved copy (`s`): `stream:<id>` names it; a VOD's id leads to it
 * through the stored video or the stream row that learnt its VOD. The same rule as the streams
 * feature's saved metrics (streams/saved-repo.ts `savedStreamIdSql`).
 */
const SAVED_STREAM_ID = sql`(case when s.twitch_video_id like 'stream:%' then substr(s.twitch_video_id, 8) else coalesce(
  (select v.twitch_stream_id from twitch_items v where v.kind = 'video' and v.twitch_id = s.twitch_video_id),
  (select x.twitch_id from twitch_items x where x.kind = 'stream' and x.twitch_video_id = s.twitch_video_id limit 1)) end)`;

/** A saved video's current views (`s` with its shared row `yv`): as the saved_video resource's current_views. */
const SAVED_CURRENT_VIEWS = sql`(case when yv.stats_fetched_at > s.inserted_at and yv.views is not null then yv.views else s.views end)`;

function savedWhere(orgId: number, projectId: number, scope: CreatorScope, publishedAt: SQL): SQL {
  const own = sql`s.organization_id = ${orgId} and s.project_id = ${projectId}`;
  if ('savedIds' in scope) return sql`${own} and s.id = any(${sql.param(scope.savedIds)}::int[])`;
  const { start, endExclusive } = dayRange(scope.period.from, scope.period.to);
  return sql`${own} and ${publishedAt} >= ${start.toISOString()}::timestamptz and ${publishedAt} < ${endExclusive.toISOString()}::timestamptz`;
}

function periodWhere(scope: CreatorScope, publishedAt: SQL): SQL {
  if ('savedIds' in scope) return sql`false`;
  const { start, endExclusive } = dayRange(scope.period.from, scope.period.to);
  return sql`${publishedAt} >= ${start.toISOString()}::timestamptz and ${publishedAt} < ${endExclusive.toISOString()}::timestamptz`;
}

/** The project's distinct Twitch streams in scope (feed rows first, so their channel is the shared row's). */
function twitchItems(orgId: number, projectId: number, scope: CreatorScope): SQL {
  const streamOf = sql`coalesce(i.twitch_stream_id, case when i.kind = 'stream' then i.twitch_id end)`;
  return sql`select distinct on (x.key) x.* from (
      select coalesce('stream:' || ${streamOf}, 'video:' || i.twitch_id) as key, ${streamOf} as stream_id,
             i.broadcaster_id as channel_key, i.broadcaster_id, null::text as saved_name, null::bigint as saved_followers,
             i.title, i.url, i.published_at, 0 as pref
      from twitch_feeds f
      join twitch_feed_items fi on fi.feed_id = f.id and fi.organization_id = f.organization_id and fi.status <> 'deleted'
      join twitch_items i on i.id = fi.item_id
      where f.organization_id = ${orgId} and f.project_id = ${projectId} and ${periodWhere(scope, sql`i.published_at`)}
      union all
      select coalesce('stream:' || k.sid, 'video:' || s.twitch_video_id), k.sid,
             coalesce(nullif(s.broadcaster_id, ''), 'name:' || lower(s.broadcaster_name)), nullif(s.broadcaster_id, ''), s.broadcaster_name, s.followers,
             s.title, s.url, s.published_at, 1
      from saved_streams s cross join lateral (select ${SAVED_STREAM_ID} as sid) k
      where ${savedWhere(orgId, projectId, scope, sql`s.published_at`)}
    ) x order by x.key, x.pref`;
}

/** Per broadcaster: the streams' totals, the channel's shared row, the top stream. */
function twitchBoard(orgId: number, projectId: number, scope: CreatorScope): SQL {
  const top = sql`order by st.viewer_ms desc nulls last, st.peak_viewers desc nulls last, it.published_at desc, it.key`;
  return sql`with items as (${twitchItems(orgId, projectId, scope)}),
    agg as (
      select it.channel_key, max(it.broadcaster_id) as broadcaster_id, max(it.saved_name) as saved_name, max(it.saved_followers) as saved_followers,
             count(*)::int as streams, coalesce(sum(st.viewer_ms), 0)::bigint as viewer_ms, coalesce(sum(st.covered_ms), 0)::bigint as covered_ms,
             count(st.stream_id)::int as sampled, max(st.peak_viewers)::int as peak_viewers,
             coalesce(sum(greatest(0, round(extract(epoch from coalesce(st.ended_at, st.last_sample_at) - st.started_at)))), 0)::bigint as airtime,
             max(it.published_at) as last_at,
             (array_agg(it.title ${top}))[1] as top_title, (array_agg(it.url ${top}))[1] as top_url
      from items it left join twitch_stream_stats st on st.stream_id = it.stream_id
      group by it.channel_key
    ),
    board as (
      select a.*, coalesce(nullif(c.display_name, ''), nullif(c.login, ''), a.saved_name, a.channel_key) as name, coalesce(c.login, '') as login,
             c.profile_image_url, coalesce(c.followers, a.saved_followers) as followers
      from agg a left join twitch_channels c on c.id = a.broadcaster_id
    )`;
}

const TWITCH_SORT: Record<TwitchCreatorSort, SQL> = {
  hours_watched: sql`b.viewer_ms`,
  peak_viewers: sql`b.peak_viewers`,
  streams: sql`b.streams`,
  followers: sql`b.followers`,
  average_viewers: sql`(b.viewer_ms::numeric / nullif(b.covered_ms, 0))`,
};

function youtubeItems(orgId: number, projectId: number, scope: CreatorScope): SQL {
  return sql`select distinct on (x.key) x.* from (
      select v.video_id as key, v.channel_id as channel_key, v.channel_id, null::text as saved_title, null::text as saved_thumbnail,
             null::bigint as saved_subscribers, v.title, v.views, v.published_at, 0 as pref
      from youtube_feeds f
      join youtube_feed_videos fv on fv.feed_id = f.id and fv.organization_id = f.organization_id and fv.status <> 'deleted'
      join youtube_videos v on v.id = fv.video_id
      where f.organization_id = ${orgId} and f.project_id = ${projectId} and ${periodWhere(scope, sql`v.published_at`)}
      union all
      select s.youtube_video_id, coalesce(nullif(s.channel_id, ''), 'title:' || lower(s.channel_title)), nullif(s.channel_id, ''),
             s.channel_title, s.channel_thumbnail, s.channel_subscribers, s.title, ${SAVED_CURRENT_VIEWS}, s.published_at, 1
      from saved_videos s left join youtube_videos yv on yv.video_id = s.youtube_video_id
      where ${savedWhere(orgId, projectId, scope, sql`s.published_at`)}
    ) x order by x.key, (x.views is null), x.pref`;
}

function youtubeBoard(orgId: number, projectId: number, scope: CreatorScope): SQL {
  const top = sql`order by coalesce(it.views, 0) desc, it.published_at desc, it.key`;
  return sql`with items as (${youtubeItems(orgId, projectId, scope)}),
    agg as (
      select it.channel_key, max(it.channel_id) as channel_id, max(it.saved_title) as saved_title, max(it.saved_thumbnail) as saved_thumbnail,
             max(it.saved_subscribers) as saved_subscribers, count(*)::int as videos, coalesce(sum(it.views), 0)::bigint as views,
             max(it.published_at) as last_at,
             (array_agg(it.title ${top}))[1] as top_title, (array_agg(it.key ${top}))[1] as top_key, (array_agg(coalesce(it.views, 0) ${top}))[1] as top_views
      from items it group by it.channel_key
    ),
    board as (
      select a.*, coalesce(nullif(ch.title, ''), a.saved_title, a.channel_key) as name, coalesce(ch.thumbnail, a.saved_thumbnail) as thumbnail,
             case when ch.hidden_subscribers then null else coalesce(ch.subscribers, a.saved_subscribers) end as subscribers
      from agg a left join youtube_channels ch on ch.id = a.channel_id
    )`;
}

const YOUTUBE_SORT: Record<YoutubeCreatorSort, SQL> = {
  views: sql`b.views`,
  videos: sql`b.videos`,
  subscribers: sql`b.subscribers`,
};

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function orderOf(platform: CreatorPlatform, listing: CreatorListing): SQL {
  const key = platform === 'twitch' ? TWITCH_SORT[listing.sort as TwitchCreatorSort] : YOUTUBE_SORT[listing.sort as YoutubeCreatorSort];
  if (!key) throw new Error(`no ${platform} sort ${listing.sort}`);
  // Missing numbers (never sampled, hidden subscribers) rank last either way; ties by the platform's main number, then name.
  const main = platform === 'twitch' ? sql`b.viewer_ms desc` : sql`b.views desc`;
  return sql`order by ${key} ${listing.desc ? sql`desc` : sql`asc`} nulls last, ${main}, lower(b.name), b.channel_key`;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows a search keeps (the name, or a Twitch login); every row without one. */
function searchOf(platform: CreatorPlatform, listing: CreatorListing): SQL {
  if (!listing.search) return sql`true`;
  const like = `%${likeEscape(listing.search)}%`;
  return platform === 'twitch' ? sql`(r.name ilike ${like} or r.login ilike ${like})` : sql`r.name ilike ${like}`;
}

/** The ranked rows (rank over the whole board, then the search, then the page) and the totals. */
async function ranked(db: Tx, platform: CreatorPlatform, board: SQL, listing: CreatorListing, sums: SQL) {
  const ranks = sql`select b.*, row_number() over (${orderOf(platform, listing)})::int as rank from board b`;
  const limit = listing.page ? sql`limit ${listing.page.size} offset ${(listing.page.number - 1) * listing.page.size}` : sql``;
  const rows = await db.execute<Record<string, unknown>>(
    sql`${board} select r.* from (${ranks}) r where ${searchOf(platform, listing)} order by r.rank ${limit}`,
  );
  const [totals] = (
    await db.execute<Record<string, unknown>>(
      sql`${board} select count(*)::int as creators, (count(*) filter (where ${searchOf(platform, listing)}))::int as matching, ${sums} from board r`,
    )
  ).rows;
  return { rows: rows.rows, totals };
}

/** The Twitch leaderboard of the organization's project over `scope` (a page, or every row). */
export async function twitchLeaderboard(
  db: Tx,
  orgId: number,
  projectId: number,
  scope: CreatorScope,
  listing: CreatorListing,
): Promise<CreatorPage<TwitchCreatorRow>> {
  const { rows, totals: t } = await ranked(
    db,
    'twitch',
    twitchBoard(orgId, projectId, scope),
    listing,
    sql`coalesce(sum(r.viewer_ms), 0)::bigint as viewer_ms, coalesce(sum(r.streams), 0)::int as streams`,
  );
  return {
    rows: rows.map((r) => ({
      rank: num(r.rank),
      broadcasterId: String(r.broadcaster_id ?? r.channel_key),
      name: String(r.name ?? ''),
      login: String(r.login ?? ''),
      profileImageUrl: (r.profile_image_url as string | null) ?? null,
      followers: numOrNull(r.followers),
      streams: num(r.streams),
      viewerMs: num(r.viewer_ms),
      coveredMs: num(r.covered_ms),
      sampled: num(r.sampled),
      peakViewers: numOrNull(r.peak_viewers),
      airtimeSeconds: num(r.airtime),
      lastStreamAt: new Date(r.last_at as string),
      topTitle: String(r.top_title ?? ''),
      topUrl: (r.top_url as string | null) ?? (r.login ? `https://www.twitch.tv/${String(r.login)}` : null),
    })),
    matching: num(t.matching),
    totals: { creators: num(t.creators), hours_watched: num(t.viewer_ms) / 3_600_000, streams: num(t.streams) },
  };
}

/** The YouTube leaderboard of the organization's project over `scope` (a page, or every row). */
export async function youtubeLeaderboard(
  db: Tx,
  orgId: number,
  projectId: number,
  scope: CreatorScope,
  listing: CreatorListing,
): Promise<CreatorPage<YoutubeCreatorRow>> {
  const { rows, totals: t } = await ranked(
    db,
    'youtube',
    youtubeBoard(orgId, projectId, scope),
    listing,
    sql`coalesce(sum(r.views), 0)::bigint as views, coalesce(sum(r.videos), 0)::int as videos`,
  );
  return {
    rows: rows.map((r) => ({
      rank: num(r.rank),
      channelId: String(r.channel_id ?? r.channel_key),
      title: String(r.name ?? ''),
      thumbnail: (r.thumbnail as string | null) ?? null,
      subscribers: numOrNull(r.subscribers),
      videos: num(r.videos),
      views: num(r.views),
      lastVideoAt: new Date(r.last_at as string),
      topTitle: String(r.top_title ?? ''),
      topVideoId: String(r.top_key ?? ''),
      topViews: num(r.top_views),
    })),
    matching: num(t.matching),
    totals: { creators: num(t.creators), views: num(t.views), videos: num(t.videos) },
  };
}

/** Whether the organization's project has a feed of the platform (an empty board says why). */
export async function projectHasFeed(db: Tx, orgId: number, projectId: number, platform: CreatorPlatform): Promise<boolean> {
  const table = platform === 'twitch' ? sql`twitch_feeds` : sql`youtube_feeds`;
  const res = await db.execute(sql`select 1 from ${table} where organization_id = ${orgId} and project_id = ${projectId} limit 1`);
  return res.rows.length > 0;
}

/**
 * A report's leaderboard: the creators of the organization's project's saved streams (twitch) or
 * saved videos (youtube) with these ids, every row in the sort's order (ids of another project or
 * organization count nothing). The rows have the shapes the route presents (presenter.ts).
 */
export function savedCreatorsLeaderboard(
  db: Tx,
  orgId: number,
  projectId: number,
  input: { platform: 'twitch'; savedIds: number[]; sort?: TwitchCreatorSort; desc?: boolean },
): Promise<CreatorPage<TwitchCreatorRow>>;
export function savedCreatorsLeaderboard(
  db: Tx,
  orgId: number,
  projectId: number,
  input: { platform: 'youtube'; savedIds: number[]; sort?: YoutubeCreatorSort; desc?: boolean },
): Promise<CreatorPage<YoutubeCreatorRow>>;
export function savedCreatorsLeaderboard(
  db: Tx,
  orgId: number,
  projectId: number,
  input: { platform: CreatorPlatform; savedIds: number[]; sort?: CreatorSort; desc?: boolean },
): Promise<CreatorPage<TwitchCreatorRow> | CreatorPage<YoutubeCreatorRow>> {
  const scope = { savedIds: input.savedIds };
  if (input.platform === 'twitch') return twitchLeaderboard(db, orgId, projectId, scope, { sort: input.sort ?? 'hours_watched', desc: input.desc ?? true });
  return youtubeLeaderboard(db, orgId, projectId, scope, { sort: input.sort ?? 'views', desc: input.desc ?? true });
}
