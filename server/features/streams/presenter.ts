import type { SavedStreamAttributes, StreamMetrics, TwitchFeedAttributes, TwitchFeedItemAttributes } from '../../../common/schemas/streams.js';
import { resource } from '../../http/jsonapi.js';
import type { savedStreams } from '../../db/schema/streams.js';
import type { FeedWithGame } from './repo.js';

/** Spec 000: thumbnails are 150×80; Twitch gives templates (`{width}x{height}`, VODs `%{width}x%{height}`). */
export function fillThumbnail(url: string | null): string | null {
  if (!url) return null;
  return url.replace(/%?\{width\}/g, '150').replace(/%?\{height\}/g, '80');
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The feed's polling state as the screen shows it (the game's poll serves the feed). */
export function feedState(feed: FeedWithGame, configured: boolean): TwitchFeedAttributes['state'] {
  if (!configured) return 'not_configured';
  const g = feed.game;
  if (g.errorCount > 0) return g.lastError?.startsWith('Twitch rate limit') ? 'rate_limited' : 'error';
  return g.lastSuccessAt ? 'ok' : 'waiting';
}

export function feedResource(feed: FeedWithGame, configured: boolean) {
  const attributes: TwitchFeedAttributes = {
    keyword: feed.keyword,
    project_id: String(feed.projectId),
    game_id: feed.gameId,
    game_name: feed.game.name || feed.gameId,
    min_viewers: feed.minViewers ?? null,
    latestPull: iso(feed.latestPull),
    is_enabled: feed.isEnabled,
    slack_webhook_url: feed.slackWebhookUrl,
    slack_min_followers_notification: feed.slackMinFollowers,
    discord_webhook_url: feed.discordWebhookUrl,
    discord_min_followers_notification: feed.discordMinFollowers,
    state: feedState(feed, configured),
    last_error: feed.game.lastError,
    next_check_at: feed.isEnabled && configured ? iso(feed.game.nextCheckAt) : null,
    total_items: feed.totalItems,
    'inserted-at': feed.insertedAt.toISOString(),
    'updated-at': feed.updatedAt.toISOString(),
  };
  return resource('twitch_feed', feed.id, { ...attributes });
}

/** A feed item row joined with its channel (repo's listFeedItems). */
export interface FeedItemRow {
  id: number;
  kind: string;
  twitchVideoId: string | null;
  twitchStreamId: string | null;
  title: string;
  description: string;
  publishedAt: Date;
  url: string | null;
  thumbnailUrl: string | null;
  viewCount: number;
  language: string | null;
  duration: string | null;
  tags: string[];
  live: boolean;
  broadcasterId: string;
  broadcasterName: string;
  broadcasterLogin: string;
  profileImageUrl: string | null;
  followers: number | null;
  saved: boolean;
  /** The stream's live metrics (null: never sampled). */
  metrics: MetricsRow | null;
}

/** A stream's running totals (twitch_stream_stats), as the list queries select them (`m_*`). */
export interface MetricsRow {
  peakViewers: number;
  viewerMs: number;
  coveredMs: number;
  lastViewers: number;
  startedAt: Date;
  lastSampleAt: Date;
  endedAt: Date | null;
}

export function toMetricsRow(r: Record<string, unknown>): MetricsRow | null {
  if (r.m_peak === null || r.m_peak === undefined) return null;
  return {
    peakViewers: Number(r.m_peak),
    viewerMs: Number(r.m_viewer_ms),
    coveredMs: Number(r.m_covered_ms),
    lastViewers: Number(r.m_last),
    startedAt: new Date(r.m_started_at as string),
    lastSampleAt: new Date(r.m_last_sample_at as string),
    endedAt: r.m_ended_at ? new Date(r.m_ended_at as string) : null,
  };
}

const NO_METRICS: StreamMetrics = { peak_viewers: null, average_viewers: null, hours_watched: null, airtime: null, ended_at: null };

/** Peak, average (time-weighted), hours watched and airtime (s): docs/decisions.md "Twitch viewer metrics". */
export function metricsAttributes(m: MetricsRow | null): StreamMetrics {
  if (!m) return NO_METRICS;
  const end = (m.endedAt ?? m.lastSampleAt).getTime();
  return {
    peak_viewers: m.peakViewers,
    average_viewers: m.coveredMs > 0 ? Math.round(m.viewerMs / m.coveredMs) : m.lastViewers,
    hours_watched: m.viewerMs / 3_600_000,
    airtime: Math.max(0, Math.round((end - m.startedAt.getTime()) / 1000)),
    ended_at: iso(m.endedAt),
  };
}

export function itemAttributes(r: Omit<FeedItemRow, 'id'>): TwitchFeedItemAttributes {
  return {
    kind: r.kind === 'video' ? 'video' : 'stream',
    twitch_video_id: r.twitchVideoId,
    twitch_stream_id: r.twitchStreamId,
    title: r.title,
    description: r.description,
    published_at: r.publishedAt.toISOString(),
    url: r.url,
    thumbnail_url: fillThumbnail(r.thumbnailUrl),
    view_count: Number(r.viewCount),
    language: r.language,
    duration: r.duration,
    tags: r.tags ?? [],
    live: r.live,
    channel: {
      broadcaster_id: r.broadcasterId,
      broadcaster_name: r.broadcasterName,
      broadcaster_language: r.language,
      profile_image_url: r.profileImageUrl,
      followers: r.followers === null ? null : Number(r.followers),
    },
    saved: r.saved,
    ...metricsAttributes(r.metrics),
  };
}

export const feedItemResource = (r: FeedItemRow) => resource('twitch_video', r.id, { ...itemAttributes(r) });

export type SavedStreamRow = typeof savedStreams.$inferSelect & { tagName: string; metrics?: MetricsRow | null };

export function savedStreamResource(r: SavedStreamRow) {
  const attributes: SavedStreamAttributes = {
    title: r.title,
    description: r.description,
    followers: Number(r.followers),
    view_count: Number(r.viewCount),
    published_at: r.publishedAt.toISOString(),
    language: r.language,
    tag: r.tagName,
    tag_id: String(r.tagId),
    broadcaster_name: r.broadcasterName,
    thumbnail_url: fillThumbnail(r.thumbnailUrl),
    twitch_video_id: r.twitchVideoId,
    url: r.url,
    project_id: String(r.projectId),
    'inserted-at': r.insertedAt.toISOString(),
    'updated-at': r.updatedAt.toISOString(),
    ...metricsAttributes(r.metrics ?? null),
  };
  return resource('saved_stream', r.id, { ...attributes });
}
