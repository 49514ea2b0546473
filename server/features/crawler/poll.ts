import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { FEED_TYPES } from '../../../common/schemas/websites.js';
import { FetchError, fetchUrl, type FetchResult } from '../../net/http-client.js';
import { touchAlerts } from '../alerts/service.js';
import { kickNotifier, type NotifierDeps } from '../notifications/service.js';
import { bumpOpenMonths } from './archive-store.js';
import { ingestFeedOf, loadFeed, type FeedRow } from './feed-row.js';
import { recordMove, recordPollFailure, recordPollNotModified, recordPollSuccess } from './feed-state.js';
import { classifyFailure, classifySuccess } from './health.js';
import { prepareIngest, storeIngest, type IngestResult } from './ingest.js';
import { backoffSeconds, nextIntervalSeconds } from './interval.js';
import { FeedParseError, type ParsedFeed } from './parse-feed.js';
import { parseFeedOffLoop } from './parse-pool.js';
import { readNewsSitemap } from './sitemap-poll.js';
import { linkHeaderRel, needsSubscription, subscribeFeed } from './websub.js';

/** What a poll needs; the notifier's dependencies among them, since a poll that queued announcements kicks it. */
export interface PollDeps extends NotifierDeps {
  db: Db;
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler' | 'publicUrl'>;
  /**
   * Admits the ingest (the database transaction) when the crawler's adaptive limit has room
   * (throttle.ts); absent, the ingest runs at once (tests, one-off polls from the API).
   */
  ingestGate?: IngestGate;
}

export interface IngestGate {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export type PollOutcome =
  | { status: 'missing' | 'disabled' }
  | { status: 'not_modified'; nextCheckAt: Date }
  | ({ status: 'ok'; nextCheckAt: Date; items: number; websub: 'pending' | 'failed' | 'skipped' | null; delivery: Promise<void> | null } & IngestResult)
  | { status: 'error'; message: string; errorCount: number; nextCheckAt: Date };

const ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const ACCEPT_SITEMAP = 'application/xml, text/xml;q=0.9, */*;q=0.5';
const MAX_ERROR_CHARS = 500;

/**
 * Polls one feed: conditional GET, parse, ingest, and the feed's polling state — the state
 * (ETag, Last-Modified, interval, counters) is saved in the same transaction as the articles,
 * so a process killed mid-poll commits nothing and the next poll refetches everything (no
 * article lost, none doubled). Any failure is recorded on the feed row with exponential
 * back-off and never escapes: one bad feed never affects another.
 */
export async function pollFeed(deps: PollDeps, feedId: number, opts: { now?: Date; timeoutMs?: number; maxBytes?: number } = {}): Promise<PollOutcome> {
  const feed = await loadFeed(deps.db, feedId);
  if (!feed) return { status: 'missing' };
  if (feed.disabled) return { status: 'disabled' };
  const now = opts.now ?? new Date();
  const { minIntervalSeconds: minSeconds, maxIntervalSeconds: maxSeconds } = deps.config.crawler;
  const sitemap = feed.type === FEED_TYPES.newsSitemap;
  const fetchOptions = {
    allowPrivate: deps.config.allowPrivateNetwork,
    userAgent: deps.config.crawler.userAgent,
    hostConcurrency: deps.config.crawler.hostConcurrency,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
  };
  try {
    const res = await fetchUrl(feed.feed, { ...fetchOptions, etag: feed.etag, lastModified: feed.lastModified, accept: sitemap ? ACCEPT_SITEMAP : ACCEPT });
    const pushActive = feed.websubState === 'active' && (feed.websubLeaseUntil?.getTime() ?? 0) > now.getTime();
    if (res.notModified) {
      const interval = nextIntervalSeconds({ previousSeconds: feed.intervalSeconds, added: 0, minSeconds, maxSeconds, pushActive });
      const nextCheckAt = new Date(now.getTime() + interval * 1000);
      await recordPollNotModified(deps.db, feed.id, {
        now,
        etag: res.headers.etag ?? null,
        lastModified: res.headers['last-modified'] ?? null,
        intervalSeconds: interval,
        nextCheckAt,
        health: classifySuccess(null, feed.lastNewAt, now),
      });
      return { status: 'not_modified', nextCheckAt };
    }
    const parsed = sitemap
      ? await readNewsSitemap(res, fetchOptions)
      : await parseFeedOffLoop(res.body, { contentType: res.headers['content-type'] ?? null, url: res.url });
    // WebSub discovery: the feed's own links first, then the HTTP Link header (WebSub §4).
    const hubUrl = parsed.hubUrl ?? linkHeaderRel(res.headers.link, 'hub', res.url);
    const selfUrl = parsed.selfUrl ?? linkHeaderRel(res.headers.link, 'self', res.url);
    // Normalizing (language detection, tokens) needs no transaction: done before the ingest takes a slot.
    const prepared = await prepareIngest(deps.db, ingestFeedOf(feed), parsed.items, now);
    const ingest = () =>
      deps.db.transaction(async (tx) => {
        const result = await storeIngest(tx, prepared);
        const interval = nextIntervalSeconds({
          previousSeconds: feed.intervalSeconds,
          added: result.added,
          published: parsed.items.flatMap((i) => (i.published ? [i.published] : [])),
          ttlMinutes: parsed.ttlMinutes,
          minSeconds,
          maxSeconds,
          pushActive,
        });
        const nextCheckAt = new Date(now.getTime() + interval * 1000);
        await saveSuccess(tx, feed, res, parsed, { hubUrl, selfUrl }, result, interval, now, nextCheckAt);
        // The old address redirects for good: the feed takes the new one (shown on the website page).
        if (res.movedTo && res.movedTo !== feed.feed) await recordMove(tx, feed, res.movedTo, 'redirect', now);
        return { result, nextCheckAt };
      });
    const { result, nextCheckAt } = deps.ingestGate ? await deps.ingestGate.run(ingest) : await ingest();
    await touchAlerts(deps.db, result.alertIds, now).catch(() => {});
    // Super Search's kept counts of the months that got articles are stale from now (a failure leaves them to their TTL).
    await bumpOpenMonths(deps.db, result.openMonths).catch(() => {});
    const delivery = result.notifications > 0 ? kickNotifier(deps) : null;
    const websub = needsSubscription(feed, hubUrl, deps.config.publicUrl, now) ? await subscribeFeed(deps, feed.id, now).catch(() => 'failed' as const) : null;
    return { status: 'ok', nextCheckAt, items: parsed.items.length, websub, delivery, ...result };
  } catch (err) {
    return recordFailure(deps, feed, err, now);
  }
}

const latest = (a: Date | null, b: Date): Date => (a && a > b ? a : b);

function newestItem(parsed: ParsedFeed): Date | null {
  let newest: Date | null = null;
  for (const item of parsed.items) if (item.published && (!newest || item.published > newest)) newest = item.published;
  return newest;
}

/** The poll's success as the feed row keeps it (feed-state.ts), in the ingest's transaction. */
async function saveSuccess(
  tx: Tx,
  feed: FeedRow,
  res: Pick<FetchResult, 'status' | 'headers'>,
  parsed: ParsedFeed,
  websub: { hubUrl: string | null; selfUrl: string | null },
  result: IngestResult,
  interval: number,
  now: Date,
  nextCheckAt: Date,
) {
  const title = parsed.title?.trim() ? parsed.title.trim().slice(0, 500) : null;
  // What the outlet last published that we had not seen: the newest item's date (now when undated),
  // so a feed first read long after its last article is stale at once, not 30 days later.
  const newest = newestItem(parsed);
  const lastNewAt = result.added > 0 ? latest(feed.lastNewAt, newest ?? now) : feed.lastNewAt;
  await recordPollSuccess(tx, feed.id, {
    now,
    status: res.status,
    etag: res.headers.etag ?? null,
    lastModified: res.headers['last-modified'] ?? null,
    items: parsed.items.length,
    added: result.added,
    title,
    hubUrl: websub.hubUrl,
    selfUrl: websub.selfUrl,
    intervalSeconds: interval,
    nextCheckAt,
    lastNewAt,
    health: classifySuccess(newest, lastNewAt, now),
  });
}

/** A failure's message for people (shown on the website page), never a stack. */
export function failureMessage(err: unknown): string {
  if (err instanceof FetchError || err instanceof FeedParseError) return err.message;
  // Drizzle wraps database errors as "Failed query: <sql>"; people need the database's reason.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : null;
  const text = cause?.message ? `database error: ${cause.message}` : err instanceof Error && err.message ? err.message : String(err);
  return `The feed could not be processed: ${text}`.slice(0, MAX_ERROR_CHARS);
}

async function recordFailure(deps: PollDeps, feed: FeedRow, err: unknown, now: Date): Promise<PollOutcome> {
  const message = failureMessage(err);
  const errorCount = feed.errorCount + 1;
  const retryAfter = err instanceof FetchError ? err.retryAfterSeconds : undefined;
  const status = err instanceof FetchError && err.status ? err.status : null;
  const delay = backoffSeconds(
    errorCount,
    { minSeconds: deps.config.crawler.minIntervalSeconds, maxSeconds: deps.config.crawler.maxIntervalSeconds },
    retryAfter,
  );
  const nextCheckAt = new Date(now.getTime() + delay * 1000);
  await recordPollFailure(deps.db, feed.id, { now, message, status, nextCheckAt, health: classifyFailure(err) });
  return { status: 'error', message, errorCount, nextCheckAt };
}
