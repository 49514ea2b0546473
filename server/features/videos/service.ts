import { sql } from 'drizzle-orm';
import type { YoutubePreviewVideo } from '../../../common/schemas/videos.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { NOT_CONNECTED } from './feeds.js';
import { normaliseKeyword } from './keyword.js';
import { QuotaSpentError, withQuota, youtubeClientOf, type PollDeps } from './poll.js';
import { quotaToday } from './quota.js';

// What other features call: sign-up creates a project's feed in its own transaction.
export { createYoutubeFeed } from './feeds.js';
// The demo seed writes its videos as a poll would, and saves a few.
export { addDemoVideos, saveKnownVideo } from './demo.js';
export type { IngestVideo } from './ingest.js';
export type { YoutubeChannel } from '../../integrations/youtube/client.js';

const PREVIEW_TTL_MS = 30 * 60_000;
const PREVIEW_SIZE = 10;
const previewCache = new Map<string, { until: number; videos: YoutubePreviewVideo[] }>();

/**
 * POST youtube_feed/preview: the newest videos a keyword finds. A shared search that succeeded
 * in the last 30 minutes answers from its stored videos (no quota); otherwise one search call,
 * whose answer is kept 30 minutes for the same normalised keyword.
 */
export async function previewKeyword(deps: PollDeps, keyword: string, now = new Date()): Promise<YoutubePreviewVideo[]> {
  if (!deps.config.youtube.apiKey) throw new AppError('not_connected', NOT_CONNECTED);
  const q = normaliseKeyword(keyword);
  const cacheKey = `${deps.config.youtube.apiUrl} ${q}`;
  const cached = previewCache.get(cacheKey);
  if (cached && cached.until > now.getTime()) return cached.videos;
  const stored = await deps.db.execute<{ video_id: string; title: string; thumbnail: string | null; published_at: Date | string; channel_title: string | null }>(sql`
    select distinct on (v.published_at, v.id) v.video_id, v.title, v.thumbnail, v.published_at, c.title as channel_title
    from youtube_searches s join youtube_feeds f on f.search_id = s.id join youtube_feed_videos fv on fv.feed_id = f.id
    join youtube_videos v on v.id = fv.video_id left join youtube_channels c on c.id = v.channel_id
    where s.query = ${q} and s.last_success_at > ${new Date(now.getTime() - PREVIEW_TTL_MS).toISOString()}::timestamptz
    order by v.published_at desc, v.id desc limit ${PREVIEW_SIZE}`);
  // Fresh and still searched for some feed (a search whose feeds all moved away holds nothing to show).
  const fresh = await deps.db.execute(sql`
    select 1 from youtube_searches s where s.query = ${q} and s.last_success_at > ${new Date(now.getTime() - PREVIEW_TTL_MS).toISOString()}::timestamptz
      and exists (select 1 from youtube_feeds f where f.search_id = s.id)`);
  let videos: YoutubePreviewVideo[];
  if (fresh.rows.length > 0) {
    videos = stored.rows.map((r) => ({ youtube_video_id: r.video_id, title: r.title, thumbnail: r.thumbnail, published_at: new Date(r.published_at).toISOString(), channel_title: r.channel_title ?? '' }));
  } else {
    const client = youtubeClientOf(deps.config);
    try {
      const res = await withQuota(deps, 'search', 1, now, () => client.searchVideos({ q, maxResults: PREVIEW_SIZE }));
      videos = res.hits.map((h) => ({ youtube_video_id: h.videoId, title: h.title, thumbnail: h.thumbnail, published_at: h.publishedAt, channel_title: h.channelTitle }));
    } catch (err) {
      if (err instanceof QuotaSpentError) throw new AppError('rate_limited', err.message);
      throw new AppError('bad_gateway', `YouTube could not be searched: ${(err as Error).message}`);
    }
  }
  if (previewCache.size > 1000) previewCache.clear();
  previewCache.set(cacheKey, { until: now.getTime() + PREVIEW_TTL_MS, videos });
  return videos;
}

/** GET youtube_feed/availability: whether searches can run now, and how many are left today. */
export async function youtubeAvailability(deps: PollDeps, now = new Date()): Promise<{ available: boolean; reason: string | null; searches_left_today: number | null }> {
  if (!deps.config.youtube.apiKey) return { available: false, reason: NOT_CONNECTED, searches_left_today: null };
  const quota = await quotaToday(deps.db, deps.config, now);
  const left = quota.search.exhausted ? 0 : Math.max(0, quota.search.limit - quota.search.used);
  return {
    available: left > 0,
    reason: left > 0 ? null : 'The YouTube search quota for today is spent; searching resumes after midnight Pacific time.',
    searches_left_today: left,
  };
}

/** The YouTube feed of a project of the organization, if it has one. */
export async function youtubeFeedOfProject(db: Tx, orgId: number, projectId: number): Promise<number | undefined> {
  const rows = await db.execute<{ id: number }>(sql`select id from youtube_feeds where organization_id = ${orgId} and project_id = ${projectId}`);
  return rows.rows[0]?.id;
}
