/**
 * Monthly visitors, the visits-by-country map and the category of each website from SimilarWeb
 * (similarweb.ts), once a month per domain:
 *
 * - A website is due when never checked, checked before this month began, or when its last
 *   lookup failed for a reason that may pass (`error`, `invalid_key`, `quota`: SimilarWeb charges
 *   no hit for those) more than 6 hours ago. Oldest check first.
 * - `traffic_cache` keeps each domain's answers per month: a website whose domain was looked up
 *   this month (ok or no data) is answered from it without a hit; a lookup that failed midway
 *   keeps the parts it got, and its retry asks only the rest.
 * - Hits: a fresh lookup costs 3 (visits, traffic by country, category). Hits spent this month are
 *   counted from traffic_cache (each stored answer of this month's rows counts one, as SimilarWeb
 *   charges successful answers only) plus the requests of the running refresh; the refresh stops
 *   before a lookup would pass SIMILARWEB_MONTHLY_HITS (0: no limit of ours), and the remaining
 *   websites wait for next month's allowance. An `invalid_key` or `quota` answer stops it too.
 * - The outcome reaches the website through the websites feature (applyWebsiteTraffic): the
 *   figures only on `ok`, the state, its sentence and the time always; on `ok` the website's
 *   archive articles and saved coverage take its visitors (and estimated views) in the same commit.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TrafficState } from '../../../common/schemas/reach.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { applyWebsiteTraffic, findWebsiteById, listWebsitesForTraffic, type WebsiteTraffic } from '../websites/service.js';
import { rescoreSavedArticles } from '../articles/service.js';
import { rescoreArchiveArticles } from '../crawler/service.js';
import { categoryLabel, lookupTraffic, monthOf, SimilarwebClient, similarwebDomain, type TrafficLookup } from './similarweb.js';

export interface TrafficDeps {
  db: Db;
  config: Config;
  log: Logger;
}

export interface TrafficOptions {
  now?: Date;
  /** Websites looked at in one refresh (the hourly job picks up the rest). */
  limit?: number;
  /** A client of one's own (tests: a short 429 wait). */
  client?: SimilarwebClient;
}

export interface RefreshTrafficResult {
  skipped?: 'not_configured';
  /** Websites whose lookup was recorded, and of those answered from this month's cache. */
  checked: number;
  fromCache: number;
  /** Requests sent to SimilarWeb by this refresh. */
  requests: number;
  states: Partial<Record<TrafficState, number>>;
  /** Why the refresh ended early: the key refused, its hits are used up, or our monthly allowance is reached. */
  stopped: 'invalid_key' | 'quota' | 'monthly_hits' | null;
}

/** Hits one fresh lookup costs. */
export const HITS_PER_LOOKUP = 3;
const RETRY_AFTER_MS = 6 * 3600_000;
const DEFAULT_LIMIT = 1000;

const clientFor = (config: Config, opts: TrafficOptions) =>
  opts.client ?? new SimilarwebClient({ apiKey: config.similarweb.apiKey!, apiUrl: config.similarweb.apiUrl });

/**
 * Looks up every website due (see above), within the month's allowance of hits. Does nothing
 * without SIMILARWEB_API_KEY.
 */
export async function refreshTraffic(deps: TrafficDeps, opts: TrafficOptions = {}): Promise<RefreshTrafficResult> {
  const result: RefreshTrafficResult = { checked: 0, fromCache: 0, requests: 0, states: {}, stopped: null };
  if (!deps.config.similarweb.apiKey) return { ...result, skipped: 'not_configured' };
  const now = opts.now ?? new Date();
  const client = clientFor(deps.config, opts);
  const due = await listWebsitesForTraffic(deps.db, { now, limit: opts.limit ?? DEFAULT_LIMIT, retryAfterMs: RETRY_AFTER_MS });
  if (!due.length) return result;
  const spentBefore = await hitsSpent(deps.db, monthOf(now));
  for (const site of due) {
    const outcome = await checkWebsite(deps, client, site, now, () => spentBefore + client.requests);
    if (outcome === 'monthly_hits') {
      result.stopped = 'monthly_hits';
      deps.log.warn(
        { job: 'traffic-refresh', limit: deps.config.similarweb.monthlyHits, waiting: due.length - result.checked },
        'SimilarWeb: the monthly allowance of hits is reached; the other websites wait for next month',
      );
      break;
    }
    result.checked += 1;
    if (outcome.fromCache) result.fromCache += 1;
    result.states[outcome.state] = (result.states[outcome.state] ?? 0) + 1;
    if (outcome.state === 'invalid_key' || outcome.state === 'quota') {
      result.stopped = outcome.state;
      deps.log.warn({ job: 'traffic-refresh', state: outcome.state, error: outcome.error }, 'SimilarWeb refused the key; the refresh stops');
      break;
    }
  }
  result.requests = client.requests;
  return result;
}

/**
 * Looks up one website now (right after it was added): from this month's cache when its domain
 * was looked up, else from SimilarWeb within the month's allowance.
 */
export async function refreshWebsiteTraffic(
  deps: TrafficDeps,
  websiteId: number,
  opts: TrafficOptions = {},
): Promise<{ skipped?: 'not_configured' | 'not_found' | 'monthly_hits'; state?: TrafficState; fromCache?: boolean }> {
  if (!deps.config.similarweb.apiKey) return { skipped: 'not_configured' };
  const site = await findWebsiteById(deps.db, websiteId);
  if (!site) return { skipped: 'not_found' };
  const now = opts.now ?? new Date();
  const client = clientFor(deps.config, opts);
  const spentBefore = await hitsSpent(deps.db, monthOf(now));
  const outcome = await checkWebsite(deps, client, site, now, () => spentBefore + client.requests);
  if (outcome === 'monthly_hits') return { skipped: 'monthly_hits' };
  return { state: outcome.state, fromCache: outcome.fromCache };
}

async function checkWebsite(
  deps: TrafficDeps,
  client: SimilarwebClient,
  site: { id: number; domain: string },
  now: Date,
  spent: () => number,
): Promise<{ state: TrafficState; error: string | null; fromCache: boolean } | 'monthly_hits'> {
  const domain = similarwebDomain(site.domain);
  const month = monthOf(now);
  const cached = await readCache(deps.db, domain, month);
  const fromCache = cached?.state === 'ok' || cached?.state === 'no_data';
  let lookup: TrafficLookup;
  if (fromCache) lookup = cached!;
  else {
    const limit = deps.config.similarweb.monthlyHits;
    if (limit > 0 && spent() + HITS_PER_LOOKUP > limit) return 'monthly_hits';
    lookup = await lookupTraffic(client, domain, now, cached ?? undefined);
  }
  await deps.db.transaction(async (tx) => {
    if (!fromCache) await writeCache(tx, domain, month, lookup);
    await applyWebsiteTraffic(tx, site.id, websiteTraffic(lookup, now));
    // New visitors reach the outlet's articles and saved coverage (their views follow) in the same commit.
    if (lookup.state === 'ok') {
      await rescoreArchiveArticles(tx, [site.id]);
      await rescoreSavedArticles(tx, [site.id]);
    }
  });
  return { state: lookup.state, error: lookup.error, fromCache };
}

/** What the website keeps of a lookup: the category as a readable label of last month, score 1. */
function websiteTraffic(l: TrafficLookup, now: Date): WebsiteTraffic {
  return {
    state: l.state,
    error: l.error,
    checkedAt: now,
    muv: l.visits,
    geography: l.geography,
    categories: l.category ? [{ category: categoryLabel(l.category), month: monthOf(now, -1), score: 1 }] : null,
  };
}

/** Hits this month's cached answers cost (one per stored answer; errors and zero answers are free). */
export async function hitsSpent(db: Tx, month: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select coalesce(sum((visits is not null)::int + (geography is not null)::int + (category is not null)::int), 0)::int as n
    from traffic_cache where month = ${month}`);
  return rows[0]?.n ?? 0;
}

async function readCache(db: Tx, domain: string, month: string): Promise<TrafficLookup | null> {
  const { rows } = await db.execute<{
    state: TrafficState;
    error: string | null;
    visits: string | null;
    geography: TrafficLookup['geography'];
    category: string | null;
    category_rank: number | null;
  }>(sql`select state, error, visits, geography, category, category_rank from traffic_cache where domain = ${domain} and month = ${month}`);
  const r = rows[0];
  if (!r) return null;
  return {
    state: r.state,
    error: r.error,
    visits: r.visits === null ? null : Number(r.visits),
    geography: r.geography,
    category: r.category,
    categoryRank: r.category_rank,
  };
}

async function writeCache(tx: Tx, domain: string, month: string, l: TrafficLookup): Promise<void> {
  await tx.execute(sql`
    insert into traffic_cache (domain, month, state, visits, geography, category, category_rank, error, fetched_at)
    values (${domain}, ${month}, ${l.state}, ${l.visits}, ${l.geography === null ? null : JSON.stringify(l.geography)}::jsonb,
            ${l.category}, ${l.categoryRank}, ${l.error}, now())
    on conflict (domain, month) do update set state = excluded.state, visits = excluded.visits, geography = excluded.geography,
      category = excluded.category, category_rank = excluded.category_rank, error = excluded.error, fetched_at = excluded.fetched_at`);
}
