import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local Twitch speaking the documented wire format (shared/reference/third-party-apis.md §2):
 * the client-credentials token endpoint (`POST {authUrl}/token`) and Helix. It checks what the
 * real service checks (credentials, bearer token, matching Client-Id) so the real client code is
 * exercised.
 *
 * API (tests, e2e and the bench use it):
 * - `startFakeTwitch({ games?, rateLimit?, now? })` → `FakeTwitch`; `env` holds the TWITCH_*
 *   variables pointing the app at it; `close()` stops it.
 * - Helix routes: `/search/categories?query`, `/games?id|name` (repeated), `/streams?game_id|user_id|
 *   user_login&first&after` (live only, most viewers first), `/videos?id | user_id | game_id &sort=time&
 *   period=day|week|month|all&type&first&after` (newest first), `/users?id|login` (repeated),
 *   `/channels/followers?broadcaster_id` (top-level `total`, `data: []`, as for an app token).
 *   Lists page with opaque `pagination.cursor` values; the last page has `pagination: {}`.
 * - Rate limit: every Helix answer carries `Ratelimit-Limit`, `Ratelimit-Remaining`, `Ratelimit-Reset`
 *   (Unix seconds). The bucket holds `rateLimit.points` (800) per `rateLimit.windowMs` (one minute),
 *   refilled at the reset; an empty bucket answers 429. `points()` lists each call's time.
 * - Data that changes over time: `addUser`, `addStream` (live), `endStream(id, { vod })` (off air,
 *   optionally leaving an archive video), `addVideo`, `setFollowers`; `streams`, `videos`, `users`
 *   and `games` are plain arrays a test may edit too.
 * - `failNext(status, times = 1)`: the next Helix answers are that error (a 429 says the bucket comes back
 *   in a second); `revokeTokens()`; `calls(path)`
 *   counts Helix calls to one endpoint; `now` (option) is the fake's clock (the bench runs on a virtual one).
 */

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

const PERIOD_MS: Record<string, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

export async function startFakeTwitch(
  opts: { games?: FakeGame[]; rateLimit?: { points?: number; windowMs?: number }; now?: () => number } = {},
): Promise<FakeTwitch> {
  const clientId = `fakeclient${randomBytes(6).toString('hex')}`;
  const clientSecret = `fakesecret${randomBytes(12).toString('hex')}`;
  const now = opts.now ?? Date.now;
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  let issued = 0;
  let nextId = 40_000_000_000;
  const failures: number[] = [];
  const spent: number[] = [];
  const bucket = { windowStart: 0, used: 0 };

  const fake: Omit<FakeTwitch, 'apiUrl' | 'authUrl' | 'env' | 'close'> = {
    clientId,
    clientSecret,
    requests: [],
    games: opts.games ?? DEFAULT_GAMES.map((g) => ({ ...g })),
    users: [],
    streams: [],
    videos: [],
    tokenTtlSeconds: 5011271,
    rateLimit: { points: opts.rateLimit?.points ?? 800, windowMs: opts.rateLimit?.windowMs ?? 60_000 },
    revokeTokens: () => tokens.clear(),
    tokenRequests: () => issued,
    failNext: (status, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    addUser: (u) => {
      const existing = fake.users.find((x) => x.id === u.id);
      if (existing) return Object.assign(existing, u);
      const login = u.login ?? `streamer${u.id}`;
      const user: FakeUser = {
        login,
        display_name: u.display_name ?? login,
        broadcaster_type: '',
        description: '',
        profile_image_url: `https://static-cdn.jtvnw.net/jtv_user_pictures/${login}-profile_image-300x300.png`,
        followers: 0,
        ...u,
      };
      fake.users.push(user);
      return user;
    },
    addStream: (s) => {
      const user = fake.users.find((u) => u.id === s.user_id) ?? fake.addUser({ id: s.user_id });
      const game = fake.games.find((g) => g.id === s.game_id);
      const stream: FakeStream = {
        id: String(nextId++),
        user_login: user.login,
        user_name: user.display_name,
        game_name: game?.name ?? '',
        type: 'live',
        title: 'Live stream',
        tags: ['English'],
        viewer_count: 100,
        started_at: new Date(now()).toISOString(),
        language: 'en',
        thumbnail_url: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${user.login}-{width}x{height}.jpg`,
        tag_ids: [],
        is_mature: false,
        ...s,
      };
      fake.streams.push(stream);
      return stream;
    },
    endStream: (id, o = {}) => {
      const i = fake.streams.findIndex((s) => s.id === id);
      if (i < 0) return null;
      const [s] = fake.streams.splice(i, 1);
      if (!o.vod) return null;
      return fake.addVideo({ user_id: s.user_id, game_id: s.game_id, stream_id: s.id, title: s.title, created_at: s.started_at, published_at: s.started_at, language: s.language, type: 'archive', ...o.vod });
    },
    addVideo: (v) => {
      const user = fake.users.find((u) => u.id === v.user_id) ?? fake.addUser({ id: v.user_id });
      const id = v.id ?? String(nextId++);
      const at = new Date(now()).toISOString();
      const video: FakeVideo = {
        id,
        stream_id: null,
        user_login: user.login,
        user_name: user.display_name,
        title: 'A video',
        description: '',
        created_at: at,
        published_at: at,
        url: `https://www.twitch.tv/videos/${id}`,
        thumbnail_url: `https://static-cdn.jtvnw.net/cf_vods/${id}/thumb-%{width}x%{height}.jpg`,
        viewable: 'public',
        view_count: 0,
        language: 'en',
        type: 'archive',
        duration: '1h2m3s',
        muted_segments: null,
        ...v,
      };
      fake.videos.push(video);
      return video;
    },
    setFollowers: (userId, total) => {
      (fake.users.find((u) => u.id === userId) ?? fake.addUser({ id: userId })).followers = total;
    },
    calls: (p) => fake.requests.filter((r) => r.path.startsWith('/helix/') && (p === undefined || r.path === `/helix${p}`)).length,
    points: () => [...spent],
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  /** One page of a list, with an opaque cursor (base64 of the next offset). */
  const page = <T>(list: T[], url: URL, extra: Record<string, unknown> = {}) => {
    const first = Math.min(100, Math.max(1, Number(url.searchParams.get('first') ?? 20) || 20));
    const after = url.searchParams.get('after');
    const offset = after ? Number(Buffer.from(after, 'base64').toString('utf8').replace(/^o:/, '')) || 0 : 0;
    const data = list.slice(offset, offset + first);
    const more = offset + first < list.length;
    return { data, pagination: more ? { cursor: Buffer.from(`o:${offset + first}`).toString('base64') } : {}, ...extra };
  };

  const helix = (url: URL, res: http.ServerResponse, rl: Record<string, string>) => {
    const all = (k: string) => url.searchParams.getAll(k);
    const ok = (body: unknown) => send(res, 200, body, rl);
    const bad = (message: string) => send(res, 400, { error: 'Bad Request', status: 400, message }, rl);
    switch (url.pathname) {
      case '/helix/search/categories': {
        const query = url.searchParams.get('query');
        if (!query) return bad('Missing required parameter "query"');
        const first = Math.min(100, Math.max(1, Number(url.searchParams.get('first') ?? 20) || 20));
        const found = fake.games.filter((g) => g.name.toLowerCase().includes(query.toLowerCase())).slice(0, first);
        // Twitch answers `data: null` for an empty search.
        return ok({ data: found.length ? found : null, pagination: {} });
      }
      case '/helix/games': {
        const ids = all('id');
        const names = all('name').map((n) => n.toLowerCase());
        if (ids.length + names.length > 100) return bad('Too many ids');
        return ok({ data: fake.games.filter((g) => ids.includes(g.id) || names.includes(g.name.toLowerCase())), pagination: {} });
      }
      case '/helix/streams': {
        const games = all('game_id');
        const userIds = all('user_id');
        const logins = all('user_login');
        const list = fake.streams
          .filter((s) => (!games.length || games.includes(s.game_id)) && (!userIds.length || userIds.includes(s.user_id)) && (!logins.length || logins.includes(s.user_login)))
          .sort((a, b) => b.viewer_count - a.viewer_count || a.id.localeCompare(b.id));
        return ok(page(list, url));
      }
      case '/helix/videos': {
        const ids = all('id');
        const userId = url.searchParams.get('user_id');
        const gameId = url.searchParams.get('game_id');
        if ([ids.length > 0, !!userId, !!gameId].filter(Boolean).length !== 1) return bad('Exactly one of id, user_id or game_id is required');
        if (ids.length) return ok({ data: fake.videos.filter((v) => ids.includes(v.id)).map(strip), pagination: {} });
        const since = PERIOD_MS[url.searchParams.get('period') ?? 'all'];
        const type = url.searchParams.get('type') ?? 'all';
        const list = fake.videos
          .filter((v) => (userId ? v.user_id === userId : v.game_id === gameId))
          .filter((v) => (type === 'all' || v.type === type) && (since === undefined || Date.parse(v.created_at) >= now() - since))
          .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id))
          .map(strip);
        return ok(page(list, url));
      }
      case '/helix/users': {
        const ids = all('id');
        const logins = all('login').map((l) => l.toLowerCase());
        if (ids.length + logins.length > 100) return bad('Too many ids');
        const data = fake.users
          .filter((u) => ids.includes(u.id) || logins.includes(u.login.toLowerCase()))
          .map(({ followers: _f, ...u }) => ({ ...u, type: '', offline_image_url: '', view_count: 0, created_at: '2019-01-01T00:00:00Z' }));
        return ok({ data, pagination: {} });
      }
      case '/helix/channels/followers': {
        const id = url.searchParams.get('broadcaster_id');
        if (!id) return bad('Missing required parameter "broadcaster_id"');
        return ok({ total: fake.users.find((u) => u.id === id)?.followers ?? 0, data: [], pagination: {} });
      }
    }
    send(res, 404, { error: 'Not Found', status: 404, message: 'Not Found' }, rl);
  };

  const strip = ({ game_id: _g, ...v }: FakeVideo) => v;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const queryAll: Record<string, string[]> = {};
      for (const k of new Set(url.searchParams.keys())) queryAll[k] = url.searchParams.getAll(k);
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), queryAll, headers: req.headers, body });

      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        // Form body; the query string is accepted too.
        const form = new URLSearchParams(body);
        const get = (k: string) => form.get(k) ?? url.searchParams.get(k);
        if (get('client_id') !== clientId) return send(res, 400, { status: 400, message: 'invalid client' });
        if (get('client_secret') !== clientSecret) return send(res, 403, { status: 403, message: 'invalid client secret' });
        if (get('grant_type') !== 'client_credentials') return send(res, 400, { status: 400, message: 'invalid grant type' });
        const token = randomBytes(15).toString('hex');
        tokens.set(token, now() + fake.tokenTtlSeconds * 1000);
        issued++;
        return send(res, 200, { access_token: token, expires_in: fake.tokenTtlSeconds, token_type: 'bearer' });
      }

      if (req.method === 'GET' && url.pathname.startsWith('/helix/')) {
        const auth = req.headers.authorization ?? '';
        const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (!token || !req.headers['client-id'])
          return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Missing Client ID or OAuth token' });
        const until = tokens.get(token);
        if (until === undefined || req.headers['client-id'] !== clientId)
          return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
        if (until < now()) return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Token expired' });

        // The bucket: full again at the end of each window.
        const t = now();
        if (t >= bucket.windowStart + fake.rateLimit.windowMs) {
          bucket.windowStart = t;
          bucket.used = 0;
        }
        const failure = failures.shift();
        // A forced 429 is a momentary refusal (its reset one second away); the bucket stays as it was.
        if (failure === 429)
          return send(res, 429, { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, {
            'ratelimit-limit': String(fake.rateLimit.points),
            'ratelimit-remaining': '0',
            'ratelimit-reset': String(Math.ceil(t / 1000) + 1),
          });
        const empty = bucket.used >= fake.rateLimit.points;
        if (!empty) {
          bucket.used++;
          spent.push(t);
        }
        const rl = {
          'ratelimit-limit': String(fake.rateLimit.points),
          'ratelimit-remaining': String(Math.max(0, fake.rateLimit.points - bucket.used)),
          'ratelimit-reset': String(Math.ceil((bucket.windowStart + fake.rateLimit.windowMs) / 1000)),
        };
        if (empty) return send(res, 429, { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, rl);
        if (failure !== undefined) return send(res, failure, { error: 'Error', status: failure, message: `Fake failure ${failure}` }, rl);
        return helix(url, res, rl);
      }
      send(res, 404, { error: 'Not Found', status: 404, message: 'Not Found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const apiUrl = `${base}/helix`;
  const authUrl = `${base}/oauth2`;
  return Object.assign(fake, {
    apiUrl,
    authUrl,
    env: { TWITCH_API_URL: apiUrl, TWITCH_AUTH_URL: authUrl, TWITCH_CLIENT_ID: clientId, TWITCH_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
