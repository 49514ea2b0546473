import { MSG } from '../../../common/messages.js';
import type { BulkRowResult } from '../../../common/schemas/articles.js';
import type { SavedVideoAttributes, YoutubeFeedAttributes, YoutubeFeedVideoAttributes } from '../../../common/schemas/videos.js';
import type { Config } from '../../config.js';
import { resource } from '../../http/jsonapi.js';
import type { FeedVideoRow } from './items-repo.js';
import { QUOTA_ERROR_PREFIX } from './poll.js';
import type { FeedRow } from './repo.js';
import type { SavedVideoRow } from './saved-repo.js';

/** The videos feature's resources, typed by common/schemas/videos.ts. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
    last_error: state === 'not_configured' ? MSG.videos.notConnected : f.error_count > 0 ? f.last_error : null,
    next_check_at: f.is_enabled ? iso(f.next_check_at) : null,
    total_videos: Number(f.total_videos),
    'inserted-at': iso(f.inserted_at)!,
    'updated-at': iso(f.updated_at)!,
  };
}

export const feedResource = (f: FeedRow, config: Config) => resource('youtube_feed', f.id, { ...feedAttributes(f, config) });

/** The re-read state of a video's counts (feed and saved resources alike). */
const statsAttributes = (r: { views_at_found: number | null; stats_refreshed_at: Date | string | null; removed_at: Date | string | null }) => ({
  views_at_found: r.views_at_found === null ? null : Number(r.views_at_found),
  stats_refreshed_at: iso(r.stats_refreshed_at),
  removed_at: iso(r.removed_at),
});

export const feedVideoAttributes = (r: FeedVideoRow): YoutubeFeedVideoAttributes => ({
  title: r.title,
  thumbnail: r.thumbnail,
  published_at: new Date(r.published_at).toISOString(),
  youtube_video_id: r.video_id,
  description: r.description,
  views: r.views === null ? null : Number(r.views),
  language: r.language ?? r.channel_language,
  found_via: r.found_via,
  saved: r.saved,
  channel: {
    id: r.channel_id,
    title: r.channel_title ?? '',
    thumbnail: r.channel_thumbnail,
    custom_url: r.custom_url,
    country: r.country,
    language: r.channel_language,
    subscribers: r.subscribers === null ? null : Number(r.subscribers),
  },
  ...statsAttributes(r),
});

export const feedVideoResource = (r: FeedVideoRow) => resource('youtube_video', Number(r.id), { ...feedVideoAttributes(r) });

export const savedAttributes = (r: SavedVideoRow): SavedVideoAttributes => ({
  title: r.title,
  description: r.description,
  views: Number(r.views),
  thumbnail: r.thumbnail,
  published_at: new Date(r.published_at).toISOString(),
  youtube_video_id: r.youtube_video_id,
  channel_title: r.channel_title,
  channel_thumbnail: r.channel_thumbnail,
  channel_custom_url: r.channel_custom_url,
  channel_subscribers: Number(r.channel_subscribers),
  channel_language: r.channel_language,
  channel_country: r.channel_country,
  tag_id: String(r.tag_id),
  tag: r.tag,
  project_id: String(r.project_id),
  'inserted-at': new Date(r.inserted_at).toISOString(),
  'updated-at': new Date(r.updated_at).toISOString(),
  current_views: Number(r.current_views),
  ...statsAttributes(r),
});

export const savedVideoResource = (r: SavedVideoRow) => resource('saved_video', r.id, { ...savedAttributes(r) });

/** A list's paging meta (the spec's names). */
export const listMeta = (total: number, page: number, pageSize: number) => ({
  total_entries: total,
  last_page: Math.max(1, Math.ceil(total / pageSize)),
  page_number: page,
  page_size: pageSize,
});

/** A bulk save or delete's answer. */
export const bulkResultDocument = (id: 'save' | 'delete', success: number, failed: number, results: BulkRowResult[]) => ({
  data: { type: 'bulk_result' as const, id, attributes: { success, failed, results } },
});
