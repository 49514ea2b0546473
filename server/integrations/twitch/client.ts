/**
 * A small Twitch Helix client (shared/reference/third-party-apis.md §2): an app access token
 * from the client-credentials grant, kept until shortly before it expires, and the Helix calls
 * the product needs. Base URLs come from configuration so that tests run against a local fake.
 */

export interface TwitchSettings {
  apiUrl: string;
  authUrl: string;
  clientId?: string;
  clientSecret?: string;
}

export interface TwitchCategory {
  id: string;
  name: string;
  box_art_url: string;
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

interface ClientOptions {
  timeoutMs?: number;
  /** Renew the token this long before Twitch says it expires. */
  refreshMarginMs?: number;
  now?: () => number;
}

const MAX_BODY_CHARS = 2_000_000;

export class TwitchClient {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly now: () => number;

  constructor(
    private readonly settings: TwitchSettings,
    opts: ClientOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.refreshMarginMs = opts.refreshMarginMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  get configured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  /** GET /search/categories: games and categories whose name matches `query`. */
  async searchCategories(query: string, first = 20): Promise<TwitchCategory[]> {
    const body = await this.helix<{ data: TwitchCategory[] | null }>('/search/categories', { query, first: String(first) });
    return (body.data ?? []).map((c) => ({ id: String(c.id), name: String(c.name), box_art_url: String(c.box_art_url ?? '') }));
  }

  private async helix<T>(path: string, params: Record<string, string>): Promise<T> {
    if (!this.configured) throw new TwitchNotConfiguredError();
    const url = new URL(this.settings.apiUrl.replace(/(?<!\/)\/+$/, '') + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    // An app token can be revoked or expire early; one retry with a fresh token covers that.
    for (let attempt = 0; ; attempt++) {
      const token = await this.appToken();
      const res = await this.send(url, {
        headers: { authorization: `Bearer ${token}`, 'client-id': this.settings.clientId!, accept: 'application/json' },
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
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
      const message = (body as { message?: unknown }).message;
      throw new TwitchRequestError(`${what}: HTTP ${res.status}${typeof message === 'string' ? ` ${message}` : ''}`, res.status);
    }
    return body as T;
  }
}
