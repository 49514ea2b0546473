/**
 * A small Steam client (shared/reference/third-party-apis.md §17): an app's news
 * (ISteamNews/GetNewsForApp/v2 on the Web API), its reviews (the store's appreviews endpoint) and
 * its store details (appdetails, for the name and whether the app exists), through the server's
 * one outgoing HTTP path (server/net/http-client.ts: SSRF guard, deadline, size cap). No key is
 * needed. Base URLs come from configuration (STEAM_API_URL, STEAM_STORE_URL) so tests run against a
 * local fake; pacing is the caller's (server/net/pacer.ts).
 */
import { FetchError, fetchUrl } from '../../net/http-client.js';

export interface SteamSettings {
  apiUrl: string;
  storeUrl: string;
  allowPrivate?: boolean;
  userAgent?: string;
  timeoutMs?: number;
}

export type SteamErrorKind = 'rate_limited' | 'not_found' | 'malformed' | 'unreachable';

/** An answer Steam did not give as asked; `message` is shown to the people who follow the app. */
export class SteamError extends Error {
  constructor(
    readonly kind: SteamErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SteamError';
  }
}

export interface SteamNewsItem {
  gid: string;
  title: string;
  url: string;
  isExternal: boolean;
  author: string | null;
  /** A blurb of the post (HTML or BBCode as Steam wrote it, cut to `maxLength`). */
  contents: string;
  feedLabel: string | null;
  feedName: string | null;
  /** 1: a Steam community announcement (the developer's own post). */
  feedType: number | null;
  date: Date;
}

export interface SteamReviewSummary {
  totalReviews: number;
  totalPositive: number;
  totalNegative: number;
  reviewScoreDesc: string | null;
}

export interface SteamReview {
  /** recommendationid: a 64-bit number, kept as text. */
  id: string;
  createdAt: Date;
  votedUp: boolean;
}

export interface SteamReviewPage {
  /** Only with the first page (cursor `*`). */
  summary: SteamReviewSummary | null;
  reviews: SteamReview[];
  /** The next page's cursor; null when Steam sent none. */
  cursor: string | null;
}

/** The store's feed name of the developer's own announcements. */
export const ANNOUNCEMENTS_FEED = 'steam_community_announcements';
/** Reviews a page (Steam's maximum). */
export const REVIEWS_PER_PAGE = 100;
const MAX_BYTES = 4 * 1024 * 1024;
const MESSAGE_CHARS = 200;

function join(base: string, path: string): string {
  let end = base.length;
  while (end > 0 && base[end - 1] === '/') end--;
  return `${base.slice(0, end)}${path}`;
}

/** Steam's throttling is a 429, or an HTML page where JSON was asked for. */
function looksThrottled(body: string): boolean {
  return /^\s*</.test(body) || /too many requests|rate limit|access denied/i.test(body.slice(0, 2000));
}

async function getJson(settings: SteamSettings, url: string, what: string): Promise<unknown> {
  let body: string;
  try {
    const res = await fetchUrl(url, {
      accept: 'application/json',
      allowPrivate: settings.allowPrivate,
      userAgent: settings.userAgent,
      timeoutMs: settings.timeoutMs ?? 20_000,
      maxBytes: MAX_BYTES,
      hostConcurrency: 1,
    });
    body = res.body.toString('utf8');
  } catch (err) {
    if (err instanceof FetchError && err.code === 'http_status' && err.status === 429)
      throw new SteamError('rate_limited', `Steam asked us to slow down (429) while reading ${what}.`, err.retryAfterSeconds);
    if (err instanceof FetchError && err.code === 'http_status' && (err.status === 403 || err.status === 404))
      throw new SteamError('not_found', `Steam answered ${err.status} for ${what}.`);
    if (err instanceof FetchError && err.code === 'too_large') throw new SteamError('malformed', `Steam answered with more than 4 MB for ${what}.`);
    if (err instanceof FetchError) throw new SteamError('unreachable', `Steam could not be reached for ${what}: ${err.message}`.slice(0, 300));
    throw err;
  }
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) throw new SteamError('malformed', `Steam answered ${what} with an empty body.`);
  if (looksThrottled(text)) throw new SteamError('rate_limited', `Steam answered ${what} with a page instead of data (throttled).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new SteamError('malformed', `Steam answered ${what} with JSON that could not be read.`);
  }
}

const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null);

export function newsUrl(settings: Pick<SteamSettings, 'apiUrl'>, appId: number, opts: { count: number; maxLength: number }): string {
  const u = new URL(join(settings.apiUrl, '/ISteamNews/GetNewsForApp/v2/'));
  u.searchParams.set('appid', String(appId));
  u.searchParams.set('count', String(opts.count));
  u.searchParams.set('maxlength', String(opts.maxLength));
  u.searchParams.set('format', 'json');
  return u.href;
}

/** Reads a GetNewsForApp answer (v2: arrays without element names). */
export function parseNews(json: unknown): SteamNewsItem[] {
  const appnews = obj(obj(json)?.appnews);
  if (!appnews) throw new SteamError('malformed', 'Steam answered the news without an `appnews` object.');
  const items = appnews.newsitems;
  if (items === undefined) return [];
  if (!Array.isArray(items)) throw new SteamError('malformed', 'Steam answered the news with a `newsitems` that is not a list.');
  const out: SteamNewsItem[] = [];
  for (const raw of items) {
    const n = obj(raw);
    const date = int(n?.date);
    const gid = str(n?.gid);
    const url = str(n?.url);
    if (!n || !gid || !url || date === null || !/^https?:\/\//i.test(url)) continue;
    out.push({
      gid,
      title: str(n.title).trim().slice(0, 500) || '(untitled)',
      url,
      isExternal: n.is_external_url === true,
      author: str(n.author) || null,
      contents: str(n.contents),
      feedLabel: str(n.feedlabel) || null,
      feedName: str(n.feedname) || null,
      feedType: int(n.feed_type),
      date: new Date(date * 1000),
    });
  }
  return out;
}

/** The app's latest news items, newest first. */
export async function getNewsForApp(settings: SteamSettings, appId: number, opts: { count?: number; maxLength?: number } = {}): Promise<SteamNewsItem[]> {
  const json = await getJson(settings, newsUrl(settings, appId, { count: opts.count ?? 50, maxLength: opts.maxLength ?? 400 }), `the news of app ${appId}`);
  return parseNews(json);
}

export function reviewsUrl(settings: Pick<SteamSettings, 'storeUrl'>, appId: number, cursor: string): string {
  const u = new URL(join(settings.storeUrl, `/appreviews/${appId}`));
  u.searchParams.set('json', '1');
  // `recent` (by creation time) pages to the end with the cursor; every language and purchase type,
  // so the totals are the store page's. Review bombs stay excluded (Steam's default).
  u.searchParams.set('filter', 'recent');
  u.searchParams.set('language', 'all');
  u.searchParams.set('purchase_type', 'all');
  u.searchParams.set('num_per_page', String(REVIEWS_PER_PAGE));
  u.searchParams.set('cursor', cursor);
  return u.href;
}

export function parseReviews(json: unknown): SteamReviewPage {
  const o = obj(json);
  if (!o) throw new SteamError('malformed', 'Steam answered the reviews with something other than an object.');
  if (o.success !== 1 && o.success !== true) throw new SteamError('not_found', 'Steam did not answer the reviews (success is not 1).');
  const q = obj(o.query_summary);
  const totalReviews = int(q?.total_reviews);
  const summary: SteamReviewSummary | null =
    q && totalReviews !== null
      ? {
          totalReviews,
          totalPositive: int(q.total_positive) ?? 0,
          totalNegative: int(q.total_negative) ?? 0,
          reviewScoreDesc: str(q.review_score_desc).slice(0, MESSAGE_CHARS) || null,
        }
      : null;
  const list = Array.isArray(o.reviews) ? o.reviews : [];
  const reviews: SteamReview[] = [];
  for (const raw of list) {
    const r = obj(raw);
    const id = str(r?.recommendationid);
    const created = int(r?.timestamp_created);
    if (!r || !/^\d{1,19}$/.test(id) || created === null || typeof r.voted_up !== 'boolean') continue;
    reviews.push({ id, createdAt: new Date(created * 1000), votedUp: r.voted_up });
  }
  const cursor = typeof o.cursor === 'string' && o.cursor ? o.cursor : null;
  return { summary, reviews, cursor };
}

/** One page of the app's reviews, newest first (cursor `*` for the first page). */
export async function getReviewPage(settings: SteamSettings, appId: number, cursor = '*'): Promise<SteamReviewPage> {
  return parseReviews(await getJson(settings, reviewsUrl(settings, appId, cursor), `the reviews of app ${appId}`));
}

/** The store's name of the app; SteamError `not_found` when the store has no such app (or hides it here). */
export async function getAppDetails(settings: SteamSettings, appId: number): Promise<{ name: string }> {
  const u = new URL(join(settings.storeUrl, '/api/appdetails'));
  u.searchParams.set('appids', String(appId));
  const json = obj(await getJson(settings, u.href, `the store page of app ${appId}`));
  if (!json) throw new SteamError('rate_limited', `Steam answered the store page of app ${appId} with nothing (throttled).`);
  const entry = obj(json[String(appId)]);
  if (!entry) throw new SteamError('malformed', `Steam answered the store page of another app than ${appId}.`);
  if (entry.success !== true) throw new SteamError('not_found', `Steam's store has no app ${appId} (or does not show it in this region).`);
  const name = str(obj(entry.data)?.name).trim();
  return { name: name.slice(0, 200) || `App ${appId}` };
}
