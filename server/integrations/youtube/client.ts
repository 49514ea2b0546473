/**
 * A small YouTube Data API v3 client (shared/reference/third-party-apis.md §1): search.list,
 * videos.list, channels.list with an API key, and the free per-channel Atom feed. Base URLs come
 * from configuration so that tests run against a local fake. Quota is not counted here: the
 * videos feature reserves it before each call (server/features/videos/quota.ts).
 */

import { parseChannelFeed, type ChannelFeedEntry } from './atom.js';

export { parseChannelFeed, type ChannelFeedEntry };

export interface YoutubeSettings {
  apiUrl: string;
  feedsUrl: string;
  apiKey?: string;
}

export interface YoutubeSearchHit {
  videoId: string;
  channelId: string;
  channelTitle: string;
  title: string;
  description: string;
  publishedAt: string;
  thumbnail: string | null;
  liveBroadcastContent: string | null;
}

export interface YoutubeVideo {
  id: string;
  channelId: string;
  channelTitle: string;
  title: string;
  description: string;
  publishedAt: string;
  thumbnail: string | null;
  language: string | null;
  liveBroadcastContent: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
}

export interface YoutubeChannel {
  id: string;
  title: string;
  thumbnail: string | null;
  customUrl: string | null;
  country: string | null;
  language: string | null;
  /** null when the channel hides its count. */
  subscribers: number | null;
  hiddenSubscribers: boolean;
}

export type ChannelFeedResult = { status: 'not_modified' } | { status: 'ok'; entries: ChannelFeedEntry[]; etag: string | null; lastModified: string | null };

/** YouTube is not configured on this server (no API key). */
export class YoutubeNotConfiguredError extends Error {
  constructor() {
    super('YouTube is not connected on this server: set YOUTUBE_API_KEY.');
  }
}

/** YouTube answered with an error, timed out or could not be reached (status null). */
export class YoutubeRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

/** The quota (or the rate limit) is spent: nothing more until `retryAfterMs` or the Pacific midnight. */
export class YoutubeQuotaError extends YoutubeRequestError {
  constructor(
    message: string,
    status: number,
    reason: string | null,
    /** From Retry-After, when YouTube sent one. */
    readonly retryAfterMs: number | null,
  ) {
    super(message, status, reason);
  }
}

const MAX_BODY_CHARS = 5_000_000;
const BATCH = 50;

const count = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

interface Thumbs {
  [size: string]: { url?: string } | undefined;
}
const thumbOf = (t: unknown): string | null => {
  const th = (t ?? {}) as Thumbs;
  return strOrNull(th.medium?.url ?? th.high?.url ?? th.default?.url);
};

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class YoutubeClient {
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: YoutubeSettings,
    opts: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  get configured(): boolean {
    return Boolean(this.settings.apiKey);
  }

  /** search.list part=snippet, type=video, order=date: one page. */
  async searchVideos(opts: {
    q: string;
    publishedAfter?: Date | string;
    pageToken?: string;
    maxResults?: number;
  }): Promise<{ hits: YoutubeSearchHit[]; nextPageToken: string | null }> {
    const params: Record<string, string> = { part: 'snippet', type: 'video', order: 'date', q: opts.q, maxResults: String(opts.maxResults ?? 50) };
    if (opts.publishedAfter) params.publishedAfter = new Date(opts.publishedAfter).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (opts.pageToken) params.pageToken = opts.pageToken;
    const body = await this.api<{ items?: unknown[]; nextPageToken?: string }>('/search', params);
    const hits: YoutubeSearchHit[] = [];
    for (const raw of body.items ?? []) {
      const item = raw as { id?: { videoId?: unknown }; snippet?: Record<string, unknown> };
      const videoId = str(item.id?.videoId);
      const s = item.snippet ?? {};
      if (!videoId || !str(s.channelId)) continue;
      hits.push({
        videoId,
        channelId: str(s.channelId),
        channelTitle: str(s.channelTitle),
        title: str(s.title),
        description: str(s.description),
        publishedAt: str(s.publishedAt) || str(s.publishTime),
        thumbnail: thumbOf(s.thumbnails),
        liveBroadcastContent: strOrNull(s.liveBroadcastContent),
      });
    }
    return { hits, nextPageToken: strOrNull(body.nextPageToken) };
  }

  /** videos.list part=snippet,statistics, 50 ids per call. Counts arrive as strings; absent ones are null. */
  async listVideos(ids: string[]): Promise<YoutubeVideo[]> {
    const out: YoutubeVideo[] = [];
    for (const batch of batches(ids)) {
      const body = await this.api<{ items?: unknown[] }>('/videos', { part: 'snippet,statistics', id: batch.join(','), maxResults: String(BATCH) });
      for (const raw of body.items ?? []) {
        const item = raw as { id?: unknown; snippet?: Record<string, unknown>; statistics?: Record<string, unknown> };
        const s = item.snippet ?? {};
        const st = item.statistics ?? {};
        if (!str(item.id)) continue;
        out.push({
          id: str(item.id),
          channelId: str(s.channelId),
          channelTitle: str(s.channelTitle),
          title: str(s.title),
          description: str(s.description),
          publishedAt: str(s.publishedAt),
          thumbnail: thumbOf(s.thumbnails),
          language: strOrNull(s.defaultAudioLanguage) ?? strOrNull(s.defaultLanguage),
          liveBroadcastContent: strOrNull(s.liveBroadcastContent),
          views: count(st.viewCount),
          likes: count(st.likeCount),
          comments: count(st.commentCount),
        });
      }
    }
    return out;
  }

  /** channels.list part=snippet,statistics, 50 ids per call; a hidden subscriber count is null. */
  async listChannels(ids: string[]): Promise<YoutubeChannel[]> {
    const out: YoutubeChannel[] = [];
    for (const batch of batches(ids)) {
      const body = await this.api<{ items?: unknown[] }>('/channels', { part: 'snippet,statistics', id: batch.join(','), maxResults: String(BATCH) });
      for (const raw of body.items ?? []) {
        const item = raw as { id?: unknown; snippet?: Record<string, unknown>; statistics?: Record<string, unknown> };
        const s = item.snippet ?? {};
        const st = item.statistics ?? {};
        if (!str(item.id)) continue;
        const hidden = st.hiddenSubscriberCount === true;
        out.push({
          id: str(item.id),
          title: str(s.title),
          thumbnail: thumbOf(s.thumbnails),
          customUrl: strOrNull(s.customUrl),
          country: strOrNull(s.country),
          language: strOrNull(s.defaultLanguage),
          subscribers: hidden ? null : count(st.subscriberCount),
          hiddenSubscribers: hidden,
        });
      }
    }
    return out;
  }

  /** The channel's free Atom feed (no key, no quota), as a conditional GET. */
  async fetchChannelFeed(channelId: string, cond: { etag?: string | null; lastModified?: string | null } = {}): Promise<ChannelFeedResult> {
    const url = new URL(this.settings.feedsUrl.replace(/(?<!\/)\/+$/, '') + '/feeds/videos.xml');
    url.searchParams.set('channel_id', channelId);
    const headers: Record<string, string> = { accept: 'application/atom+xml, application/xml;q=0.9' };
    if (cond.etag) headers['if-none-match'] = cond.etag;
    if (cond.lastModified) headers['if-modified-since'] = cond.lastModified;
    const res = await this.send(url, { headers }, 'YouTube channel feed');
    if (res.status === 304) {
      await res.body?.cancel();
      return { status: 'not_modified' };
    }
    const text = await this.readText(res, 'YouTube channel feed');
    if (!res.ok) throw new YoutubeRequestError(`YouTube channel feed: HTTP ${res.status}`, res.status);
    return { status: 'ok', entries: parseChannelFeed(text), etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
  }

  private async api<T>(path: string, params: Record<string, string>): Promise<T> {
    if (!this.configured) throw new YoutubeNotConfiguredError();
    const url = new URL(this.settings.apiUrl.replace(/(?<!\/)\/+$/, '') + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', this.settings.apiKey!);
    const what = `YouTube ${path.slice(1)}.list`;
    const res = await this.send(url, { headers: { accept: 'application/json' } }, what);
    const text = await this.readText(res, what);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new YoutubeRequestError(`${what}: answer is not JSON (HTTP ${res.status})`, res.status);
    }
    if (!res.ok) {
      const error = (body as { error?: { message?: unknown; errors?: { reason?: unknown }[] } }).error;
      const reason = typeof error?.errors?.[0]?.reason === 'string' ? error.errors[0].reason : null;
      // The message may carry HTML (a link to the quota page); keep a short plain sentence.
      const message = typeof error?.message === 'string' ? error.message.replace(/<\/?[a-z][^<>]{0,300}>/gi, '').slice(0, 200) : '';
      const full = `${what}: HTTP ${res.status}${reason ? ` ${reason}` : ''}${message ? ` (${message})` : ''}`;
      if (
        res.status === 429 ||
        ((res.status === 403 || res.status === 429) && (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || reason === 'dailyLimitExceeded'))
      )
        throw new YoutubeQuotaError(full, res.status, reason, retryAfterMs(res.headers.get('retry-after')));
      throw new YoutubeRequestError(full, res.status, reason);
    }
    return body as T;
  }

  private async send(url: URL, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      // The URL carries the key: never put it in the message.
      throw new YoutubeRequestError(`${what} ${reason}`, null);
    }
  }

  private async readText(res: Response, what: string): Promise<string> {
    if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_CHARS) {
      await res.body?.cancel();
      throw new YoutubeRequestError(`${what}: answer too large`, res.status);
    }
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) throw new YoutubeRequestError(`${what}: answer too large`, res.status);
    return text;
  }
}

function* batches(ids: string[]): Generator<string[]> {
  const unique = [...new Set(ids.filter(Boolean))];
  for (let i = 0; i < unique.length; i += BATCH) yield unique.slice(i, i + BATCH);
}
