/**
 * Reading Steam (issue 31 item 2; docs/sources.md "Steam"): every app some active project names is
 * read once for all of them — its store name (appdetails, which also tells an unknown app), its
 * news (GetNewsForApp: the developer's announcements are chart events; press items that link out
 * are followed through Steam's redirect and stored as articles of their outlet) and its reviews
 * (appreviews, newest first: one row per review, so a page read twice counts nothing twice). One
 * request at a time at STEAM_INTERVAL_SECONDS; a 429 or a throttling page pauses the app
 * (`rate_limited`) and ends the tick; other failures back off per app, 5 minutes doubling to 6 hours.
 */
import type { Logger } from 'pino';
import { FEED_TYPES } from '../../../common/schemas/website-feeds.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  ANNOUNCEMENTS_FEED,
  SteamError,
  getAppDetails,
  getNewsForApp,
  getReviewPage,
  type SteamNewsItem,
  type SteamReviewPage,
  type SteamSettings,
} from '../../integrations/steam/client.js';
import { FetchError, fetchUrl } from '../../net/http-client.js';
import { processPacer, realClock, type Clock, type Pacer } from '../../net/pacer.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';
import { dueApps, markResolved, markWantedApps, pruneReviews, unresolvedPress, updateApp, upsertNews, upsertReviews, type AppRow } from './repo.js';

export interface SteamDeps {
  db: Db;
  config: Pick<Config, 'steam' | 'allowPrivateNetwork' | 'crawler'>;
  log?: Logger;
  clock?: Clock;
  pacer?: Pacer;
}

export const NEWS_EVERY_MS = 30 * 60_000;
export const REVIEWS_EVERY_MS = 60 * 60_000;
/** An app no active project has named for this long is no longer read (its rows stay for reports). */
export const WANTED_WITHIN_MS = 7 * 86_400_000;
/** How far back the first read of an app's reviews goes, and how long review rows are kept. */
export const REVIEW_DAYS = 90;
export const KEEP_REVIEWS_DAYS = 400;
/** Review pages (100 each) one read of one app may take; a first read that needs more goes on next time. */
export const REVIEW_PAGES_PER_READ = 20;
/** News items asked for (newest first) and the blurb length kept. */
export const NEWS_COUNT = 50;
/** Press items followed to their outlet per app and read. */
export const PRESS_PER_READ = 10;
export const TICK_BUDGET_MS = 55_000;
const BACKOFF_MIN_MS = 5 * 60_000;
const BACKOFF_MAX_MS = 6 * 3600_000;

const now = (deps: SteamDeps) => new Date((deps.clock ?? realClock).now());
const settingsOf = (deps: SteamDeps): SteamSettings => ({
  apiUrl: deps.config.steam.apiUrl,
  storeUrl: deps.config.steam.storeUrl,
  allowPrivate: deps.config.allowPrivateNetwork,
  userAgent: deps.config.crawler.userAgent,
});

/** The developer's own post: Steam's community announcements feed (feed_type 1). */
export const isAnnouncement = (n: Pick<SteamNewsItem, 'feedName' | 'feedType'>) => n.feedName === ANNOUNCEMENTS_FEED || n.feedType === 1;

export interface AppReadResult {
  outcome: 'ok' | 'not_found' | 'rate_limited' | 'error';
  requests: number;
  news: number;
  reviews: number;
  articles: number;
}

const PRESS_FEED: IngestFeed = { id: null, type: FEED_TYPES.googleAlerts, language: null, website: null };

/** Reads one app: details when never read (or weekly), news and reviews when due. Never throws for Steam's answers. */
export async function readApp(deps: SteamDeps, app: AppRow, opts: { force?: boolean } = {}): Promise<AppReadResult> {
  const { db } = deps;
  const pacer = deps.pacer ?? processPacer('steam', deps.config.steam.intervalMs);
  const settings = settingsOf(deps);
  const result: AppReadResult = { outcome: 'ok', requests: 0, news: 0, reviews: 0, articles: 0 };
  const call = <T>(fn: () => Promise<T>) => {
    result.requests++;
    return pacer.run(fn);
  };
  const at = now(deps);
  try {
    if (!app.detailsCheckedAt || app.state === 'not_found' || at.getTime() - app.detailsCheckedAt.getTime() > 7 * 86_400_000) {
      try {
        const details = await call(() => getAppDetails(settings, app.appId));
        await updateApp(db, app.appId, { name: details.name, detailsCheckedAt: at });
        app.name = details.name;
      } catch (err) {
        if (err instanceof SteamError && err.kind === 'not_found') {
          await updateApp(db, app.appId, { state: 'not_found', message: err.message, detailsCheckedAt: at, retryAt: null, failures: 0 });
          return { ...result, outcome: 'not_found' };
        }
        throw err;
      }
    }
    if (opts.force || !app.newsCheckedAt || at.getTime() - app.newsCheckedAt.getTime() >= NEWS_EVERY_MS) {
      const items = await call(() => getNewsForApp(settings, app.appId, { count: NEWS_COUNT, maxLength: 400 }));
      const fresh = await upsertNews(
        db,
        app.appId,
        items.map((n) => ({ ...n, announcement: isAnnouncement(n) })),
      );
      result.news = fresh.size;
      result.articles = await followPress(deps, app.appId, items, call);
      await updateApp(db, app.appId, { newsCheckedAt: now(deps) });
    }
    if (opts.force || !app.reviewsCheckedAt || at.getTime() - app.reviewsCheckedAt.getTime() >= REVIEWS_EVERY_MS) {
      result.reviews = await readReviews(deps, app, call);
    }
    await updateApp(db, app.appId, { state: 'ok', message: null, retryAt: null, failures: 0 });
    return result;
  } catch (err) {
    if (!(err instanceof SteamError)) throw err;
    const failures = app.failures + 1;
    const wait =
      err.kind === 'rate_limited' && err.retryAfterSeconds
        ? Math.max(err.retryAfterSeconds * 1000, BACKOFF_MIN_MS)
        : Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (failures - 1));
    const state = err.kind === 'rate_limited' ? 'rate_limited' : 'error';
    await updateApp(db, app.appId, { state, message: err.message, retryAt: new Date(now(deps).getTime() + wait), failures });
    deps.log?.warn({ job: 'steam', appId: app.appId, kind: err.kind, error: err.message }, 'Steam read failed');
    return { ...result, outcome: state };
  }
}

/**
 * Press items (not the developer's, linking out): Steam's address redirects to the outlet's
 * article; the address reached is stored as an article of its outlet, through the crawler's
 * ingest (de-duplicated with any feed copy by URL key, matched against every alert as a feed item
 * is, "found via Steam"). An item whose address does not lead anywhere is marked and not retried.
 */
async function followPress(deps: SteamDeps, appId: number, items: SteamNewsItem[], call: <T>(fn: () => Promise<T>) => Promise<T>): Promise<number> {
  const { db } = deps;
  const pending = await unresolvedPress(db, appId, PRESS_PER_READ);
  if (!pending.length) return 0;
  const blurbs = new Map(items.map((i) => [i.gid, i.contents]));
  let stored = 0;
  for (const item of pending) {
    let target: string | null = null;
    try {
      // The outlet's page is read for its address only (redirects followed, a small body cap).
      const res = await call(() =>
        fetchUrl(item.url, {
          allowPrivate: deps.config.allowPrivateNetwork,
          userAgent: deps.config.crawler.userAgent,
          timeoutMs: 15_000,
          maxBytes: 2 * 1024 * 1024,
          accept: 'text/html,application/xhtml+xml',
        }),
      );
      target = res.url;
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      // A 404 or a refused address: the item stays without an article.
    }
    const at = now(deps);
    if (target && !/steampowered\.com|steamstatic\.com|akamaihd\.net/i.test(new URL(target).hostname)) {
      const res = await ingestItems(
        db,
        PRESS_FEED,
        [{ url: target, title: item.title, description: stripMarkup(blurbs.get(item.gid) ?? ''), published: item.publishedAt }],
        at,
        'steam',
      );
      stored += res.added;
      await markResolved(db, appId, item.gid, target, at);
    } else {
      await markResolved(db, appId, item.gid, null, at);
    }
  }
  return stored;
}

/** HTML and BBCode out of a news blurb, without a regular expression that could backtrack. */
export function stripMarkup(text: string): string {
  let out = '';
  let close: string | null = null;
  for (const ch of text) {
    if (close) {
      if (ch === close) {
        close = null;
        out += ' ';
      }
    } else if (ch === '<' || ch === '[') close = ch === '<' ? '>' : ']';
    else out += ch;
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, 1000);
}

/**
 * The app's reviews, newest first: until a page reaches the newest review already stored (or,
 * on the first read, REVIEW_DAYS back), at most REVIEW_PAGES_PER_READ pages; a first read cut short
 * keeps its cursor and goes on from there next time. Returns the reviews read.
 */
async function readReviews(deps: SteamDeps, app: AppRow, call: <T>(fn: () => Promise<T>) => Promise<T>): Promise<number> {
  const { db } = deps;
  const settings = settingsOf(deps);
  const at = now(deps);
  const horizon = new Date(at.getTime() - REVIEW_DAYS * 86_400_000);
  let pages = 0;
  let read = 0;
  let newest = app.newestReviewAt;
  let oldest: Date | null = null;
  let complete = false;

  // 1. What is new since the last read (everything back to the horizon on the first).
  const stopAt = app.newestReviewAt ?? horizon;
  let cursor: string | null = '*';
  let reachedStop = false;
  while (cursor && pages < REVIEW_PAGES_PER_READ) {
    const from: string = cursor;
    const page: SteamReviewPage = await call(() => getReviewPage(settings, app.appId, from));
    pages++;
    if (page.summary) await updateApp(db, app.appId, { summary: page.summary });
    const kept = page.reviews.filter((r) => r.createdAt >= horizon);
    await upsertReviews(db, app.appId, kept);
    read += kept.length;
    for (const r of page.reviews) {
      if (!newest || r.createdAt > newest) newest = r.createdAt;
      if (!oldest || r.createdAt < oldest) oldest = r.createdAt;
    }
    if (page.reviews.length === 0 || !page.cursor || page.cursor === from) {
      complete = true;
      break;
    }
    if (page.reviews.some((r) => r.createdAt <= stopAt)) {
      reachedStop = true;
      break;
    }
    cursor = page.cursor;
  }
  const set: Parameters<typeof updateApp>[2] = { reviewsCheckedAt: now(deps), newestReviewAt: newest };
  if (!app.newestReviewAt) {
    // The first read: how far back the figures go.
    if (complete) set.reviewsSince = null;
    else if (reachedStop) set.reviewsSince = horizon;
    else {
      set.reviewsSince = oldest;
      set.backfillCursor = cursor;
    }
  } else if (app.backfillCursor && pages < REVIEW_PAGES_PER_READ) {
    // 2. A first read cut short goes on where it stopped.
    let back: string | null = app.backfillCursor;
    let since = app.reviewsSince;
    let done = false;
    while (back && pages < REVIEW_PAGES_PER_READ) {
      const from: string = back;
      const page: SteamReviewPage = await call(() => getReviewPage(settings, app.appId, from));
      pages++;
      const kept = page.reviews.filter((r) => r.createdAt >= horizon);
      await upsertReviews(db, app.appId, kept);
      read += kept.length;
      for (const r of page.reviews) if (!since || r.createdAt < since) since = r.createdAt;
      if (page.reviews.length === 0 || !page.cursor || page.cursor === from) {
        done = true;
        since = null;
        break;
      }
      if (page.reviews.some((r) => r.createdAt < horizon)) {
        done = true;
        since = horizon;
        break;
      }
      back = page.cursor;
    }
    set.backfillCursor = done ? null : back;
    set.reviewsSince = since;
  }
  await updateApp(db, app.appId, set);
  return read;
}

export interface SteamTickResult {
  enabled: boolean;
  read: number;
  requests: number;
  rateLimited: boolean;
}

/** The minute's job: apps named by projects get their rows; due apps are read one at a time within the tick's budget. */
export async function runSteamTick(deps: SteamDeps, opts: { budgetMs?: number } = {}): Promise<SteamTickResult> {
  const { db, config } = deps;
  const result: SteamTickResult = { enabled: config.steam.enabled, read: 0, requests: 0, rateLimited: false };
  if (!config.steam.enabled) return result;
  const clock = deps.clock ?? realClock;
  const started = clock.now();
  const at = new Date(started);
  await markWantedApps(db, at);
  await pruneReviews(db, new Date(started - KEEP_REVIEWS_DAYS * 86_400_000));
  const budget = opts.budgetMs ?? TICK_BUDGET_MS;
  const due = await dueApps(db, at, { newsEveryMs: NEWS_EVERY_MS, reviewsEveryMs: REVIEWS_EVERY_MS, wantedWithinMs: WANTED_WITHIN_MS, limit: 50 });
  for (const app of due) {
    if (result.read > 0 && clock.now() - started > budget) break;
    const r = await readApp(deps, app);
    result.read++;
    result.requests += r.requests;
    if (r.outcome === 'rate_limited') {
      result.rateLimited = true;
      break;
    }
  }
  return result;
}
