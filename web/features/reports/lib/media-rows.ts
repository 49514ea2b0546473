import type { ReportStream, ReportVideo } from '../api/types';

/**
 * One row of a report's Videos or Streams table, whichever platform it came from: what the
 * reader sees (thumbnail, channel, title, views, audience, date) and where the link goes.
 */
export interface MediaRow {
  id: string;
  platform: 'youtube' | 'twitch';
  title: string;
  url: string | null;
  thumbnail: string | null;
  channel: string;
  /** Channel subscribers (YouTube) or followers (Twitch). */
  audience: number;
  /** A video's current views (YouTube's latest count once read again after it was saved); a stream's video views. */
  views: number;
  publishedAt: string;
  /** Videos: the views when found, when the count was read again, and since when YouTube no longer has it. */
  viewsAtFound?: number | null;
  statsRefreshedAt?: string | null;
  removedAt?: string | null;
  /** Streams: the live metrics (null: never sampled while live). */
  peakViewers?: number | null;
  hoursWatched?: number | null;
}

/** The YouTube watch page of a video id (ids are 11 URL-safe characters; anything else links nowhere). */
export function youtubeWatchUrl(videoId: string): string | null {
  return /^[\w-]{6,20}$/.test(videoId) ? `https://www.youtube.com/watch?v=${videoId}` : null;
}

/** A saved stream's page: its stored Twitch address, else the video page of its id. */
export function twitchUrl(s: Pick<ReportStream, 'url' | 'twitch_video_id'>): string | null {
  if (s.url) return s.url;
  return /^\d{1,20}$/.test(s.twitch_video_id) ? `https://www.twitch.tv/videos/${s.twitch_video_id}` : null;
}

export function videoRow(v: ReportVideo): MediaRow {
  return {
    id: v.id,
    platform: 'youtube',
    title: v.title,
    url: youtubeWatchUrl(v.youtube_video_id),
    thumbnail: v.thumbnail,
    channel: v.channel_title,
    audience: v.channel_subscribers,
    // A report's videos give current views as `views`; the saved videos list (the wizard's preview) as `current_views`.
    views: v.current_views ?? v.views,
    publishedAt: v.published_at,
    viewsAtFound: v.views_at_found ?? null,
    statsRefreshedAt: v.stats_refreshed_at ?? null,
    removedAt: v.removed_at ?? null,
  };
}

export function streamRow(s: ReportStream): MediaRow {
  return {
    id: s.id,
    platform: 'twitch',
    title: s.title,
    url: twitchUrl(s),
    thumbnail: s.thumbnail_url,
    channel: s.broadcaster_name,
    audience: s.followers,
    views: s.view_count,
    publishedAt: s.published_at,
    peakViewers: s.peak_viewers,
    hoursWatched: s.hours_watched,
  };
}
