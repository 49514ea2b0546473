import http from 'node:http';
import { createHmac, randomBytes, createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local YouTube speaking the documented wire format (shared/reference/third-party-apis.md §1),
 * for tests, e2e journeys and benchmarks:
 *
 * - `GET {apiUrl}/search` (search.list: `q` with quoted phrases and `|`, `publishedAfter`,
 *   `order=date`, `maxResults`, `pageToken` pagination), `GET {apiUrl}/videos` and
 *   `GET {apiUrl}/channels` (`id` comma lists, counts as strings, `hiddenSubscriberCount`).
 *   A wrong `key` answers 400 "API key not valid"; quota is counted per bucket (`search` for
 *   search.list, `default` for the rest, costs and limits configurable) and a spent bucket
 *   answers 403 `quotaExceeded` with the documented body.
 * - `GET {feedsUrl}/feeds/videos.xml?channel_id=…`: the channel's Atom feed (its 15 newest
 *   videos) with an ETag; `If-None-Match` answers 304.
 * - `POST {hubUrl}` (WebSub hub): checks the subscriber's intent with a GET carrying
 *   `hub.challenge`, then keeps the subscription; `push(channelId)` sends the channel's feed to
 *   every subscribed callback, signed `X-Hub-Signature: sha1=…` with the subscriber's secret.
 *
 * API: `startFakeYoutube({ apiKey?, videos?, channels?, limits?, costs? })` →
 * `{ apiUrl, feedsUrl, hubUrl, apiKey, env, requests, quota: { setLimit, used, reset },
 *    addVideo, addChannel, setStats, removeVideo, failNext(status, { reason?, retryAfter?, path? }), push, subscriptions,
 *    calls(method), close }`. Videos and channels can be added while a test runs.
 */

export interface FakeYoutubeVideo {
  id: string;
  channelId: string;
  title: string;
  description?: string;
  publishedAt: string;
  views?: number | null;
  likes?: number | null;
  comments?: number | null;
  language?: string | null;
}

export interface FakeYoutubeChannel {
  id: string;
  title: string;
  subscribers?: number;
  hidden?: boolean;
  country?: string | null;
  customUrl?: string | null;
}

export interface FakeYoutubeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export type FakeBucket = 'search' | 'default';

export interface FakeYoutube {
  apiUrl: string;
  feedsUrl: string;
  hubUrl: string;
  apiKey: string;
  /** YOUTUBE_* variables pointing the app at this fake. */
  env: Record<string, string>;
  requests: FakeYoutubeRequest[];
  quota: { setLimit(bucket: FakeBucket, n: number): void; used(bucket: FakeBucket): number; reset(): void };
  addVideo(v: FakeYoutubeVideo): void;
  addChannel(c: FakeYoutubeChannel): void;
  /** Changes a video's counts (views that keep growing): later videos.list answers carry them. */
  setStats(id: string, stats: { views?: number | null; likes?: number | null; comments?: number | null }): void;
  /** The video is deleted (or made private): videos.list leaves it out, search and feeds no longer show it. */
  removeVideo(id: string): void;
  /** The next API call (or the next one to `path`, e.g. '/search') answers this error once. */
  failNext(status: number, opts?: { reason?: string; retryAfter?: number; path?: string }): void;
  /** Sends the channel's feed (or one video of it) to every subscription of its topic; resolves to the callbacks' statuses. */
  push(channelId: string, opts?: { videoId?: string; secret?: string }): Promise<number[]>;
  subscriptions: Map<string, { callback: string; secret: string | null }>;
  /** API calls answered per path ('/search', '/videos', '/channels', '/feeds'). */
  calls(path: string): number;
  close(): Promise<void>;
}

/** Documented quota model (2026): search.list in its own 100-call bucket, the rest 1 unit each of 10,000. */
const DEFAULT_LIMITS: Record<FakeBucket, number> = { search: 100, default: 10_000 };

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Does `text` match the search `q` (`"a b"|"c"` phrases, or plain words that must all appear)? */
export function fakeMatches(q: string, text: string): boolean {
  const hay = norm(text);
  return q.split('|').some((alt) => {
    const phrases = [...alt.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    const rest = alt
      .replace(/"[^"]*"/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const needles = [...phrases, ...rest].map(norm);
    return needles.length > 0 && needles.every((n) => hay.includes(n));
  });
}

export async function startFakeYoutube(
  opts: {
    apiKey?: string;
    videos?: FakeYoutubeVideo[];
    channels?: FakeYoutubeChannel[];
    limits?: Partial<Record<FakeBucket, number>>;
    costs?: Partial<Record<string, number>>;
  } = {},
): Promise<FakeYoutube> {
  const apiKey = opts.apiKey ?? `fakekey${randomBytes(8).toString('hex')}`;
  const videos = new Map<string, FakeYoutubeVideo>();
  const channels = new Map<string, FakeYoutubeChannel>();
  for (const v of opts.videos ?? []) videos.set(v.id, v);
  for (const c of opts.channels ?? []) channels.set(c.id, c);
  const limits: Record<FakeBucket, number> = { ...DEFAULT_LIMITS, ...opts.limits };
  const costs: Record<string, number> = { '/search': 1, '/videos': 1, '/channels': 1, ...opts.costs } as Record<string, number>;
  const used: Record<FakeBucket, number> = { search: 0, default: 0 };
  const failures: { status: number; reason?: string; retryAfter?: number; path?: string }[] = [];
  const requests: FakeYoutubeRequest[] = [];
  const callCount = new Map<string, number>();
  const subscriptions = new Map<string, { callback: string; secret: string | null }>();

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, code: number, reason: string, message: string, headers: Record<string, string> = {}) =>
    send(res, code, { error: { code, message, errors: [{ message, domain: reason === 'quotaExceeded' ? 'youtube.quota' : 'global', reason }] } }, headers);

  const channelFeed = (channelId: string, only?: string) => {
    const list = [...videos.values()]
      .filter((v) => v.channelId === channelId && (!only || v.id === only))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, 15);
    const title = channels.get(channelId)?.title ?? channelId;
    const entries = list
      .map(
        (v) => `<entry><id>yt:video:${v.id}</id><yt:videoId>${v.id}</yt:videoId><yt:channelId>${channelId}</yt:channelId>
<title>${xml(v.title)}</title><link rel="alternate" href="https://www.youtube.com/watch?v=${v.id}"/>
<author><name>${xml(title)}</name></author><published>${v.publishedAt}</published><updated>${v.publishedAt}</updated>
<media:group><media:title>${xml(v.title)}</media:title><media:description>${xml(v.description ?? '')}</media:description></media:group></entry>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
<title>${xml(title)}</title><yt:channelId>${channelId}</yt:channelId>
${entries}
</feed>`;
  };

  const searchList = (q: Record<string, string>) => {
    const after = q.publishedAfter ? Date.parse(q.publishedAfter) : null;
    const list = [...videos.values()]
      .filter((v) => (after === null || Date.parse(v.publishedAt) > after) && fakeMatches(q.q ?? '', `${v.title} ${v.description ?? ''}`))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    const size = Math.min(50, Math.max(0, Number(q.maxResults ?? 5)));
    const offset = q.pageToken ? Number(Buffer.from(q.pageToken, 'base64url').toString()) || 0 : 0;
    const page = list.slice(offset, offset + size);
    const next = offset + size < list.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
    return {
      kind: 'youtube#searchListResponse',
      etag: 'e',
      ...(next ? { nextPageToken: next } : {}),
      pageInfo: { totalResults: list.length, resultsPerPage: size },
      items: page.map((v) => ({
        kind: 'youtube#searchResult',
        id: { kind: 'youtube#video', videoId: v.id },
        snippet: {
          publishedAt: v.publishedAt,
          channelId: v.channelId,
          title: v.title,
          description: (v.description ?? '').slice(0, 160),
          channelTitle: channels.get(v.channelId)?.title ?? '',
          liveBroadcastContent: 'none',
          publishTime: v.publishedAt,
          thumbnails: { default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg` }, medium: { url: `https://i.ytimg.com/vi/${v.id}/mqdefault.jpg` } },
        },
      })),
    };
  };

  const videoItem = (v: FakeYoutubeVideo) => {
    const statistics: Record<string, string> = {};
    if (v.views !== null) statistics.viewCount = String(v.views ?? 0);
    if (v.likes !== null && v.likes !== undefined) statistics.likeCount = String(v.likes);
    if (v.comments !== null && v.comments !== undefined) statistics.commentCount = String(v.comments);
    return {
      kind: 'youtube#video',
      id: v.id,
      snippet: {
        publishedAt: v.publishedAt,
        channelId: v.channelId,
        title: v.title,
        description: v.description ?? '',
        channelTitle: channels.get(v.channelId)?.title ?? '',
        liveBroadcastContent: 'none',
        ...(v.language ? { defaultAudioLanguage: v.language } : {}),
        thumbnails: { medium: { url: `https://i.ytimg.com/vi/${v.id}/mqdefault.jpg` } },
      },
      statistics,
    };
  };

  const channelItem = (c: FakeYoutubeChannel) => ({
    kind: 'youtube#channel',
    id: c.id,
    snippet: {
      title: c.title,
      description: '',
      customUrl: c.customUrl ?? `@${c.title.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      ...(c.country ? { country: c.country } : {}),
      thumbnails: { default: { url: `https://yt3.ggpht.example/${c.id}.jpg` } },
    },
    statistics: { viewCount: '1000', subscriberCount: c.hidden ? '0' : String(c.subscribers ?? 0), hiddenSubscriberCount: !!c.hidden, videoCount: '10' },
  });

  const api = (path: string, q: Record<string, string>, res: http.ServerResponse) => {
    callCount.set(path, (callCount.get(path) ?? 0) + 1);
    const failIndex = failures.findIndex((f) => !f.path || f.path === path);
    if (failIndex >= 0) {
      const f = failures.splice(failIndex, 1)[0];
      return error(
        res,
        f.status,
        f.reason ?? (f.status === 429 ? 'rateLimitExceeded' : 'backendError'),
        'Fake failure',
        f.retryAfter !== undefined ? { 'retry-after': String(f.retryAfter) } : {},
      );
    }
    if (q.key !== apiKey)
      return send(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' }],
        },
      });
    const bucket: FakeBucket = path === '/search' ? 'search' : 'default';
    const cost = costs[path] ?? 1;
    if (used[bucket] + cost > limits[bucket])
      return error(
        res,
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      );
    used[bucket] += cost;
    if (path === '/search') {
      if (!q.part) return error(res, 400, 'missingRequiredParameter', 'No filter selected.');
      return send(res, 200, searchList(q));
    }
    const ids = (q.id ?? '').split(',').filter(Boolean);
    if (ids.length > 50) return error(res, 400, 'badRequest', 'Too many ids');
    if (path === '/videos')
      return send(res, 200, {
        kind: 'youtube#videoListResponse',
        items: ids
          .map((id) => videos.get(id))
          .filter(Boolean)
          .map((v) => videoItem(v!)),
      });
    return send(res, 200, {
      kind: 'youtube#channelListResponse',
      items: ids
        .map((id) => channels.get(id))
        .filter(Boolean)
        .map((c) => channelItem(c!)),
    });
  };

  const hub = async (body: string, res: http.ServerResponse) => {
    const form = new URLSearchParams(body);
    const callback = form.get('hub.callback');
    const topic = form.get('hub.topic');
    const mode = form.get('hub.mode') ?? 'subscribe';
    if (!callback || !topic) {
      res.writeHead(400).end('hub.callback and hub.topic are required');
      return;
    }
    res.writeHead(202).end();
    // Verification of intent happens after the 202, as a real hub does.
    const challenge = randomBytes(8).toString('hex');
    const url = new URL(callback);
    url.searchParams.set('hub.mode', mode);
    url.searchParams.set('hub.topic', topic);
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.lease_seconds', '432000');
    try {
      const answer = await fetch(url);
      if (answer.ok && (await answer.text()) === challenge) {
        if (mode === 'subscribe') subscriptions.set(topic, { callback, secret: form.get('hub.secret') });
        else subscriptions.delete(topic);
      }
    } catch {
      // The subscriber could not be reached: no subscription.
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = url.pathname;
      if (path.startsWith('/api/')) return api(path.slice(4), query, res);
      if (path === '/feeds/videos.xml') {
        callCount.set('/feeds', (callCount.get('/feeds') ?? 0) + 1);
        const channelId = query.channel_id ?? '';
        if (!channels.has(channelId)) {
          res.writeHead(404).end();
          return;
        }
        const text = channelFeed(channelId);
        const etag = `"${createHash('sha1').update(text).digest('hex').slice(0, 16)}"`;
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, { etag }).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/atom+xml; charset=UTF-8', etag });
        res.end(text);
        return;
      }
      if (path === '/hub' && req.method === 'POST') return void hub(Buffer.concat(chunks).toString(), res);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${base}/api`;
  const feedsUrl = base;
  const hubUrl = `${base}/hub`;

  return {
    apiUrl,
    feedsUrl,
    hubUrl,
    apiKey,
    env: { YOUTUBE_API_KEY: apiKey, YOUTUBE_API_URL: apiUrl, YOUTUBE_FEEDS_URL: feedsUrl, YOUTUBE_WEBSUB_HUB: hubUrl },
    requests,
    quota: {
      setLimit: (bucket, n) => void (limits[bucket] = n),
      used: (bucket) => used[bucket],
      reset: () => {
        used.search = 0;
        used.default = 0;
      },
    },
    addVideo: (v) => void videos.set(v.id, v),
    addChannel: (c) => void channels.set(c.id, c),
    setStats: (id, stats) => {
      const v = videos.get(id);
      if (!v) throw new Error(`fake YouTube: no video ${id}`);
      videos.set(id, { ...v, ...stats });
    },
    removeVideo: (id) => void videos.delete(id),
    failNext: (status, o = {}) => void failures.push({ status, ...o }),
    subscriptions,
    calls: (path) => callCount.get(path) ?? 0,
    async push(channelId, o = {}) {
      const statuses: number[] = [];
      const body = channelFeed(channelId, o.videoId);
      for (const [topic, sub] of subscriptions) {
        if (!topic.endsWith(`channel_id=${channelId}`)) continue;
        const secret = o.secret ?? sub.secret;
        const headers: Record<string, string> = { 'content-type': 'application/atom+xml' };
        if (secret) headers['x-hub-signature'] = `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
        const res = await fetch(sub.callback, { method: 'POST', headers, body });
        statuses.push(res.status);
      }
      return statuses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
