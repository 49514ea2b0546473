import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Steam (shared/reference/third-party-apis.md §17), for tests and the bench — both hosts in
 * one server, the Web API at `apiUrl` and the store at `storeUrl`:
 *
 * - `GET {apiUrl}/ISteamNews/GetNewsForApp/v2/?appid=N&count=C&maxlength=L&format=json` →
 *   `{"appnews": {"appid", "count", "newsitems": [...]}}`, newest first, at most `count`; contents cut
 *   to `maxlength` (0 = whole). An unknown app → 403 (an HTML page), as the Web API answers.
 * - `GET {storeUrl}/appreviews/N?json=1&filter=recent&cursor=…&num_per_page=P&language=all&purchase_type=all` →
 *   `{"success": 1, "query_summary": {...} (first page only), "reviews": [...], "cursor": "…"}` newest
 *   first, paged with an opaque cursor (base64 with `+`, `/`, `=` so a client must URL-encode it); past
 *   the last review, an empty list and the same cursor. An unknown app → success 1, no reviews.
 * - `GET {storeUrl}/api/appdetails?appids=N` → `{"N": {"success": true, "data": {"name", …}}}`, or
 *   `{"N": {"success": false}}` for an unknown app.
 * - `GET {storeUrl}/news/externalpost/{feed}/{gid}` → 302 to the press item's outlet address (the
 *   redirect a press item's `url` goes through).
 * - More than `rateLimit.max` requests within `rateLimit.windowMs` → 429 (`throttle: 'html'` answers an
 *   HTML page with 200 instead, as the store sometimes does). Faults: `failNext('malformed' | 'server_error' | 'html')`.
 */
export interface FakeSteamNews {
  gid: string;
  title: string;
  /** The post's address; a press item's is `{storeUrl}/news/externalpost/{feedname}/{gid}` when `outletUrl` is set. */
  url?: string;
  /** A press item: where Steam's external-post address redirects. */
  outletUrl?: string;
  contents?: string;
  author?: string;
  feedlabel?: string;
  feedname?: string;
  feed_type?: number;
  date: Date;
}

export interface FakeSteamReview {
  id: string;
  created: Date;
  votedUp: boolean;
  language?: string;
}

export interface FakeSteamApp {
  appId: number;
  name: string;
  news: FakeSteamNews[];
  reviews: FakeSteamReview[];
  /** The all-time summary (defaults to the counts of `reviews`). */
  summary?: { total_positive: number; total_negative: number; review_score_desc: string };
}

export type FakeSteamFault = 'malformed' | 'server_error' | 'html';

export interface FakeSteam {
  apiUrl: string;
  storeUrl: string;
  apps: Map<number, FakeSteamApp>;
  requests: { path: string; params: Record<string, string>; status: number }[];
  rateLimit: { max: number; windowMs: number } | null;
  throttle: '429' | 'html';
  failNext(fault: FakeSteamFault, times?: number): void;
  /** Adds (or replaces) an app. */
  addApp(app: FakeSteamApp): void;
  close(): Promise<void>;
}

const encodeCursor = (offset: number) => Buffer.from(`page+/${offset}=`).toString('base64') + '+/=';
function decodeCursor(c: string): number | null {
  if (c === '*') return 0;
  if (!c.endsWith('+/=')) return null;
  const m = /^page\+\/(\d+)=$/.exec(Buffer.from(c.slice(0, -3), 'base64').toString('utf8'));
  return m ? Number(m[1]) : null;
}

export async function startFakeSteam(): Promise<FakeSteam> {
  const faults: FakeSteamFault[] = [];
  const stamps: number[] = [];
  let base = '';
  const fake: FakeSteam = {
    apiUrl: '',
    storeUrl: '',
    apps: new Map(),
    requests: [],
    rateLimit: null,
    throttle: '429',
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    addApp(app) {
      fake.apps.set(app.appId, app);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const html = (res: http.ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html><body><h1>${text}</h1></body></html>`);
  };

  const newsItem = (app: FakeSteamApp, n: FakeSteamNews, maxLength: number) => {
    const contents = n.contents ?? `${n.title}. More about it.`;
    return {
      gid: n.gid,
      title: n.title,
      url: n.outletUrl
        ? `${base}/store/news/externalpost/${n.feedname ?? 'press'}/${n.gid}`
        : (n.url ?? `https://store.steampowered.com/news/app/${app.appId}/view/${n.gid}`),
      is_external_url: Boolean(n.outletUrl),
      author: n.author ?? '',
      contents: maxLength > 0 ? contents.slice(0, maxLength) : contents,
      feedlabel: n.feedlabel ?? 'Community Announcements',
      date: Math.floor(n.date.getTime() / 1000),
      feedname: n.feedname ?? 'steam_community_announcements',
      feed_type: n.feed_type ?? (n.outletUrl ? 0 : 1),
      appid: app.appId,
    };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const record = (status: number) => fake.requests.push({ path: url.pathname, params, status });
    const now = Date.now();
    if (fake.rateLimit) {
      while (stamps.length && stamps[0] <= now - fake.rateLimit.windowMs) stamps.shift();
      if (stamps.length >= fake.rateLimit.max) {
        record(429);
        if (fake.throttle === 'html') return html(res, 200, 'Access Denied');
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '60' });
        return res.end('Too Many Requests');
      }
      stamps.push(now);
    }
    const fault = faults.shift();
    if (fault === 'server_error') {
      record(500);
      return html(res, 500, 'Internal Server Error');
    }
    if (fault === 'html') {
      record(200);
      return html(res, 200, 'Please try again later');
    }
    if (fault === 'malformed') {
      record(200);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"appnews": {"newsitems": [');
    }

    let m: RegExpExecArray | null;
    if (url.pathname === '/api/ISteamNews/GetNewsForApp/v2/') {
      const app = fake.apps.get(Number(params.appid));
      if (!app) {
        record(403);
        return html(res, 403, 'Forbidden');
      }
      const count = Math.max(1, Math.min(500, Number(params.count ?? 20) || 20));
      const items = [...app.news].sort((a, b) => b.date.getTime() - a.date.getTime()).slice(0, count);
      record(200);
      return json(res, 200, {
        appnews: { appid: app.appId, count: app.news.length, newsitems: items.map((n) => newsItem(app, n, Number(params.maxlength ?? 0) || 0)) },
      });
    }
    if ((m = /^\/store\/appreviews\/(\d+)$/.exec(url.pathname))) {
      const app = fake.apps.get(Number(m[1]));
      const offset = decodeCursor(params.cursor ?? '*');
      if (offset === null) {
        record(200);
        return json(res, 200, { success: 2 });
      }
      const per = Math.max(1, Math.min(100, Number(params.num_per_page ?? 20) || 20));
      const all = app ? [...app.reviews].sort((a, b) => b.created.getTime() - a.created.getTime()) : [];
      const page = all.slice(offset, offset + per);
      const positive = all.filter((r) => r.votedUp).length;
      const summary = app?.summary ?? {
        total_positive: positive,
        total_negative: all.length - positive,
        review_score_desc: all.length ? 'Mostly Positive' : 'No user reviews',
      };
      record(200);
      return json(res, 200, {
        success: 1,
        ...(offset === 0
          ? {
              query_summary: {
                num_reviews: page.length,
                review_score: 7,
                review_score_desc: summary.review_score_desc,
                total_positive: summary.total_positive,
                total_negative: summary.total_negative,
                total_reviews: summary.total_positive + summary.total_negative,
              },
            }
          : {}),
        reviews: page.map((r) => ({
          recommendationid: r.id,
          author: { steamid: '76561198012345678', num_games_owned: 10, num_reviews: 1, playtime_forever: 100 },
          language: r.language ?? 'english',
          review: 'A review',
          timestamp_created: Math.floor(r.created.getTime() / 1000),
          timestamp_updated: Math.floor(r.created.getTime() / 1000),
          voted_up: r.votedUp,
          votes_up: 0,
          votes_funny: 0,
          weighted_vote_score: '0',
          comment_count: 0,
          steam_purchase: true,
          received_for_free: false,
          written_during_early_access: false,
        })),
        cursor: encodeCursor(offset + page.length),
      });
    }
    if (url.pathname === '/store/api/appdetails') {
      const id = Number(params.appids);
      const app = fake.apps.get(id);
      record(200);
      return json(res, 200, { [String(params.appids)]: app ? { success: true, data: { type: 'game', name: app.name, steam_appid: id } } : { success: false } });
    }
    if ((m = /^\/store\/news\/externalpost\/[^/]+\/([^/]+)$/.exec(url.pathname))) {
      const item = [...fake.apps.values()].flatMap((a) => a.news).find((n) => n.gid === m![1] && n.outletUrl);
      record(item ? 302 : 404);
      if (!item) return html(res, 404, 'Not Found');
      res.writeHead(302, { location: item.outletUrl });
      return res.end();
    }
    record(404);
    html(res, 404, 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiUrl = `${base}/api`;
  fake.storeUrl = `${base}/store`;
  return fake;
}
