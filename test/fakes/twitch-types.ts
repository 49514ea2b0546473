import type http from 'node:http';

/** The fake Twitch's data shapes (what Helix answers) and its handle; see twitch.ts. */

export interface FakeGame {
  id: string;
  name: string;
  box_art_url: string;
}

export interface FakeUser {
  id: string;
  login: string;
  display_name: string;
  broadcaster_type: string;
  description: string;
  profile_image_url: string;
  followers: number;
}

export interface FakeStream {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  game_id: string;
  game_name: string;
  type: 'live';
  title: string;
  tags: string[] | null;
  viewer_count: number;
  started_at: string;
  language: string;
  thumbnail_url: string;
  tag_ids: string[];
  is_mature: boolean;
}

export interface FakeVideo {
  id: string;
  stream_id: string | null;
  user_id: string;
  user_login: string;
  user_name: string;
  /** Not part of Helix's answer: which game the fake files the video under. */
  game_id: string;
  title: string;
  description: string;
  created_at: string;
  published_at: string;
  url: string;
  thumbnail_url: string;
  viewable: 'public';
  view_count: number;
  language: string;
  type: 'archive' | 'upload' | 'highlight';
  duration: string;
  muted_segments: null;
}

export interface FakeTwitchRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Every value of each parameter (repeated parameters: `?id=1&id=2`). */
  queryAll: Record<string, string[]>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeTwitch {
  apiUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** TWITCH_* variables pointing the app at this fake. */
  env: Record<string, string>;
  requests: FakeTwitchRequest[];
  games: FakeGame[];
  users: FakeUser[];
  streams: FakeStream[];
  videos: FakeVideo[];
  /** Seconds until a newly issued token expires. */
  tokenTtlSeconds: number;
  rateLimit: { points: number; windowMs: number };
  /** Invalidates every issued token (Helix then answers 401 until a new one is fetched). */
  revokeTokens(): void;
  tokenRequests(): number;
  /** The next `times` Helix calls answer `status` (a 429 with `Ratelimit-Reset` one second away). */
  failNext(status: number, times?: number): void;
  addUser(u: Partial<FakeUser> & { id: string }): FakeUser;
  addStream(s: Partial<FakeStream> & { user_id: string; game_id: string }): FakeStream;
  /** The stream goes off air; with `vod` an archive video (carrying `stream_id`) appears. */
  endStream(id: string, opts?: { vod?: Partial<FakeVideo> }): FakeVideo | null;
  addVideo(v: Partial<FakeVideo> & { user_id: string; game_id: string }): FakeVideo;
  setFollowers(userId: string, total: number): void;
  /** Helix calls to one path (e.g. '/streams'), or all Helix calls. */
  calls(path?: string): number;
  /** The time (fake clock, ms) of every Helix call that spent a point. */
  points(): number[];
  /**
   * A stream whose `viewer_count` follows a script on the fake's clock (twitch-scripts.ts): live
   * from `startAt` for `viewers.length` steps of `stepMs`, then gone. Answers its stream id.
   */
  scriptStream(s: ScriptedStream): string;
  close(): Promise<void>;
}

const box = (id: string) => `https://static-cdn.jtvnw.net/ttv-boxart/${id}-{width}x{height}.jpg`;

export const DEFAULT_GAMES: FakeGame[] = [
  { id: '509658', name: 'Just Chatting', box_art_url: box('509658') },
  { id: '110758', name: 'The Legend of Zelda: Tears of the Kingdom', box_art_url: box('110758') },
  { id: '18846', name: 'The Legend of Zelda: Breath of the Wild', box_art_url: box('18846') },
  { id: '27471', name: 'Minecraft', box_art_url: box('27471') },
  { id: '32982', name: 'Grand Theft Auto V', box_art_url: box('32982') },
];

export const PERIOD_MS: Record<string, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/** A scripted live stream (see FakeTwitch.scriptStream). */
export interface ScriptedStream {
  user_id: string;
  game_id: string;
  title?: string;
  /** Fake-clock ms when it goes live (its `started_at`). */
  startAt: number;
  stepMs: number;
  /** Viewer count of each step; after the last step the stream is gone. */
  viewers: number[];
}
