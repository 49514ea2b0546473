/**
 * Helix answers as the client returns them (shared/reference/third-party-apis.md §2.3): the
 * fields the product reads, strings where Twitch sends strings, `tags` always an array.
 */

export interface TwitchCategory {
  id: string;
  name: string;
  box_art_url: string;
}

export interface HelixStream {
  id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  game_id: string;
  game_name: string;
  type: string;
  title: string;
  tags: string[];
  viewer_count: number;
  started_at: string;
  language: string;
  /** Template with `{width}x{height}`. */
  thumbnail_url: string;
}

export interface HelixVideo {
  id: string;
  stream_id: string | null;
  user_id: string;
  user_login: string;
  user_name: string;
  title: string;
  description: string;
  created_at: string;
  published_at: string;
  url: string;
  /** Template with `%{width}x%{height}`; empty while a VOD is processing. */
  thumbnail_url: string;
  view_count: number;
  language: string;
  /** archive | upload | highlight */
  type: string;
  duration: string;
}

export interface HelixUser {
  id: string;
  login: string;
  display_name: string;
  broadcaster_type: string;
  description: string;
  profile_image_url: string;
}

/** One page of a paginated Helix list; `cursor` is null on the last page. */
export interface HelixPage<T> {
  data: T[];
  cursor: string | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};
const tagsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string').slice(0, 50) : []);

/** Helix items arrive untyped; these keep a bad field from reaching the database as garbage. */
export const readStream = (r: Record<string, unknown>): HelixStream => ({
  id: str(r.id),
  user_id: str(r.user_id),
  user_login: str(r.user_login),
  user_name: str(r.user_name),
  game_id: str(r.game_id),
  game_name: str(r.game_name),
  type: str(r.type),
  title: str(r.title),
  tags: tagsOf(r.tags),
  viewer_count: num(r.viewer_count),
  started_at: str(r.started_at),
  language: str(r.language),
  thumbnail_url: str(r.thumbnail_url),
});

export const readVideo = (r: Record<string, unknown>): HelixVideo => ({
  id: str(r.id),
  stream_id: r.stream_id ? str(r.stream_id) : null,
  user_id: str(r.user_id),
  user_login: str(r.user_login),
  user_name: str(r.user_name),
  title: str(r.title),
  description: str(r.description),
  created_at: str(r.created_at),
  published_at: str(r.published_at),
  url: str(r.url),
  thumbnail_url: str(r.thumbnail_url),
  view_count: num(r.view_count),
  language: str(r.language),
  type: str(r.type),
  duration: str(r.duration),
});

export const readUser = (r: Record<string, unknown>): HelixUser => ({
  id: str(r.id),
  login: str(r.login),
  display_name: str(r.display_name),
  broadcaster_type: str(r.broadcaster_type),
  description: str(r.description),
  profile_image_url: str(r.profile_image_url),
});

export const readCategory = (r: Record<string, unknown>): TwitchCategory => ({
  id: str(r.id),
  name: str(r.name),
  box_art_url: str(r.box_art_url),
});
