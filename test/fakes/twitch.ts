import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createHelixHandler, send } from './twitch-helix.js';
import { createScripts } from './twitch-scripts.js';
import { DEFAULT_GAMES, type FakeGame, type FakeStream, type FakeTwitch, type FakeUser, type FakeVideo } from './twitch-types.js';

export * from './twitch-types.js';
export { addLiveStreams } from './twitch-scripts.js';

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
 * - Scripted viewer counts (twitch-scripts.ts): `scriptStream({ user_id, game_id, startAt, stepMs, viewers })`
 *   and `addLiveStreams(fake, gameId, n)` (a game across many pages).
 * Split by concern: twitch-types.ts (shapes), twitch-helix.ts (Helix routes), twitch-scripts.ts.
 */

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
      return fake.addVideo({
        user_id: s.user_id,
        game_id: s.game_id,
        stream_id: s.id,
        title: s.title,
        created_at: s.started_at,
        published_at: s.started_at,
        language: s.language,
        type: 'archive',
        ...o.vod,
      });
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
    scriptStream: (s) => scripts.scriptStream(s),
  };
  // Declared after the fake it adds streams to; `scriptStream` above only runs once both exist.
  const scripts = createScripts(fake, now, () => String(nextId++));
  const helix = createHelixHandler(fake, now);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const queryAll: Record<string, string[]> = {};
      for (const k of new Set(url.searchParams.keys())) queryAll[k] = url.searchParams.getAll(k);
      fake.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        queryAll,
        headers: req.headers,
        body,
      });

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
        if (!token || !req.headers['client-id']) return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Missing Client ID or OAuth token' });
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
          return send(
            res,
            429,
            { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' },
            {
              'ratelimit-limit': String(fake.rateLimit.points),
              'ratelimit-remaining': '0',
              'ratelimit-reset': String(Math.ceil(t / 1000) + 1),
            },
          );
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
        scripts.apply();
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
