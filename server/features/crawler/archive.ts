import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { websiteAuthors } from '../../db/schema/coverage.js';
import { writeArchiveArticles, type ArchiveArticle, type WriteOptions } from './archive-store.js';

export type NewArchiveArticle = ArchiveArticle;

/**
 * Stores ready-made archive rows in bulk (the demo archive, tests: rows generated whole, with
 * nothing to normalize or match). Returns the stored rows with their ids, in the given order
 * (a URL already in the archive, or repeated, is left out).
 */
export async function insertArchiveArticles(tx: Tx, rows: NewArchiveArticle[], opts: WriteOptions = {}) {
  const ids = await writeArchiveArticles(tx, rows, new Date(), opts);
  const seen = new Set<string>();
  const out: (NewArchiveArticle & { id: number; websiteId: number | null; muv: number | null; isMetacritic: boolean })[] = [];
  for (const r of rows) {
    const id = ids.get(r.urlKey);
    if (id === undefined || seen.has(r.urlKey)) continue;
    seen.add(r.urlKey);
    out.push({ ...r, id, websiteId: r.websiteId ?? null, muv: r.muv ?? null, isMetacritic: r.isMetacritic ?? false });
  }
  return out;
}

/** Archive columns a bulk select may add to the required ones (archiveFromSelect); the rest take their defaults. */
export type ArchiveSelectColumn =
  'html' | 'author' | 'image' | 'first_seen_at' | 'website_id' | 'feed_id' | 'muv' | 'estimated_views' | 'is_metacritic' | 'source';

/**
 * The statements that store archive rows generated in SQL (benchmarks and tests that need
 * thousands of articles; the per-row writer, writeArchiveArticles, would send them all over the
 * wire). `select` yields url_key, url, full_url, title, description, language, pub_date, reach,
 * search (a tsvector), plus `extra` columns, and must not repeat a URL key already stored. Run
 * in order: `months` makes the partitions of every month between the oldest and newest
 * pub_date (a range, so a select that reads now() still lands in a made month when run again),
 * `insert` writes the key, article and search rows in one statement (the select once), and
 * `versions` moves the closed months' versions as the writer does (Super Search's cache).
 */
export function archiveFromSelect(select: string, extra: ArchiveSelectColumn[] = []): { months: string; insert: string; versions: string } {
  const span = `(select min(pub_date) as lo, max(pub_date) as hi from (${select}) r)`;
  const wide = ['id', 'url_key', 'url', 'full_url', 'title', 'description', 'language', 'pub_date', 'reach', ...extra].join(', ');
  return {
    months: `
      select archive_ensure_month(m::date)
        from ${span} s, generate_series(date_trunc('month', (s.lo - interval '1 day') at time zone 'UTC'),
                                         date_trunc('month', (s.hi + interval '1 day') at time zone 'UTC'), interval '1 month') m
       where s.lo is not null order by m`,
    insert: `
      with r as materialized (select nextval('articles_id_seq') as id, r.* from (${select}) r),
      k as (insert into article_keys (url_key, article_id, pub_date) select url_key, id, pub_date from r order by url_key),
      w as (insert into articles (${wide}) select ${wide} from r)
      insert into article_search (id, pub_date, day, language, reach, search)
      select id, pub_date, (pub_date at time zone 'UTC')::date, language, reach, search from r`,
    versions: `
      update archive_months set version = version + 1
       where month < date_trunc('month', (now() at time zone 'UTC') - interval '1 month')
         and month >= (select date_trunc('month', min(pub_date) at time zone 'UTC') from (${select}) r)`,
  };
}

/** Runs archiveFromSelect's statements on `tx` (a transaction, or the pool: each then commits apart). */
export async function insertArchiveSelect(tx: Tx, select: string, extra: ArchiveSelectColumn[] = []): Promise<void> {
  const s = archiveFromSelect(select, extra);
  await tx.execute(sql.raw(s.months));
  await tx.execute(sql.raw(s.insert));
  await tx.execute(sql.raw(s.versions));
}

/** Stores the authors' article counts of a bulk-loaded archive (one statement). */
export async function insertWebsiteAuthors(tx: Tx, counts: { websiteId: number; author: string; articlesCount: number }[]): Promise<void> {
  if (counts.length) await tx.insert(websiteAuthors).values(counts);
}
