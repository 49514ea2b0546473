import { sql } from 'drizzle-orm';
import type { YoutubePreviewVideo } from '../../../common/schemas/videos.js';
import { AppError } from '../../http/errors.js';
import { normaliseKeyword } from './match.js';
import { QuotaSpentError, withQuota, youtubeClientOf, type PollDeps } from './poll.js';
import { notConnected } from './service.js';

const PREVIEW_TTL_MS = 30 * 60_000;
const PREVIEW_SIZE = 10;
const previewCache = new Map<string, { until: number; videos: YoutubePreviewVideo[] }>();

/**
 * POST youtube_feed/preview: the newest videos a keyword finds. A shared search that succeeded
 * in the last 30 minutes answers from its stored videos (no quota); otherwise one search call,
 * whose answer is kept 30 minutes for the same normalised keyword.
 */
export async function previewKeyword(deps: PollDeps, keyword: string, now = new Date()): Promise<YoutubePreviewVideo[]> {
  if (!deps.config.youtube.apiKey) throw notConnected();
  const q = normaliseKeyword(keyword);
  const cacheKey = `${deps.config.youtube.apiUrl} ${q}`;
  const cached = previewCache.get(cacheKey);
  if (cached && cached.until > now.getTime()) return cached.videos;
  const stored = await deps.db.execute<{
    video_id: string;
    title: string;
    thumbnail: string | null;
    published_at: Date | string;
    channel_title: string | null;
  }>(sql`
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
    videos = stored.rows.map((r) => ({
      youtube_video_id: r.video_id,
      title: r.title,
      thumbnail: r.thumbnail,
      published_at: new Date(r.published_at).toISOString(),
      channel_title: r.channel_title ?? '',
    }));
  } else {
    const client = youtubeClientOf(deps.config);
    try {
      const res = await withQuota(deps, 'search', 1, now, () => client.searchVideos({ q, maxResults: PREVIEW_SIZE }));
      videos = res.hits.map((h) => ({
        youtube_video_id: h.videoId,
        title: h.title,
        thumbnail: h.thumbnail,
        published_at: h.publishedAt,
        channel_title: h.channelTitle,
      }));
    } catch (err) {
      if (err instanceof QuotaSpentError) throw new AppError('rate_limited', err.message);
      throw new AppError('bad_gateway', `YouTube could not be searched: ${(err as Error).message}`);
    }
  }
  if (previewCache.size > 1000) previewCache.clear();
  previewCache.set(cacheKey, { until: now.getTime() + PREVIEW_TTL_MS, videos });
  return videos;
}
