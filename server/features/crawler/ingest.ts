import { sql } from 'drizzle-orm';
import { FEED_TYPES } from '../../../common/schemas/websites.js';
import { domainOf } from '../../../common/url.js';
import type { Db, Tx } from '../../db/client.js';
import { recordMatches, touchAlerts, type MatchedBy } from '../alerts/service.js';
import { enqueueNotifications } from '../notifications/service.js';
import { bumpOpenMonths, ensureArchiveMonths, openMonthsOf, writeArchiveArticles } from './archive-store.js';
import { normalizeItems, type IngestFeed, type IngestItem, type IngestWebsite, type NormalizedArticle } from './normalize.js';

export type { IngestFeed, IngestItem, IngestWebsite } from './normalize.js';

export interface IngestResult {
  /** New articles stored in the archive. */
  added: number;
  /** Items already in the archive (from this or any other feed) or repeated in the batch. */
  duplicates: number;
  /** Items without a usable http(s) URL. */
  invalid: number;
  /** (alert, article) pairs added to alert feeds. */
  matched: number;
  /** Outbox rows written (Slack / Discord announcements waiting to go out). */
  notifications: number;
  /** Alerts that got new articles (their `last_run_at` moves; see touchAlerts). */
  alertIds: number[];
  /** Open months that got new articles (their versions move after commit; see bumpOpenMonths). */
  openMonths: string[];
}

const p = (value: unknown) => sql.param(value);

/**
 * Stores a feed's items: new articles into the archive (writeArchiveArticles: the URL key's
 * row in `article_keys` is the cross-feed and concurrent dedupe: whoever inserts a URL first
 * owns it, the other transaction waits and then skips it), only those new articles matched against alerts,
 * alert feed rows and outbox rows written, author counts updated — one transaction, a few
 * statements whatever the batch size. Alerts' `last_run_at` and the open months' versions move
 * after commit (touchAlerts, bumpOpenMonths), so concurrent ingests never queue on a popular
 * alert's row lock or on the current month's.
 */
export async function ingestItems(db: Db, feed: IngestFeed, items: IngestItem[], now: Date, matchedBy: MatchedBy = 'feed'): Promise<IngestResult> {
  const prepared = await prepareIngest(db, feed, items, now);
  const result = await db.transaction((tx) => storeIngest(tx, prepared, matchedBy));
  await touchAlerts(db, result.alertIds, now);
  await bumpOpenMonths(db, result.openMonths);
  return result;
}

/** A feed's items ready to store (prepareIngest). */
export interface PreparedIngest {
  feed: IngestFeed;
  /** Items in the batch, valid or not. */
  total: number;
  /** In url_key order. */
  articles: NormalizedArticle[];
  invalid: number;
  now: Date;
}

/**
 * The half of an ingest that needs no transaction: the websites of Google Alerts items looked up
 * and every item normalized (language detection, tokens, search vector: up to ~0.4 ms an item).
 * Done before the transaction, that work holds no connection and no slot of the ingest limit.
 */
export async function prepareIngest(db: Tx, feed: IngestFeed, items: IngestItem[], now: Date): Promise<PreparedIngest> {
  const websites = feed.type === FEED_TYPES.googleAlerts ? await websitesForItems(db, items) : undefined;
  const { articles, invalid } = await normalizeItems(feed, items, now, websites);
  // A new month's partitions are made here, committed at once, not inside the ingest transaction.
  await ensureArchiveMonths(
    db,
    articles.map((a) => a.pubDate),
  );
  // Every transaction takes url_key locks in the same order, so two batches sharing articles wait, never deadlock.
  articles.sort((a, b) => (a.urlKey < b.urlKey ? -1 : a.urlKey > b.urlKey ? 1 : 0));
  return { feed, total: items.length, articles, invalid, now };
}

/** Stores a prepared ingest inside the caller's transaction (`matchedBy`: how the articles were found, on their alert feed rows). */
export async function storeIngest(tx: Tx, { feed, total, articles, invalid, now }: PreparedIngest, matchedBy: MatchedBy = 'feed'): Promise<IngestResult> {
  const empty: IngestResult = { added: 0, duplicates: total - invalid, invalid, matched: 0, notifications: 0, alertIds: [], openMonths: [] };
  if (articles.length === 0) return empty;
  const inserted = await insertArticles(tx, feed, articles, now);
  const fresh = articles.filter((a) => inserted.has(a.urlKey));
  const res: IngestResult = {
    ...empty,
    added: fresh.length,
    duplicates: total - invalid - fresh.length,
    openMonths: openMonthsOf(
      fresh.map((a) => a.pubDate),
      now,
    ),
  };
  if (fresh.length === 0) return res;
  await upsertAuthors(tx, fresh, now);
  // Alert feed rows belong to alerts, outbox rows to notifications: each owner writes its own, in this transaction.
  const matches = await recordMatches(
    tx,
    fresh.map((a) => ({ ...a, id: inserted.get(a.urlKey)! })),
    now,
    matchedBy,
  );
  if (matches.length === 0) return res;
  const notifications = await enqueueNotifications(tx, matches);
  return { ...res, matched: matches.length, notifications, alertIds: [...new Set(matches.map((m) => m.alertId))].sort((a, b) => a - b) };
}

function insertArticles(tx: Tx, feed: IngestFeed, rows: NormalizedArticle[], now: Date): Promise<Map<string, number>> {
  return writeArchiveArticles(
    tx,
    rows.map((a) => ({ ...a, feedId: feed.id, firstSeenAt: now })),
    now,
    { stories: true },
  );
}

async function upsertAuthors(tx: Tx, fresh: NormalizedArticle[], now: Date) {
  const counts = new Map<string, { websiteId: number; author: string; n: number }>();
  for (const a of fresh) {
    if (!a.author || a.websiteId == null) continue;
    const key = `${a.websiteId}\u0000${a.author}`;
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { websiteId: a.websiteId, author: a.author, n: 1 });
  }
  if (counts.size === 0) return;
  const list = [...counts.values()].sort((a, b) => a.websiteId - b.websiteId || (a.author < b.author ? -1 : a.author > b.author ? 1 : 0));
  await tx.execute(sql`
    insert into website_authors (website_id, author, articles_count, last_seen_at)
    select t.website_id, t.author, t.n, ${now.toISOString()}::timestamptz
    from unnest(${p(list.map((c) => c.websiteId))}::int[], ${p(list.map((c) => c.author))}::text[], ${p(list.map((c) => c.n))}::int[])
      as t(website_id, author, n)
    order by t.website_id, t.author
    on conflict (website_id, author) do update
      set articles_count = website_authors.articles_count + excluded.articles_count,
          last_seen_at = greatest(website_authors.last_seen_at, excluded.last_seen_at)`);
}

/** Google Alerts items belong to the website of their own domain (when we know it). */
async function websitesForItems(tx: Tx, items: IngestItem[]): Promise<Map<string, IngestWebsite>> {
  const domains = [...new Set(items.map((i) => domainOf(i.url ?? '')).filter(Boolean))];
  if (domains.length === 0) return new Map();
  const result = await tx.execute<{ id: number; domain: string; language: string; reach: number; muv: number | null; is_metacritic: boolean }>(
    sql`select id, domain, language, reach, muv, is_metacritic from websites where domain = any(${p(domains)}::text[])`,
  );
  return new Map(
    result.rows.map((w) => [
      w.domain,
      { id: w.id, domain: w.domain, language: w.language, reach: Number(w.reach), muv: w.muv == null ? null : Number(w.muv), isMetacritic: w.is_metacritic },
    ]),
  );
}
