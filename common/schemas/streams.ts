import { z } from 'zod';
import { webhookUrlSchema } from './alerts.js';
import { idSchema, resourceSchema } from './jsonapi.js';
import { MSG } from '../messages.js';
import { FEED_KEYWORD_MAX, FEED_KEYWORD_MESSAGE, FEED_KEYWORD_MIN } from './videos.js';

/**
 * Twitch monitoring (spec 000 "Twitch feed", "Saved streams"; 001 "Stream feed (Twitch)",
 * "Saved videos and streams"). Bodies are plain JSON or JSON:API documents (`data.attributes`).
 */

const webhookUrl = webhookUrlSchema.optional();
const minAudience = z.coerce.number().int().min(0).max(1_000_000_000).nullable().optional();
const gameId = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, MSG.streams.gameRequired);

/**
 * A Twitch feed's keyword: '' (or absent) follows every live stream of the game (issue 30); a
 * keyword that is given still has at least 3 characters.
 */
export const twitchKeywordSchema = z
  .string({ error: FEED_KEYWORD_MESSAGE })
  .trim()
  .max(FEED_KEYWORD_MAX, `The keyword must be at most ${FEED_KEYWORD_MAX} characters`)
  .refine((v) => v === '' || v.length >= FEED_KEYWORD_MIN, FEED_KEYWORD_MESSAGE);

/** Streams with fewer viewers when seen stay out of the feed; null or absent: no minimum. */
export const minViewersSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce
    .number({ error: MSG.streams.minViewers })
    .int(MSG.streams.minViewers)
    .min(0, MSG.streams.minViewers)
    .max(1_000_000_000, MSG.streams.minViewers)
    .nullable()
    .optional(),
);

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** POST twitch_feed (create): a game, and a keyword unless the feed follows the whole game. */
export const twitchFeedCreateBody = z
  .object({
    keyword: twitchKeywordSchema.optional(),
    project_id: idSchema,
    game_id: gameId,
    min_viewers: minViewersSchema,
    slack_webhook_url: webhookUrl,
    slack_min_followers_notification: minAudience,
    discord_webhook_url: webhookUrl,
    discord_min_followers_notification: minAudience,
  })
  // Runs even when other fields failed, so "neither" is reported at the keyword with the rest.
  .refine((v) => hasText(v.keyword) || hasText(v.game_id), { path: ['keyword'], message: MSG.streams.keywordOrGame, when: () => true });

/** PATCH twitch_feed/{id} (or POST with twitch_search_id): only what changed ('' keyword: the whole game). */
export const twitchFeedUpdateBody = z.object({
  keyword: twitchKeywordSchema.optional(),
  min_viewers: minViewersSchema,
  game_id: gameId.optional(),
  twitch_search_id: idSchema.optional(),
  is_enabled: z.boolean().optional(),
  slack_webhook_url: webhookUrl,
  slack_min_followers_notification: minAudience,
  discord_webhook_url: webhookUrl,
  discord_min_followers_notification: minAudience,
});

/** POST twitch_feed/save: feed items to saved coverage under a tag. */
export const twitchFeedSaveBody = z.object({ streams: z.array(idSchema).min(1).max(1000), tag_id: idSchema, keyword_id: idSchema });

/** DELETE twitch_feed. */
export const twitchFeedDeleteBody = z.object({ videos: z.array(idSchema).min(1).max(1000), keyword_id: idSchema });

/** The broadcaster of a stream. */
export const twitchChannelAttributesSchema = z.object({
  broadcaster_id: z.string(),
  broadcaster_name: z.string(),
  broadcaster_language: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  /** null until Helix has answered for it. */
  followers: z.number().nullable(),
});
export type TwitchChannelAttributes = z.infer<typeof twitchChannelAttributesSchema>;

/**
 * Live viewer metrics of a stream (issue 30; docs/decisions.md "Twitch viewer metrics"), null
 * until a poll sampled it (a video shows those of the stream it recorded). `hours_watched` is
 * Σ viewers × the time each sample stands for; `average_viewers` is that over the time covered;
 * `airtime` is seconds from `started_at` to the end (or the latest sample while live).
 */
export const streamMetricsShape = {
  peak_viewers: z.number().int().nullable(),
  average_viewers: z.number().int().nullable(),
  hours_watched: z.number().nullable(),
  airtime: z.number().int().nullable(),
  ended_at: z.string().nullable(),
};
export const streamMetricsSchema = z.object(streamMetricsShape);
export type StreamMetrics = z.infer<typeof streamMetricsSchema>;

/** GET twitch_feed/{id}/viewers/{itemId}: the stream's viewers over time (the detail modal's chart). */
export const viewerSeriesSchema = z.object({ at: z.string(), viewers: z.number().int() });
export type ViewerPoint = z.infer<typeof viewerSeriesSchema>;

/** A stream or video of a Twitch feed (`type: 'twitch_video'`; id = the item's id). */
export const twitchFeedItemAttributesSchema = z.object({
  /** stream (live when seen) | video (a VOD, highlight or upload) */
  kind: z.enum(['stream', 'video']),
  twitch_video_id: z.string().nullable(),
  twitch_stream_id: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  published_at: z.string(),
  url: z.string().nullable(),
  /** With `{width}`/`{height}` already set to the spec's 150×80 where Twitch gives a template. */
  thumbnail_url: z.string().nullable(),
  view_count: z.number(),
  language: z.string().nullable(),
  duration: z.string().nullable(),
  tags: z.array(z.string()),
  live: z.boolean(),
  channel: twitchChannelAttributesSchema,
  saved: z.boolean(),
  ...streamMetricsShape,
});
export type TwitchFeedItemAttributes = z.infer<typeof twitchFeedItemAttributesSchema>;
export const twitchVideoResourceSchema = resourceSchema('twitch_video', twitchFeedItemAttributesSchema);

/** GET twitch_feed/{id}/info (`type: 'twitch_feed'`). */
export const twitchFeedAttributesSchema = z.object({
  keyword: z.string(),
  project_id: z.string(),
  game_id: z.string(),
  game_name: z.string(),
  /** null: no minimum. An empty keyword is a game-wide feed. */
  min_viewers: z.number().int().nullable(),
  latestPull: z.string().nullable(),
  is_enabled: z.boolean(),
  slack_webhook_url: z.string().nullable(),
  slack_min_followers_notification: z.number().nullable(),
  discord_webhook_url: z.string().nullable(),
  discord_min_followers_notification: z.number().nullable(),
  state: z.enum(['ok', 'waiting', 'error', 'rate_limited', 'not_configured']),
  last_error: z.string().nullable(),
  next_check_at: z.string().nullable(),
  total_items: z.number().int(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
});
export type TwitchFeedAttributes = z.infer<typeof twitchFeedAttributesSchema>;
export const twitchFeedResourceSchema = resourceSchema('twitch_feed', twitchFeedAttributesSchema);

/** A saved stream (`type: 'saved_stream'`). */
export const savedStreamAttributesSchema = z.object({
  title: z.string(),
  description: z.string(),
  followers: z.number(),
  view_count: z.number(),
  published_at: z.string(),
  language: z.string().nullable(),
  tag: z.string(),
  tag_id: z.string(),
  broadcaster_name: z.string(),
  thumbnail_url: z.string().nullable(),
  twitch_video_id: z.string(),
  url: z.string().nullable(),
  project_id: z.string(),
  'inserted-at': z.string(),
  'updated-at': z.string(),
  // The saved streams list and a report's streams (server/features/reports/media.ts) both carry them.
  ...streamMetricsShape,
});
export type SavedStreamAttributes = z.infer<typeof savedStreamAttributesSchema>;
export const savedStreamResourceSchema = resourceSchema('saved_stream', savedStreamAttributesSchema);

/** PATCH saved_streams/{id}: the editable fields (spec 000 §3). */
export const savedStreamUpdateBody = z
  .object({
    tag_id: idSchema,
    language: z.string().trim().max(50),
    title: z.string().trim().min(1).max(500),
    description: z.string().max(10_000),
    followers: z.coerce.number().int().min(0).max(1e12),
    view_count: z.coerce.number().int().min(0).max(1e13),
    published_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Please enter a valid date'),
  })
  .partial();

export const TWITCH_URL_MESSAGE = 'Please enter a Twitch address starting with https://www.twitch.tv/';

/**
 * Spec 000 §5: a stream URL starts with the Twitch https address. What it names: a video
 * (`/videos/{id}`), or a channel (`/{login}`, its live stream or latest video).
 */
export function parseTwitchUrl(raw: string): { video: string } | { login: string } | null {
  const text = raw.trim();
  if (!/^https:\/\/(www\.|m\.)?twitch\.tv\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'videos' && /^\d{1,20}$/.test(parts[1] ?? '')) return { video: parts[1] };
  if (parts[1] === 'v' && /^\d{1,20}$/.test(parts[2] ?? '')) return { video: parts[2] };
  if (parts.length >= 1 && /^[A-Za-z0-9_]{3,25}$/.test(parts[0]) && parts[0] !== 'videos') return { login: parts[0].toLowerCase() };
  return null;
}

/** POST saved_streams/save_missing_stream. */
export const saveMissingStreamBody = z.object({
  stream_url: z
    .string({ error: TWITCH_URL_MESSAGE })
    .max(2000)
    .refine((v) => parseTwitchUrl(v) !== null, TWITCH_URL_MESSAGE),
  tag_id: idSchema,
});

/** DELETE saved_streams. */
export const savedStreamsDeleteBody = z.object({ stream_ids: z.array(idSchema).min(1).max(5000) });
