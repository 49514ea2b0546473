import type { TwitchCreatorAttributes, YoutubeCreatorAttributes } from '../../../common/schemas/creators.js';
import { resource } from '../../http/jsonapi.js';
import type { TwitchCreatorRow, YoutubeCreatorRow } from './leaderboard.js';

/** Leaderboard rows → `creator` resources and CSV rows. */

const HOUR_MS = 3_600_000;
/** Hours watched in a CSV cell: two decimals. */
const hours = (h: number) => Math.round(h * 100) / 100;

export function twitchCreatorAttributes(r: TwitchCreatorRow): TwitchCreatorAttributes {
  return {
    platform: 'twitch',
    rank: r.rank,
    broadcaster_id: r.broadcasterId,
    broadcaster_name: r.name,
    broadcaster_login: r.login,
    profile_image_url: r.profileImageUrl,
    followers: r.followers,
    streams: r.streams,
    hours_watched: r.viewerMs / HOUR_MS,
    peak_viewers: r.peakViewers,
    average_viewers: r.coveredMs > 0 ? Math.round(r.viewerMs / r.coveredMs) : null,
    airtime: r.airtimeSeconds,
    last_stream_at: r.lastStreamAt.toISOString(),
    top_stream: { title: r.topTitle, url: r.topUrl },
  } satisfies TwitchCreatorAttributes;
}

export function youtubeCreatorAttributes(r: YoutubeCreatorRow): YoutubeCreatorAttributes {
  return {
    platform: 'youtube',
    rank: r.rank,
    channel_id: r.channelId,
    channel_title: r.title,
    thumbnail: r.thumbnail,
    subscribers: r.subscribers,
    videos: r.videos,
    views: r.views,
    last_video_at: r.lastVideoAt.toISOString(),
    top_video: { title: r.topTitle, url: `https://www.youtube.com/watch?v=${r.topVideoId}`, views: r.topViews },
  } satisfies YoutubeCreatorAttributes;
}

export const twitchCreatorResource = (r: TwitchCreatorRow) => resource('creator', r.broadcasterId, twitchCreatorAttributes(r));
export const youtubeCreatorResource = (r: YoutubeCreatorRow) => resource('creator', r.channelId, youtubeCreatorAttributes(r));

/** CSV columns of the Twitch leaderboard (`Accept: text/csv`). */
export const TWITCH_CSV_COLUMNS = [
  'rank',
  'broadcaster_id',
  'broadcaster_name',
  'broadcaster_login',
  'followers',
  'streams',
  'hours_watched',
  'peak_viewers',
  'average_viewers',
  'airtime_seconds',
  'last_stream_at',
  'top_stream_title',
  'top_stream_url',
];

/** CSV columns of the YouTube leaderboard. */
export const YOUTUBE_CSV_COLUMNS = [
  'rank',
  'channel_id',
  'channel_title',
  'subscribers',
  'videos',
  'views',
  'last_video_at',
  'top_video_title',
  'top_video_url',
  'top_video_views',
];

export function twitchCsvRow(r: TwitchCreatorRow): Record<string, unknown> {
  const a = twitchCreatorAttributes(r);
  return {
    rank: a.rank,
    broadcaster_id: a.broadcaster_id,
    broadcaster_name: a.broadcaster_name,
    broadcaster_login: a.broadcaster_login,
    followers: a.followers,
    streams: a.streams,
    hours_watched: hours(a.hours_watched),
    peak_viewers: a.peak_viewers,
    average_viewers: a.average_viewers,
    airtime_seconds: a.airtime,
    last_stream_at: a.last_stream_at,
    top_stream_title: a.top_stream.title,
    top_stream_url: a.top_stream.url,
  };
}

export function youtubeCsvRow(r: YoutubeCreatorRow): Record<string, unknown> {
  const a = youtubeCreatorAttributes(r);
  return {
    rank: a.rank,
    channel_id: a.channel_id,
    channel_title: a.channel_title,
    subscribers: a.subscribers,
    videos: a.videos,
    views: a.views,
    last_video_at: a.last_video_at,
    top_video_title: a.top_video.title,
    top_video_url: a.top_video.url,
    top_video_views: a.top_video.views,
  };
}
