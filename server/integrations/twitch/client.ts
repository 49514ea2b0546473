/**
 * A small Twitch Helix client (shared/reference/third-party-apis.md §2): an app access token
 * from the client-credentials grant, kept until shortly before it expires, and the Helix calls
 * the product needs. Base URLs come from configuration so that tests run against a local fake.
 * Every answer's rate-limit headers feed one gate per client instance (rate-limit.ts).
 */
import { RateGate, type RateGateOptions } from './rate-limit.js';
import {
  readCategory,
  readStream,
  readUser,
  readVideo,
  type HelixPage,
  type HelixStream,
  type HelixUser,
  type HelixVideo,
  type TwitchCategory,
} from './types.js';

export type { HelixPage, HelixStream, HelixUser, HelixVideo, TwitchCategory };

export interface TwitchSettings {
  apiUrl: string;
  authUrl: string;
  clientId?: string;
  clientSecret?: string;
}

/** Twitch is not configured on this server (no client id or secret). */
export class TwitchNotConfiguredError extends Error {
  constructor() {
    super('Twitch is not configured');
  }
}

/** Twitch answered with an error, timed out or could not be reached. */
export class TwitchRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Twitch answered 429: the bucket is empty until `resetAt`. */
export class TwitchRateLimitError extends TwitchRequestError {
  constructor(readonly resetAt: Date) {
    super(`Twitch rate limit reached; points come back at ${resetAt.toISOString()}`, 429);
  }
}

export interface ClientOptions extends RateGateOptions {
  timeoutMs?: number;
  /** Renew the token this long before Twitch says it expires. */
  refreshMarginMs?: number;
  /** Counts every Helix call by endpoint (the bench reads it). */
  onCall?: (path: string) => void;
}

const MAX_BODY_CHARS = 2_000_000;
/** Helix's maximum ids per list call (`id`, `login`). */
export const HELIX_BATCH = 100;

type Params = Record<string, string | string[] | number | undefined>;

export class TwitchClient {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly now: () => number;
  readonly gate: RateGate;
  private readonly onCall?: (path: string) => void;

  constructor(
    private readonly settings: TwitchSettings,
    opts: ClientOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.refreshMarginMs = opts.refreshMarginMs ?? 60_000;
    this.now = opts.now ?? Date.now;
    this.gate = new RateGate(opts);
    this.onCall = opts.onCall;
  }

  get configured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  /** GET /search/categories: games and categories whose name matches `query`. */
  async searchCategories(query: string, first = 20): Promise<TwitchCategory[]> {
    const body = await this.helix<{ data: unknown }>('/search/categories', { query, first: String(first) });
    return rows(body).map(readCategory);
  }

  /** GET /games by id (≤ 100 per call; more are batched). */
  async getGames(ids: string[]): Promise<TwitchCategory[]> {
    return this.batched(ids, (id) => this.helix<{ data: unknown }>('/games', { id }).then((b) => rows(b).map(readCategory)));
  }

  /** GET /streams: live streams, one page. */
  async getStreams(q: { gameId?: string; userIds?: string[]; first?: number; after?: string | null }): Promise<HelixPage<HelixStream>> {
    const body = await this.helix<{ data: unknown; pagination?: { cursor?: string } }>('/streams', {
      game_id: q.gameId,
      user_id: q.userIds,
      type: 'live',
      first: q.first ?? 100,
      after: q.after ?? undefined,
    });
    return { data: rows(body).map(readStream), cursor: cursorOf(body) };
  }

  /** GET /videos: by game, by user or by ids (exclusive), one page. */
  async getVideos(q: {
    gameId?: string;
    userId?: string;
    ids?: string[];
    sort?: 'time' | 'trending' | 'views';
    period?: 'all' | 'day' | 'week' | 'month';
    type?: 'all' | 'upload' | 'archive' | 'highlight';
    first?: number;
    after?: string | null;
  }): Promise<HelixPage<HelixVideo>> {
    // With ids Twitch refuses the list parameters.
    const params: Params = q.ids
      ? { id: q.ids }
      : {
          game_id: q.gameId,
          user_id: q.userId,
          sort: q.sort ?? 'time',
          period: q.period ?? 'week',
          type: q.type ?? 'all',
          first: q.first ?? 100,
          after: q.after ?? undefined,
        };
    const body = await this.helix<{ data: unknown; pagination?: { cursor?: string } }>('/videos', params);
    return { data: rows(body).map(readVideo), cursor: cursorOf(body) };
  }

  /** GET /users by ids (batched by 100). */
  async getUsers(ids: string[]): Promise<HelixUser[]> {
    return this.batched(ids, (id) => this.helix<{ data: unknown }>('/users', { id }).then((b) => rows(b).map(readUser)));
  }

  /** GET /users by login (one call; ≤ 100 logins). */
  async getUsersByLogin(logins: string[]): Promise<HelixUser[]> {
    if (!logins.length) return [];
    return rows(await this.helix<{ data: unknown }>('/users', { login: logins.slice(0, HELIX_BATCH) })).map(readUser);
  }

  /** GET /channels/followers: the top-level `total` (an app token gets it without the list). */
  async getFollowerTotal(broadcasterId: string): Promise<number | null> {
    const body = await this.helix<{ total?: unknown }>('/channels/followers', { broadcaster_id: broadcasterId, first: 1 });
    const total = Number(body.total);
    return Number.isFinite(total) && total >= 0 ? Math.floor(total) : null;
  }

  private async batched<T>(ids: string[], call: (batch: string[]) => Promise<T[]>): Promise<T[]> {
    const unique = [...new Set(ids.filter(Boolean))];
    const out: T[] = [];
    for (let i = 0; i < unique.length; i += HELIX_BATCH) out.push(...(await call(unique.slice(i, i + HELIX_BATCH))));
    return out;
  }

  private async helix<T>(path: string, params: Params): Promise<T> {
    if (!this.configured) throw new TwitchNotConfiguredError();
    const url = new URL(this.settings.apiUrl.replace(/(?<!\/)\/+$/, '') + path);
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      // Lists are repeated parameters (`?id=1&id=2`), as Helix wants them.
      for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
    }
    // An app token can be revoked or expire early; one retry with a fresh token covers that.
    for (let attempt = 0; ; attempt++) {
      const token = await this.appToken();
      await this.gate.acquire();
      this.onCall?.(path);
      const res = await this.send(url, {
        headers: { authorization: `Bearer ${token}`, 'client-id': this.settings.clientId!, accept: 'application/json' },
      });
      this.gate.observe(res.headers);
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        this.token = null;
        continue;
      }
      if (res.status === 429) {
        await res.body?.cancel();
        const reset = Number(res.headers.get('ratelimit-reset'));
        const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : this.now() + 60_000;
        this.gate.exhausted(resetAt);
        throw new TwitchRateLimitError(new Date(resetAt));
      }
      return this.readJson<T>(res, `Twitch ${path}`);
    }
  }

  /** The app access token, fetched once and shared by concurrent callers. */
  private async appToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      client_id: this.settings.clientId!,
      client_secret: this.settings.clientSecret!,
      grant_type: 'client_credentials',
    });
    const res = await this.send(new URL(this.settings.authUrl.replace(/(?<!\/)\/+$/, '') + '/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const body = await this.readJson<{ access_token?: string; expires_in?: number }>(res, 'Twitch token');
    if (typeof body.access_token !== 'string' || !body.access_token) throw new TwitchRequestError('Twitch token: no access_token', res.status);
    const lifetimeMs = Math.max(0, Number(body.expires_in ?? 0) * 1000 - this.refreshMarginMs);
    this.token = { value: body.access_token, until: this.now() + lifetimeMs };
    return body.access_token;
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new TwitchRequestError(`Twitch ${reason}`, null);
    }
  }

  private async readJson<T>(res: Response, what: string): Promise<T> {
    if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_CHARS) {
      await res.body?.cancel();
      throw new TwitchRequestError(`${what}: answer too large`, res.status);
    }
    const text = await res.text();
    if (text.length > MAX_BODY_CHARS) throw new TwitchRequestError(`${what}: answer too large`, res.status);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new TwitchRequestError(`${what}: answer is not JSON (HTTP ${res.status})`, res.status);
    }
    if (!res.ok) {
      const message = (body as { message?: unknown } | null)?.message;
      throw new TwitchRequestError(`${what}: HTTP ${res.status}${typeof message === 'string' ? ` ${message.slice(0, 200)}` : ''}`, res.status);
    }
    if (body === null || typeof body !== 'object') throw new TwitchRequestError(`${what}: answer is not a JSON object`, res.status);
    return body as T;
  }
}

/** `data` may be null (an empty search) or missing; items that are not objects are skipped. */
function rows(body: { data?: unknown }): Record<string, unknown>[] {
  return Array.isArray(body.data) ? body.data.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object') : [];
}

function cursorOf(body: { pagination?: { cursor?: unknown } }): string | null {
  const c = body.pagination?.cursor;
  return typeof c === 'string' && c ? c : null;
}
