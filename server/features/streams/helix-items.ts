import type { HelixStream, HelixVideo } from '../../integrations/twitch/client.js';
import { twitchItems } from '../../db/schema/streams.js';

/** What a poll or a lookup brought, in the shape of a `twitch_items` row (minus ids and times). */
export type ItemValues = Omit<typeof twitchItems.$inferInsert, 'id' | 'fetchedAt' | 'insertedAt'>;

export interface FetchedItem {
  values: ItemValues;
  /** Text the keyword is matched against (title, description, tags). */
  text: string;
  broadcasterName: string;
  broadcasterLogin: string;
}

const validDate = (s: string, fallback: Date) => {
  const t = Date.parse(s);
  return Number.isNaN(t) ? fallback : new Date(t);
};

/** A live stream: stored under its stream id; its URL is the channel's. */
export function streamItem(s: HelixStream, gameId: string | null, now: Date): FetchedItem {
  return {
    values: {
      kind: 'stream',
      twitchId: s.id,
      twitchVideoId: null,
      twitchStreamId: s.id,
      broadcasterId: s.user_id,
      gameId: s.game_id || gameId,
      title: s.title,
      description: '',
      url: s.user_login ? `https://www.twitch.tv/${s.user_login}` : null,
      thumbnailUrl: s.thumbnail_url || null,
      viewCount: s.viewer_count,
      language: s.language || null,
      duration: null,
      tags: s.tags,
      publishedAt: validDate(s.started_at, now),
      live: true,
    },
    text: [s.title, s.tags.join(' ')].join(' '),
    broadcasterName: s.user_name || s.user_login,
    broadcasterLogin: s.user_login,
  };
}

/** A video (VOD, highlight or upload); `stream_id` links it to the live stream it recorded. */
export function videoItem(v: HelixVideo, gameId: string | null, now: Date): FetchedItem {
  return {
    values: {
      kind: 'video',
      twitchId: v.id,
      twitchVideoId: v.id,
      twitchStreamId: v.stream_id,
      broadcasterId: v.user_id,
      gameId,
      title: v.title,
      description: v.description,
      url: v.url || `https://www.twitch.tv/videos/${v.id}`,
      thumbnailUrl: v.thumbnail_url || null,
      viewCount: v.view_count,
      language: v.language || null,
      duration: v.duration || null,
      tags: [],
      publishedAt: validDate(v.published_at || v.created_at, now),
      live: false,
    },
    text: [v.title, v.description].join(' '),
    broadcasterName: v.user_name || v.user_login,
    broadcasterLogin: v.user_login,
  };
}
