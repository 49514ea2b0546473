import { z } from 'zod';
import { webhookUrlSchema } from './alerts.js';
import { idSchema, resourceSchema } from './jsonapi.js';

/**
 * YouTube monitoring (spec 000 "YouTube feed", "Saved videos"; 001 "Video feed (YouTube)",
 * "Saved videos and streams"). Request bodies are plain JSON objects or JSON:API documents
 * (`data.attributes` is read when present), as the spec's call table names their fields.
 */

/** Spec 000 §5: a feed keyword has at least 3 characters; the preview runs for more than 2. */
export const FEED_KEYWORD_MIN = 3;
export const FEED_KEYWORD_MAX = 100;
export const FEED_KEYWORD_MESSAGE = `The keyword must be at least ${FEED_KEYWORD_MIN} characters`;
/** Spec 001 §9: the video feed, saved videos and saved streams default to 10 per page. */
export const MEDIA_PAGE_SIZE = 10;

export const feedKeywordSchema = z
  .string({ error: FEED_KEYWORD_MESSAGE })
  .trim()
  .min(FEED_KEYWORD_MIN, FEED_KEYWORD_MESSAGE)
  .max(FEED_KEYWORD_MAX, `The keyword must be at most ${FEED_KEYWORD_MAX} characters`);

/** An optional webhook setting ('' and null both mean "none"), checked as the alerts' are. */
const webhookUrl = webhookUrlSchema.optional();
const minAudience = z.coerce.number().int().min(0).max(1_000_000_000).nullable().optional();

/** POST youtube_feed. */
export const youtubeFeedCreateBody = z.object({
  keyword: feedKeywordSchema,
  project_id: idSchema,
  slack_webhook_url: webhookUrl,
  slack_min_subs_notification: minAudience,
  discord_webhook_url: webhookUrl,
  discord_min_subs_notification: minAudience,
});

/** PATCH youtube_feed/{id}: only what changed is sent. */
export const youtubeFeedUpdateBody = z.object({
  keyword: feedKeywordSchema.optional(),
  youtube_search_id: idSchema.optional(),
  slack_webhook_url: webhookUrl,
  slack_min_subs_notification: minAudience,
  discord_webhook_url: webhookUrl,
  discord_min_subs_notification: minAudience,
  is_enabled: z.boolean().optional(),
});

/** POST youtube_feed/preview. */
export const youtubeFeedPreviewBody = z.object({ keyword: feedKeywordSchema });

/** POST youtube_feed/save: feed videos (their ids in the feed) to saved coverage under a tag. */
export const youtubeFeedSaveBody = z.object({
  youtube_videos: z
    .array(z.object({ video_id: idSchema, tag_id: idSchema }))
    .min(1)
    .max(1000),
});

/** DELETE youtube_feed: videos removed from the feed (never brought back by a later poll). */
export const youtubeFeedDeleteBody = z.object({ videos: z.array(idSchema).min(1).max(1000), keyword_id: idSchema });

/** The channel of a video, as the feed and its detail modal show it. */
export const youtubeChannelAttributesSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  custom_url: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  /** null when the channel hides its subscriber count. */
  subscribers: z.number().nullable(),
});
export type YoutubeChannelAttributes = z.infer<typeof youtubeChannelAttributesSchema>;

/**
 * Views that keep growing (issue 30): the counts are re-read at +1, +7 and +30 days after
 * publication, then every 29 days while kept. A feed video's `views` is the latest count.
 */
const videoStatsFields = {
  /** Views at the first read, when the video was found: growth = views − views_at_found. */
  views_at_found: z.number().nullable().optional(),
  /** The last scheduled re-read (null: the counts are the ones read when the video was found). */
  stats_refreshed_at: z.string().nullable().optional(),
  /** YouTube stopped answering for the video (deleted or made private). */
  removed_at: z.string().nullable().optional(),
};

/** A video of a YouTube feed (`type: 'youtube_video'`; id = the video's id in the feed). */
export const youtubeFeedVideoAttributesSchema = z.object({
  title: z.string(),
  thumbnail: z.string().nullable(),
  published_at: z.string(),
  youtube_video_id: z.string(),
  description: z.string(),
  views: z.number().nullable(),
  language: z.string().nullable(),
  channel: youtubeChannelAttributesSchema,
  /** search | channel | preview: how the video reached the feed. */
  found_via: z.string(),
  saved: z.boolean(),
  ...videoStatsFields,
});
export type YoutubeFeedVideoAttributes = z.infer<typeof youtubeFeedVideoAttributesSchema>;
export const youtubeVideoResourceSchema = resourceSchema('youtube_video', youtubeFeedVideoAttributesSchema);

/** GET youtube_feed/{id}/info (`type: 'youtube_feed'`). */
export const youtubeFeedAttributesSchema = z.object({
  keyword: z.string(),
  project_id: z.string(),
  latestPull: z.string().nullable(),
  is_enabled: z.boolean(),
  slack_webhook_url: z.string().nullable(),
  slack_min_subs_notification: z.number().nullable(),
  discord_webhook_url: z.string().nullable(),
  discord_min_subs_notification: z.number().nullable(),
  /** The polling state of the feed's search: ok | waiting | error | quota | not_configured. */
  state: z.enum(['ok', 'waiting', 'error', 'quota', 'not_configured']),
  last_error: z.string().nullable(),
  next_check_at: z.string().nullable(),
  total_videos: z.number().int(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
});
export type YoutubeFeedAttributes = z.infer<typeof youtubeFeedAttributesSchema>;
export const youtubeFeedResourceSchema = resourceSchema('youtube_feed', youtubeFeedAttributesSchema);

/** One result of POST youtube_feed/preview. */
export const youtubePreviewVideoSchema = z.object({
  youtube_video_id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  published_at: z.string(),
  channel_title: z.string(),
});
export type YoutubePreviewVideo = z.infer<typeof youtubePreviewVideoSchema>;

/** A saved video (`type: 'saved_video'`). */
export const savedVideoAttributesSchema = z.object({
  title: z.string(),
  description: z.string(),
  views: z.number(),
  thumbnail: z.string().nullable(),
  published_at: z.string(),
  youtube_video_id: z.string(),
  channel_title: z.string(),
  channel_thumbnail: z.string().nullable(),
  channel_custom_url: z.string().nullable(),
  channel_subscribers: z.number(),
  channel_language: z.string().nullable(),
  channel_country: z.string().nullable(),
  tag_id: z.string(),
  tag: z.string(),
  project_id: z.string(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
  /**
   * YouTube's latest count once re-read after the video was saved; until then the saved `views`.
   * `views` stays the saved copy (editable).
   */
  current_views: z.number().optional(),
  ...videoStatsFields,
});
export type SavedVideoAttributes = z.infer<typeof savedVideoAttributesSchema>;
export const savedVideoResourceSchema = resourceSchema('saved_video', savedVideoAttributesSchema);

/** PATCH saved_videos/{id}: the editable fields (spec 000 §3), only non-empty changed ones are sent. */
export const savedVideoUpdateBody = z
  .object({
    tag_id: idSchema,
    channel_language: z.string().trim().max(50),
    title: z.string().trim().min(1).max(500),
    description: z.string().max(10_000),
    channel_subscribers: z.coerce.number().int().min(0).max(1e12),
    views: z.coerce.number().int().min(0).max(1e13),
    channel_country: z.string().trim().max(50),
    published_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Please enter a valid date'),
  })
  .partial();

/** Spec 000 §5: a YouTube video URL (watch, shorts, youtu.be). Returns the 11-character id or null. */
export function youtubeVideoIdFromUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

export const YOUTUBE_URL_MESSAGE = 'Please enter a valid YouTube video URL';

/** POST saved_videos/save_missing_video. */
export const saveMissingVideoBody = z.object({
  youtube_video_url: z
    .string({ error: YOUTUBE_URL_MESSAGE })
    .max(2000)
    .refine((v) => youtubeVideoIdFromUrl(v) !== null, YOUTUBE_URL_MESSAGE),
  tag_id: idSchema,
});

/** DELETE saved_videos. */
export const savedVideosDeleteBody = z.object({ video_ids: z.array(idSchema).min(1).max(5000) });
