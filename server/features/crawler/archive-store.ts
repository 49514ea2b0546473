import { sql } from 'drizzle-orm';
import { estimatedViews } from '../../../common/media-score.js';
import type { Tx } from '../../db/client.js';
import { assignStories, markStoryLeads, storyFingerprint, type StoryFingerprint } from '../stories/service.js';

/**
 * The one writer of the article archive. An article is three rows, written together in the
 * caller's transaction: its key (`article_keys`: the URL de-duplication and the id → month
 * registry every reference points at), the article (`articles`, partitioned by month) and its
 * search row (`article_search`, the narrow table Super Search counts and pages on). Monthly
 * partitions are made on demand (`archive_ensure_month`, migration 0016); callers that hold a
 * long transaction make them first, outside it (`ensureArchiveMonths`), so no transaction of
 * theirs holds a partition lock while it works.
 */

/** An article as it is stored: normalized (crawler/normalize.ts) or generated whole (seed, tests, bench). */
export interface ArchiveArticle {
  urlKey: string;
  url: string;
  fullUrl: string;
  title: string;
  description: string;
  html?: string | null;
  author?: string | null;
  image?: string | null;
  language: string;
  pubDate: Date;
  firstSeenAt?: Date | null;
  websiteId?: number | null;
  feedId?: number | null;
  reach: number;
  muv?: number | null;
  /** Views of the article itself; by default estimatedViews(muv) (common/media-score.ts). */
  estimatedViews?: number | null;
  isMetacritic?: boolean;
  source?: number;
  /** The search vector as a tsvector literal (common/query's tokenizer: toTsvectorLiteral). */
  search: string;
  /** The story fingerprint (features/stories), computed before the transaction; made here when missing. */
  story?: StoryFingerprint;
}

export interface WriteOptions {
  /** Group new articles into stories (features/stories/assign.ts): the crawler's ingest and the demo seed do; bulk generators need not. */
  stories?: boolean;
}

/** The first day of `date`'s UTC month, `YYYY-MM-01`: a partition's name and archive_months' key. */
export function monthOf(date: Date): string {
  return `${date.toISOString().slice(0, 7)}-01`;
}

/** The distinct months of `dates`, oldest first. */
export function monthsOf(dates: Iterable<Date>): string[] {
  return [...new Set([...dates].map(monthOf))].sort();
}

/**
 * Makes the partitions of every month of `dates` that has none (one statement; a month that
 * exists costs two catalog lookups). Outside a transaction each month's partitions commit at
 * once; inside one they are the caller's until it commits.
 */
export async function ensureArchiveMonths(db: Tx, dates: Iterable<Date>): Promise<void> {
  const months = monthsOf(dates);
  if (months.length === 0) return;
  await db.execute(sql`select archive_ensure_month(m) from unnest(${sql.param(months)}::date[]) as m order by m`);
}

/**
 * Whether a month is closed: before the previous calendar month (UTC). Articles of a closed
 * month rarely arrive, and each that does moves the month's version (Super Search's cache of
 * closed months' counts is keyed by it).
 */
export function isClosedMonth(month: string, now: Date): boolean {
  const d = new Date(now);
  const previous = `${new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7)}-01`;
  return month < previous;
}

const CHUNK = 1000;

/**
 * Stores `rows` (any order; a URL key already in the archive, or repeated in `rows`, is kept
 * once: the first writer wins, a concurrent one waits for it and skips). Returns the stored
 * rows' ids by URL key — only the new ones. Keys are inserted in url_key order, so two
 * transactions sharing articles wait for each other, never deadlock.
 */
export async function writeArchiveArticles(tx: Tx, rows: ArchiveArticle[], now: Date = new Date(), opts: WriteOptions = {}): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (rows.length === 0) return ids;
  await ensureArchiveMonths(
    tx,
    rows.map((r) => r.pubDate),
  );
  const sorted = [...rows].sort((a, b) => (a.urlKey < b.urlKey ? -1 : a.urlKey > b.urlKey ? 1 : 0));
  const leads: number[] = [];
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    const keys = await tx.execute<{ url_key: string; article_id: string | number }>(sql`
      insert into article_keys (url_key, article_id, pub_date)
      select t.url_key, nextval('articles_id_seq'), t.pub_date
        from unnest(${sql.param(chunk.map((r) => r.urlKey))}::text[], ${sql.param(chunk.map((r) => r.pubDate.toISOString()))}::timestamptz[])
          with ordinality as t(url_key, pub_date, n)
       order by t.url_key, t.n
      on conflict (url_key) do nothing
      returning url_key, article_id`);
    if (keys.rows.length === 0) continue;
    const fresh = new Map(keys.rows.map((k) => [k.url_key, Number(k.article_id)]));
    // The first row of a key repeated in the batch is the one stored.
    const stored: ArchiveArticle[] = [];
    for (const r of chunk) {
      if (!fresh.has(r.urlKey) || ids.has(r.urlKey)) continue;
      ids.set(r.urlKey, fresh.get(r.urlKey)!);
      stored.push(r);
    }
    let storyOf: Map<number, number> | undefined;
    if (opts.stories) {
      // Oldest first: a story's first article is the earliest copy of the batch.
      const byDate = [...stored].sort((a, b) => a.pubDate.getTime() - b.pubDate.getTime() || ids.get(a.urlKey)! - ids.get(b.urlKey)!);
      const assigned = await assignStories(
        tx,
        byDate.map((r) => ({
          id: ids.get(r.urlKey)!,
          pubDate: r.pubDate,
          websiteId: r.websiteId ?? null,
          fingerprint: r.story ?? storyFingerprint(r.title, r.description),
        })),
      );
      storyOf = assigned.storyOf;
      leads.push(...assigned.earlierLeads);
    }
    await insertRows(tx, stored, ids, now, storyOf);
  }
  await markStoryLeads(tx, [...new Set(leads)]);
  await bumpClosedMonths(
    tx,
    sorted.filter((r) => ids.has(r.urlKey)).map((r) => r.pubDate),
    now,
  );
  return ids;
}

async function insertRows(tx: Tx, rows: ArchiveArticle[], ids: Map<string, number>, now: Date, storyOf?: Map<number, number>) {
  const col = <T>(f: (a: ArchiveArticle) => T) => sql.param(rows.map(f));
  await tx.execute(sql`
    insert into articles (id, url_key, url, full_url, title, description, html, author, image, language, pub_date,
                          first_seen_at, website_id, feed_id, reach, muv, estimated_views, is_metacritic, source, story_id)
    select t.id, t.url_key, t.url, t.full_url, t.title, t.description, t.html, t.author, t.image, t.language, t.pub_date,
           t.first_seen_at, t.website_id, t.feed_id, t.reach, t.muv, t.estimated_views, t.is_metacritic, t.source, t.story_id
    from unnest(${col((a) => ids.get(a.urlKey)!)}::bigint[], ${col((a) => a.urlKey)}::text[], ${col((a) => a.url)}::text[],
                ${col((a) => a.fullUrl)}::text[], ${col((a) => a.title)}::text[], ${col((a) => a.description)}::text[],
                ${col((a) => a.html ?? null)}::text[], ${col((a) => a.author ?? null)}::text[], ${col((a) => a.image ?? null)}::text[],
                ${col((a) => a.language)}::text[], ${col((a) => a.pubDate.toISOString())}::timestamptz[],
                ${col((a) => (a.firstSeenAt ?? now).toISOString())}::timestamptz[], ${col((a) => a.websiteId ?? null)}::int[],
                ${col((a) => a.feedId ?? null)}::int[], ${col((a) => a.reach)}::real[], ${col((a) => a.muv ?? null)}::bigint[],
                ${col((a) => (a.estimatedViews !== undefined ? a.estimatedViews : estimatedViews(a.muv)))}::int[],
                ${col((a) => a.isMetacritic ?? false)}::boolean[], ${col((a) => a.source ?? 0)}::smallint[],
                ${col((a) => storyOf?.get(ids.get(a.urlKey)!) ?? null)}::bigint[])
      as t(id, url_key, url, full_url, title, description, html, author, image, language, pub_date, first_seen_at,
           website_id, feed_id, reach, muv, estimated_views, is_metacritic, source, story_id)`);
  await tx.execute(sql`
    insert into article_search (id, pub_date, day, language, reach, search)
    select t.id, t.pub_date, (t.pub_date at time zone 'UTC')::date, t.language, t.reach, t.search::tsvector
    from unnest(${col((a) => ids.get(a.urlKey)!)}::bigint[], ${col((a) => a.pubDate.toISOString())}::timestamptz[],
                ${col((a) => a.language)}::text[], ${col((a) => a.reach)}::real[], ${col((a) => a.search)}::text[])
      as t(id, pub_date, language, reach, search)`);
}

/** A new article in a closed month changes that month's counts: its version moves (months in order, no deadlock). */
async function bumpClosedMonths(tx: Tx, dates: Date[], now: Date) {
  const closed = monthsOf(dates).filter((m) => isClosedMonth(m, now));
  if (closed.length === 0) return;
  await tx.execute(sql`update archive_months set version = version + 1 where month = any(${sql.param(closed)}::date[])`);
}

/** The open months (not closed: the writer moves those itself) of new articles' dates: what bumpOpenMonths takes after commit. */
export function openMonthsOf(dates: Iterable<Date>, now: Date): string[] {
  return monthsOf(dates).filter((m) => !isClosedMonth(m, now));
}

/**
 * Moves the versions of open months that just got articles, once the transaction that added
 * them has committed: Super Search keeps an open month's counts while its version holds. Not in
 * the transaction: nearly every ingest writes the current month, and each would hold this row's
 * lock until it commits, queueing the others (as touchAlerts avoids for alerts). A count taken
 * between the commit and this statement is kept under the old version and counted once more;
 * only one kept from before the commit is stale, until this statement (or COUNTS_TTL_MS).
 */
export async function bumpOpenMonths(db: Tx, months: string[]): Promise<void> {
  if (months.length === 0) return;
  await db.execute(sql`update archive_months set version = version + 1 where month = any(${sql.param([...months].sort())}::date[])`);
}
