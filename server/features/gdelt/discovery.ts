/**
 * GDELT discovery (issue 31, docs/sources.md "GDELT"): the alerts' queries translated and
 * collapsed into distinct GDELT queries (sync), each searched one request at a time at GDELT's
 * pace (runDue), its results stored like a feed's items and recorded as matches of the alerts
 * the query serves (ingestResults).
 */
import type { Logger } from 'pino';
import { matchesQuery } from '../../../common/query/match.js';
import { parseQuery } from '../../../common/query/parse.js';
import type { QueryNode } from '../../../common/query/types.js';
import { mediaScoreFromRank, visitorsFromRank } from '../../../common/media-score.js';
import { FEED_TYPES } from '../../../common/schemas/website-feeds.js';
import { domainOf } from '../../../common/url.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { GdeltError, searchArticles, type GdeltArticle, type GdeltSearch } from '../../integrations/gdelt/client.js';
import { registrableDomain } from '../../net/domains.js';
import { recordAlertMatches, touchAlerts } from '../alerts/service.js';
import { bumpOpenMonths, prepareIngest, storeIngest, type IngestFeed, type IngestItem } from '../crawler/service.js';
import { enqueueNotifications } from '../notifications/service.js';
import { recordFoundOutlets, type FoundOutlet } from '../sources/service.js';
import { gdeltLanguageCode } from './languages.js';
import { processPacer, realClock, type Clock, type Pacer } from '../../net/pacer.js';
import {
  alertsOfQuery,
  alertsToTranslate,
  archiveRowsByKey,
  currentRanks,
  dropInactive,
  dueQueries,
  ensureQuery,
  finishSearch,
  logRequest,
  pruneRequests,
  saveTranslation,
  type QueryRow,
} from './repo.js';
import { clearBackoff, readBackoff, readEnabled, recordRefusal } from './state.js';
import { GDELT_UNSUPPORTED, toGdeltQuery } from './translate.js';

export interface GdeltDeps {
  db: Db;
  config: Pick<Config, 'gdelt' | 'allowPrivateNetwork' | 'crawler'>;
  log?: Logger;
  /** Fake time in tests; the real clock otherwise. */
  clock?: Clock;
  /** The process's pacer by default. */
  pacer?: Pacer;
}

/** Each distinct query is searched again after this long at the most (GDELT refreshes every 15 minutes). */
export const REFRESH_MS = 15 * 60_000;
/** How far back a new query (or one an alert just joined) is searched: GDELT's window is about 3 months. */
export const BACKFILL_TIMESPAN = '4w';
const BACKFILL_MS = 28 * 86_400_000;
/** An incremental search starts this long before the last one (GDELT's `seendate` is in 15-minute steps). */
const OVERLAP_MS = 15 * 60_000;
/** What one tick (a minute's job) may spend sending requests. */
export const TICK_BUDGET_MS = 55_000;

const GDELT_FEED: IngestFeed = { id: null, type: FEED_TYPES.googleAlerts, language: null, website: null };

const now = (deps: GdeltDeps) => new Date((deps.clock ?? realClock).now());

// ------------------------------------------------------------------ alerts → distinct queries

/** Translates the alerts that are new or whose keywords changed; drops what no active alert uses. Returns the alerts translated. */
export async function syncAlerts(deps: GdeltDeps): Promise<number> {
  const { db } = deps;
  const at = now(deps);
  await dropInactive(db);
  const changed = await alertsToTranslate(db);
  for (const alert of changed) {
    const parsed = parseQuery(alert.keywords);
    const t = parsed.ok ? toGdeltQuery(parsed.query) : null;
    await db.transaction(async (tx) => {
      if (t?.ok) {
        const queryId = await ensureQuery(tx, t.query);
        await saveTranslation(tx, { alertId: alert.id, keywords: alert.keywords, queryId, exact: t.exact, reason: null }, at);
      } else {
        const reason = t && !t.ok ? GDELT_UNSUPPORTED[t.reason] : 'The keywords do not parse';
        await saveTranslation(tx, { alertId: alert.id, keywords: alert.keywords, queryId: null, exact: false, reason }, at);
      }
    });
  }
  if (changed.length) await dropInactive(db);
  return changed.length;
}

// ------------------------------------------------------------------ one search

export type SearchOutcome = 'ok' | 'empty' | 'rate_limited' | 'invalid_query' | 'malformed' | 'unreachable';

export interface SearchResult {
  outcome: SearchOutcome;
  results: number;
  /** Alert feed rows added (matched_by gdelt). */
  matched: number;
  added: number;
  suggested: number;
  error: string | null;
}

/** The request of a query now: its last weeks, or what is new since the last search. */
export function searchWindow(q: QueryRow, at: Date): GdeltSearch {
  const since = q.lastSearchedAt ? q.lastSearchedAt.getTime() - OVERLAP_MS : null;
  if (q.backfill || since === null || at.getTime() - since >= BACKFILL_MS) return { query: q.query, timespan: BACKFILL_TIMESPAN };
  return { query: q.query, start: new Date(since), end: at };
}

/** Sends one query's request (through the pacer) and stores what it answered. Never throws for GDELT's answers. */
export async function searchQuery(deps: GdeltDeps, q: QueryRow): Promise<SearchResult> {
  const pacer = deps.pacer ?? processPacer('gdelt', deps.config.gdelt.intervalMs);
  const { db, config } = deps;
  let articles: GdeltArticle[] = [];
  let error: GdeltError | null = null;
  let at = now(deps);
  const search = searchWindow(q, at);
  try {
    articles = await pacer.run(() => {
      at = now(deps);
      return searchArticles(
        { apiUrl: config.gdelt.apiUrl, allowPrivate: config.allowPrivateNetwork, userAgent: config.crawler.userAgent },
        { ...search, ...(search.start ? { end: at } : {}) },
      );
    });
  } catch (err) {
    if (!(err instanceof GdeltError)) throw err;
    error = err;
  }
  const outcome: SearchOutcome = error ? error.kind : articles.length ? 'ok' : 'empty';
  await logRequest(db, { queryId: q.id, outcome, results: articles.length, at });
  if (error) {
    if (error.kind === 'rate_limited') {
      await recordRefusal(db, error.message, at, error.retryAfterSeconds);
      deps.log?.warn({ job: 'gdelt', query: q.query, error: error.message }, 'GDELT asked to slow down');
      // The query keeps its place: it is searched first once the back-off ends.
    } else {
      await finishSearch(db, q.id, {
        state: error.kind === 'invalid_query' ? 'invalid' : 'error',
        at,
        error: error.message,
        results: 0,
        found: 0,
        lastSeenAt: null,
        coveredBackfill: false,
      });
      deps.log?.warn({ job: 'gdelt', query: q.query, outcome, error: error.message }, 'GDELT search failed');
    }
    return { outcome, results: 0, matched: 0, added: 0, suggested: 0, error: error.message };
  }
  await clearBackoff(db);
  const stored = await ingestResults(deps, q, articles, at, { notify: !search.timespan });
  const lastSeenAt = articles.reduce<Date | null>((max, a) => (!max || a.seenAt > max ? a.seenAt : max), null);
  await finishSearch(db, q.id, {
    state: 'ok',
    at,
    error: null,
    results: articles.length,
    found: stored.matched,
    lastSeenAt,
    coveredBackfill: Boolean(search.timespan),
  });
  return { outcome, results: articles.length, error: null, ...stored };
}

// ------------------------------------------------------------------ results → archive and alert feeds

interface StoreResult {
  matched: number;
  added: number;
  suggested: number;
}

function toItem(a: GdeltArticle): IngestItem {
  return {
    url: a.url,
    title: a.title,
    description: null,
    published: a.seenAt,
    language: gdeltLanguageCode(a.language),
    image: a.socialImage,
  };
}

/**
 * Stores a search's results as a feed's items are stored (the crawler's prepareIngest and
 * storeIngest: de-duplicated by URL key with any feed copy, matched against every alert, the
 * outbox), with `matched_by: 'gdelt'`; then, in the same transaction, records them as matches of
 * the alerts the query serves — all of them when GDELT's query is the alert's exactly (GDELT
 * matched the full text), otherwise only those the alert's own query matches (title) — and
 * suggests the outlets outside the pool. An article of no website gets its outlet's score from
 * the current ranking (its registrable domain's rank), as a website of that domain would.
 */
export async function ingestResults(deps: GdeltDeps, q: QueryRow, articles: GdeltArticle[], at: Date, opts: { notify: boolean }): Promise<StoreResult> {
  const { db } = deps;
  const alerts = await alertsOfQuery(db, q.id);
  if (articles.length === 0 || alerts.length === 0) return { matched: 0, added: 0, suggested: 0 };
  const prepared = await prepareIngest(db, GDELT_FEED, articles.map(toItem), at);
  await scoreOutsidePool(db, prepared.articles);
  const queries = new Map<number, QueryNode | null>();
  for (const a of alerts) {
    const parsed = parseQuery(a.keywords);
    queries.set(a.alertId, parsed.ok ? parsed.query : null);
  }
  const orgOf = new Map(alerts.map((a) => [a.alertId, a.organizationId]));
  const keys = prepared.articles.map((a) => a.urlKey);
  const outcome = await db.transaction(async (tx) => {
    const before = await archiveRowsByKey(tx, keys);
    const stored = await storeIngest(tx, prepared, 'gdelt');
    const rows = await archiveRowsByKey(tx, keys);
    const pairs: Parameters<typeof recordAlertMatches>[1] = [];
    // The query's alerts' new feed rows: every pair of an article new to the archive (storeIngest's
    // matching or the one below wrote it), and the pairs written below.
    const added = new Map<string, { orgId: number; url: string; websiteId: number | null }>();
    for (const article of prepared.articles) {
      const row = rows.get(article.urlKey);
      if (!row) continue;
      for (const alert of alerts) {
        const query = queries.get(alert.alertId);
        if (!query || row.reach < alert.minReach) continue;
        if (!alert.exact && !matchesQuery(query, article.doc)) continue;
        pairs.push({
          alertId: alert.alertId,
          article: { id: row.id, pubDate: row.pubDate, reach: row.reach, language: row.language, isMetacritic: row.isMetacritic },
        });
        if (!before.has(article.urlKey)) added.set(`${alert.alertId}:${row.id}`, { orgId: alert.organizationId, url: article.url, websiteId: row.websiteId });
      }
    }
    const own = await recordAlertMatches(tx, pairs, at, 'gdelt');
    if (opts.notify) await enqueueNotifications(tx, own);
    const urlByKey = new Map(prepared.articles.map((a) => [a.urlKey, a.url]));
    const urlOf = new Map([...rows.entries()].map(([key, r]) => [r.id, { url: urlByKey.get(key)!, websiteId: r.websiteId }]));
    for (const m of own) {
      const a = urlOf.get(m.articleId);
      if (a) added.set(`${m.alertId}:${m.articleId}`, { orgId: orgOf.get(m.alertId) ?? m.organizationId, ...a });
    }
    // Their articles of no website suggest their outlets to the operator.
    const suggested = await recordFoundOutlets(tx, outsidePool([...added.values()]), at);
    return { stored, own, suggested, added: added.size };
  });
  const alertIds = [...new Set([...outcome.stored.alertIds, ...outcome.own.map((m) => m.alertId)])];
  await touchAlerts(db, alertIds, at);
  await bumpOpenMonths(db, outcome.stored.openMonths);
  return { matched: outcome.added, added: outcome.stored.added, suggested: outcome.suggested };
}

/** Articles of no website: the score and visitors of their registrable domain's rank in the current list. */
async function scoreOutsidePool(db: Db, articles: { url: string; websiteId: number | null; reach: number; muv: number | null }[]) {
  const outside = articles.filter((a) => a.websiteId === null);
  if (!outside.length) return;
  const domainOfArticle = new Map(outside.map((a) => [a, registrableDomain(a.url) ?? domainOf(a.url)]));
  const ranks = await currentRanks(db, [...new Set(domainOfArticle.values())]);
  for (const a of outside) {
    const rank = ranks.get(domainOfArticle.get(a)!) ?? null;
    a.reach = mediaScoreFromRank(rank);
    a.muv = visitorsFromRank(rank);
  }
}

/** (organization, domain) of new feed rows on articles of no website, with their counts. */
function outsidePool(rows: { orgId: number; url: string; websiteId: number | null }[]): FoundOutlet[] {
  const found = new Map<string, FoundOutlet>();
  for (const r of rows) {
    if (r.websiteId !== null) continue;
    const domain = domainOf(r.url);
    if (!domain) continue;
    const key = `${r.orgId}\u0000${domain}`;
    const f = found.get(key);
    if (f) f.articles++;
    else found.set(key, { orgId: r.orgId, domain, url: r.url, articles: 1 });
  }
  return [...found.values()];
}

// ------------------------------------------------------------------ the minute's job

export interface TickResult {
  enabled: boolean;
  translated: number;
  searched: number;
  matched: number;
  /** The tick stopped on a refusal, or was skipped inside a back-off. */
  backoff: boolean;
}

/**
 * The minute's job: when switched on, the alerts' translations are brought up to date, then due
 * queries are searched one at a time at the pace (new queries and those an alert just joined
 * first, then the least recently searched), until the tick's budget is spent or GDELT refuses.
 */
export async function runDue(deps: GdeltDeps, opts: { budgetMs?: number } = {}): Promise<TickResult> {
  const { db, config } = deps;
  const clock = deps.clock ?? realClock;
  const result: TickResult = { enabled: await readEnabled(db, config.gdelt.enabled), translated: 0, searched: 0, matched: 0, backoff: false };
  if (!result.enabled) return result;
  const started = clock.now();
  await pruneRequests(db, new Date(started));
  result.translated = await syncAlerts(deps);
  const backoff = await readBackoff(db);
  if (backoff.until && Date.parse(backoff.until) > started) return { ...result, backoff: true };
  const budget = opts.budgetMs ?? TICK_BUDGET_MS;
  const perTick = Math.max(1, Math.floor(budget / Math.max(config.gdelt.intervalMs, 1)) + 1);
  const due = await dueQueries(db, new Date(started), REFRESH_MS, perTick);
  for (const q of due) {
    // The next request would start after the budget: the next tick takes it.
    if (result.searched > 0 && clock.now() + config.gdelt.intervalMs - started > budget) break;
    const r = await searchQuery(deps, q);
    result.searched++;
    result.matched += r.matched;
    if (r.outcome === 'rate_limited') return { ...result, backoff: true };
  }
  return result;
}
