import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  YoutubeClient,
  YoutubeNotConfiguredError,
  YoutubeQuotaError,
  YoutubeRequestError,
  type YoutubeChannel,
  type YoutubeSearchHit,
  type YoutubeVideo,
} from '../../integrations/youtube/client.js';
import { ingestVideos, type IngestResult, type IngestVideo } from './ingest.js';
import { markQuotaExhausted, msUntilPacificMidnight, reserveQuota, type QuotaBucket } from './quota.js';
import { kickNotifier, type NotifierDeps } from '../notifications/service.js';

/** What a poll needs; the notifier's dependencies among them, since new videos with announcements kick it. */
export interface PollDeps extends NotifierDeps {
  db: Db;
  config: Config;
}

/** Adaptive interval: 30 min while a keyword keeps finding videos, doubling to 6 h while it finds none. */
export const MIN_INTERVAL_S = 1800;
export const MAX_INTERVAL_S = 6 * 3600;
/** The watermark is moved back this much: search results show up late in YouTube's index. */
const WATERMARK_MARGIN_MS = 3600_000;
/**
 * Pages of one poll (50 results each, newest first). A keyword with more than 150 new videos
 * within one interval (30 min when busy) keeps the newest 150 and skips the older rest: such a
 * keyword is too broad to follow video by video, and each further page costs a search. Under
 * budget pressure (and for a keyword's first search) one page.
 */
export const MAX_PAGES = 3;
/** Channels are refetched once a day while they keep appearing. */
const CHANNEL_TTL_MS = 86_400_000;
/** Failure back-off: 5 min doubling, at most 6 h. */
const BACKOFF_BASE_MS = 300_000;

export const QUOTA_ERROR_PREFIX = 'YouTube quota';

/** The bucket was spent, here (our own count) or at YouTube (quotaExceeded). */
export class QuotaSpentError extends Error {
  constructor(readonly bucket: QuotaBucket) {
    super(
      `${QUOTA_ERROR_PREFIX} for today is spent (${bucket === 'search' ? 'searches' : 'video and channel look-ups'}); polling resumes after midnight Pacific time.`,
    );
  }
}

export const youtubeClientOf = (config: Config) =>
  new YoutubeClient({ apiUrl: config.youtube.apiUrl, feedsUrl: config.youtube.feedsUrl, apiKey: config.youtube.apiKey });

/** One API call with its quota reserved first; a quotaExceeded answer marks the bucket spent. */
export async function withQuota<T>(deps: PollDeps, bucket: QuotaBucket, cost: number, now: Date, call: () => Promise<T>): Promise<T> {
  if (cost === 0) return call();
  if (!(await reserveQuota(deps.db, deps.config, bucket, cost, now))) throw new QuotaSpentError(bucket);
  try {
    return await call();
  } catch (err) {
    if (err instanceof YoutubeQuotaError && err.reason === 'quotaExceeded') {
      await markQuotaExhausted(deps.db, bucket, now);
      throw new QuotaSpentError(bucket);
    }
    throw err;
  }
}

const calls = (n: number) => Math.ceil(n / 50);

/**
 * videos.list for the ids (views, language) and channels.list for channels not fetched today;
 * both through the `default` bucket.
 */
export async function lookUpDetails(deps: PollDeps, client: YoutubeClient, videoIds: string[], extraChannelIds: string[], now: Date) {
  const videos: YoutubeVideo[] = videoIds.length ? await withQuota(deps, 'default', calls(videoIds.length), now, () => client.listVideos(videoIds)) : [];
  const wanted = [...new Set([...videos.map((v) => v.channelId), ...extraChannelIds].filter(Boolean))];
  let channels: YoutubeChannel[] = [];
  if (wanted.length) {
    const fresh = await deps.db.execute<{ id: string }>(sql`
      select id from youtube_channels where id = any(${sql.param(wanted)}::text[]) and fetched_at > ${new Date(now.getTime() - CHANNEL_TTL_MS).toISOString()}::timestamptz`);
    const stale = wanted.filter((id) => !fresh.rows.some((r) => r.id === id));
    if (stale.length) channels = await withQuota(deps, 'default', calls(stale.length), now, () => client.listChannels(stale));
  }
  return { videos, channels };
}

export const toIngest = (v: YoutubeVideo): IngestVideo => ({
  videoId: v.id,
  channelId: v.channelId,
  channelTitle: v.channelTitle,
  title: v.title,
  description: v.description,
  thumbnail: v.thumbnail,
  publishedAt: new Date(v.publishedAt),
  views: v.views,
  likes: v.likes,
  comments: v.comments,
  language: v.language,
  liveBroadcastContent: v.liveBroadcastContent,
  withStats: true,
});

const hitToIngest = (h: YoutubeSearchHit): IngestVideo => ({
  videoId: h.videoId,
  channelId: h.channelId,
  channelTitle: h.channelTitle,
  title: h.title,
  description: h.description,
  thumbnail: h.thumbnail,
  publishedAt: new Date(h.publishedAt),
  views: null,
  likes: null,
  comments: null,
  language: null,
  liveBroadcastContent: h.liveBroadcastContent,
  withStats: false,
});

/**
 * Budget pressure: when the searched keywords' current intervals ask for more searches a day
 * than the budget holds, no keyword is searched more often than its fair share
 * (86 400 s × keywords ÷ searches per day), so busy keywords cannot take the searches quiet
 * ones need to be seen every 6 hours (100 searches a day serve 25 keywords at 6 h). Without
 * pressure the adaptive interval stands.
 */
export async function budgetFloorSeconds(deps: PollDeps): Promise<number> {
  const rows = await deps.db.execute<{ n: number; demand: number }>(sql`
    select count(*)::int as n, coalesce(sum(86400.0 / greatest(s.interval_seconds, 1)), 0)::float8 as demand
    from youtube_searches s where exists (select 1 from youtube_feeds f where f.search_id = s.id and f.is_enabled)`);
  const { n, demand } = rows.rows[0] ?? { n: 0, demand: 0 };
  const limit = deps.config.youtube.searchDailyLimit;
  // From 90 % of the budget on: a full day at the fair share must not flip back to 30 min.
  return Number(demand) >= 0.9 * limit ? Math.ceil((86_400 * Number(n)) / limit) : 0;
}

export type PollOutcome =
  | { status: 'ok'; found: number; newVideos: number; added: number; announced: number; searchCalls: number }
  | { status: 'failed'; error: string; quota: boolean }
  | { status: 'not_configured' | 'missing' };

type SearchRow = {
  id: number;
  query: string;
  published_after: Date | string | null;
  interval_seconds: number;
  error_count: number;
};

/**
 * Polls one shared search: search.list from the watermark (minus a margin), following pages up
 * to a cap, then details of the videos not known yet; everything is written in one transaction
 * with the search's new state, so a poll killed half-way writes nothing and moves no watermark.
 * Failures are recorded on the search row with a back-off; they never throw (only the database
 * failing does).
 */
export async function pollSearch(deps: PollDeps, searchId: number, now = new Date(), client = youtubeClientOf(deps.config)): Promise<PollOutcome> {
  const rows = await deps.db.execute<SearchRow>(
    sql`select id, query, published_after, interval_seconds, error_count from youtube_searches where id = ${searchId}`,
  );
  const search = rows.rows[0];
  if (!search) return { status: 'missing' };
  if (!client.configured) return { status: 'not_configured' };
  const watermark = search.published_after ? new Date(search.published_after) : null;
  let searchCalls = 0;
  try {
    const hits: YoutubeSearchHit[] = [];
    let pageToken: string | undefined;
    // Further pages cost a search each. A keyword's first search is its baseline (history, not
    // news): the newest 50 are enough. Under budget pressure every search is some keyword's turn
    // inside its 6 hours, so a busy keyword keeps its newest 50 (its followed channels bring most
    // of the rest) rather than making three others late.
    const floor = await budgetFloorSeconds(deps);
    const pages = watermark && floor === 0 ? MAX_PAGES : 1;
    for (let page = 0; page < pages; page++) {
      const res = await withQuota(deps, 'search', 1, now, () =>
        client.searchVideos({ q: search.query, publishedAfter: watermark ? new Date(watermark.getTime() - WATERMARK_MARGIN_MS) : undefined, pageToken }),
      );
      searchCalls++;
      hits.push(...res.hits);
      if (!res.nextPageToken) break;
      pageToken = res.nextPageToken;
    }
    const ids = [...new Set(hits.map((h) => h.videoId))];
    const known = ids.length
      ? (await deps.db.execute<{ video_id: string }>(sql`select video_id from youtube_videos where video_id = any(${sql.param(ids)}::text[])`)).rows.map(
          (r) => r.video_id,
        )
      : [];
    const unknown = ids.filter((id) => !known.includes(id));
    const details = await lookUpDetails(deps, client, unknown, [], now);
    const detailed = new Map(details.videos.map((v) => [v.id, toIngest(v)]));
    const videos = hits.map((h) => detailed.get(h.videoId) ?? hitToIngest(h));
    let newest = watermark?.getTime() ?? 0;
    for (const v of videos) if (!Number.isNaN(v.publishedAt.getTime())) newest = Math.max(newest, v.publishedAt.getTime());
    const interval = Math.max(floor, unknown.length > 0 ? MIN_INTERVAL_S : Math.min(MAX_INTERVAL_S, Math.max(MIN_INTERVAL_S, search.interval_seconds * 2)));
    const result: IngestResult = await deps.db.transaction(async (tx) => {
      const r = await ingestVideos(tx, {
        videos: videos.filter((v) => !Number.isNaN(v.publishedAt.getTime())),
        channels: details.channels,
        matches: ids.map((videoId) => ({ searchId, videoId })),
        foundVia: 'search',
        now,
        announce: true,
      });
      await tx.execute(sql`update youtube_feeds set latest_pull = ${now.toISOString()}::timestamptz where search_id = ${searchId} and is_enabled`);
      await tx.execute(sql`
        update youtube_searches set published_after = ${newest ? new Date(newest).toISOString() : null}::timestamptz, last_found = ${unknown.length},
          last_success_at = ${now.toISOString()}::timestamptz, last_checked_at = ${now.toISOString()}::timestamptz, error_count = 0, last_error = null,
          interval_seconds = ${interval}, next_check_at = ${new Date(now.getTime() + interval * 1000).toISOString()}::timestamptz
        where id = ${searchId}`);
      return r;
    });
    if (result.announced > 0) void kickNotifier(deps);
    return { status: 'ok', found: ids.length, newVideos: result.newVideos, added: result.added, announced: result.announced, searchCalls };
  } catch (err) {
    if (err instanceof YoutubeNotConfiguredError) return { status: 'not_configured' };
    if (!(err instanceof QuotaSpentError) && !(err instanceof YoutubeRequestError)) throw err;
    return recordFailure(deps, search, err as Error, now);
  }
}

/** Failure state on the search row: the watermark stays, so the next good poll catches up. */
async function recordFailure(deps: PollDeps, search: SearchRow, err: Error, now: Date): Promise<PollOutcome> {
  const quota = err instanceof QuotaSpentError;
  let waitMs = Math.min(MAX_INTERVAL_S * 1000, BACKOFF_BASE_MS * 2 ** Math.min(search.error_count, 10));
  // Spent for today: nothing can succeed before the reset (a minute after, for clock skew).
  if (quota) waitMs = msUntilPacificMidnight(now) + 60_000;
  else if (err instanceof YoutubeQuotaError) waitMs = Math.max(waitMs, err.retryAfterMs ?? 0);
  const message = quota
    ? err.message
    : err instanceof YoutubeQuotaError
      ? `${QUOTA_ERROR_PREFIX}: YouTube asked us to slow down (${err.message})`
      : err.message;
  await deps.db.execute(sql`
    update youtube_searches set error_count = error_count + 1, last_error = ${message.slice(0, 500)}, last_checked_at = ${now.toISOString()}::timestamptz,
      next_check_at = ${new Date(now.getTime() + waitMs).toISOString()}::timestamptz
    where id = ${search.id}`);
  return { status: 'failed', error: message, quota: quota || err instanceof YoutubeQuotaError };
}
