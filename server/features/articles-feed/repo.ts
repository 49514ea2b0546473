import { sql, type SQL } from 'drizzle-orm';
import { phraseTsquery, toTsquery } from '../../../common/query/postgres.js';
import { tokenize } from '../../../common/query/tokenize.js';
import type { FeedFilters, FeedSort } from '../../../common/schemas/articles-feed.js';
import type { Tx } from '../../db/client.js';
import { wordsStartingWith } from '../../db/lexemes.js';
import { containsPattern } from '../../db/paging.js';
import { mediaSql } from '../../db/media-sql.js';
import type { FeedAlert } from '../alerts/service.js';

export interface FeedOrder {
  field: FeedSort;
  desc: boolean;
}

/**
 * Every sort key is a column of alert_articles (title and media are copied there at match time,
 * server/db/media-sql.ts), each with its own index led by (alert_id, key): a page is a short index scan
 * whatever the sort, instead of a join and a sort of the whole feed.
 */
const SORT_KEYS: Record<FeedSort, { expr: SQL; needs: 'feed' | 'article' | 'website' }> = {
  pub_date: { expr: sql`aa.pub_date`, needs: 'feed' },
  reach: { expr: sql`aa.reach`, needs: 'feed' },
  language: { expr: sql`aa.language`, needs: 'feed' },
  title: { expr: sql`aa.title_sort`, needs: 'feed' },
  media: { expr: sql`aa.media`, needs: 'feed' },
};

/** Start of the given UTC day, or the instant itself for a timestamp. */
const startOf = (v: string) => (v.length === 10 ? `${v}T00:00:00Z` : v);

/**
 * The WHERE of a feed query and which tables it needs. Every filter but the text search and
 * the regional ones reads alert_articles alone (the article's sort and filter columns are
 * copied there), so the common cases never touch the archive until the page is known. The
 * alert's organization was checked by alerts' findFeedAlert; alert_id alone keeps the index usable.
 */
export function feedWhere(alertId: number, f: FeedQuery) {
  const c: SQL[] = [sql`aa.alert_id = ${alertId}`, sql`aa.deleted_at is null`];
  let article = false;
  let website = false;
  if (f.startDate) c.push(sql`aa.pub_date >= ${startOf(f.startDate)}::timestamptz`);
  if (f.endDate) {
    // A calendar day is inclusive: everything before the next day's midnight (UTC).
    if (f.endDate.length === 10) c.push(sql`aa.pub_date < ${startOf(f.endDate)}::timestamptz + interval '1 day'`);
    else c.push(sql`aa.pub_date <= ${f.endDate}::timestamptz`);
  }
  if (f.languages?.length) c.push(sql`aa.language = any(${sql.param(f.languages)}::text[])`);
  if (f.metacritic !== undefined) c.push(sql`aa.is_metacritic = ${f.metacritic}`);
  if (f.minScore !== undefined) c.push(sql`aa.reach >= ${f.minScore}::real`);
  if (f.maxScore !== undefined) c.push(sql`aa.reach <= ${f.maxScore}::real`);
  if (f.ids?.length) c.push(sql`aa.article_id = any(${sql.param(f.ids)}::bigint[])`);
  // Stories (issue 32): a story's copies share alert_articles.story_id (null: a story of one).
  if (f.storyId !== undefined) c.push(sql`(aa.story_id = ${f.storyId} or (aa.story_id is null and aa.article_id = ${f.storyId}))`);
  if (f.collapse) {
    // One row per story: its earliest visible copy in this feed (alert_articles_story_idx).
    c.push(sql`(aa.story_id is null or not exists (
      select 1 from alert_articles sc
       where sc.alert_id = aa.alert_id and sc.story_id = aa.story_id and sc.deleted_at is null
         and (sc.pub_date, sc.article_id) < (aa.pub_date, aa.article_id)))`);
  }
  if (f.searchTerm) {
    // Words are answered from the copied search vector; a term without words reads the archive.
    if (searchReadsArchive(f.searchTerm)) article = true;
    c.push(searchCondition(f.searchTerm, f.searchTsquery));
  }
  if (f.regions?.length) {
    // A feed declares the region it covers (feeds.region); the article inherits its feed's.
    article = true;
    const regions = f.regions.map((r) => r.toLowerCase());
    c.push(sql`exists (select 1 from feeds f where f.id = a.feed_id and lower(f.region) = any(${sql.param(regions)}::text[]))`);
  }
  if (f.countries?.length) {
    // A website's country is the one sending it the most visits (websites.geography).
    article = website = true;
    c.push(sql`(select g->>'country_code_iso' from jsonb_array_elements(w.geography) g
                 order by (g->>'visits')::numeric desc nulls last limit 1) = any(${sql.param(f.countries)}::text[])`);
  }
  if (f.eaOnly !== undefined) {
    // The EA outlet list is a flag on the website (websites.is_ea), set by the operator.
    article = true;
    const onList = sql`exists (select 1 from websites ew where ew.id = a.website_id and ew.is_ea)`;
    c.push(f.eaOnly ? onList : sql`not ${onList}`);
  }
  return { where: sql.join(c, sql` and `), article, website };
}

/**
 * The search box: the term's words, in order, in the title or description, the last word
 * possibly unfinished ("zelda bre" finds "Zelda: Breath of the Wild"); case, accents and
 * punctuation ignored, exactly as alerts read text. Answered from the feed's copy of the
 * article's search vector and the GIN index on (alert_id, search): a substring test (ILIKE) over a large feed reads every matched article (~1 s at
 * 100,000 matches). A term with no letters or digits falls back to a plain substring test.
 */
export function searchCondition(term: string, tsquery?: string): SQL {
  const tokens = tokenize(term);
  if (tokens.length === 0) {
    const p = containsPattern(term);
    return sql`(a.title ilike ${p} or a.description ilike ${p})`;
  }
  return sql`aa.search @@ ${tsquery ?? toTsquery({ type: 'phrase', tokens, prefix: true })}::tsquery`;
}

/** Filters with the search term compiled (resolveFeedSearch). */
export type FeedQuery = FeedFilters & { searchTsquery?: string };

/**
 * The search term as an exact tsquery: its last word, read as a prefix, replaced by the archive
 * words it begins (lexemes table). The GIN index then looks words up instead of running a partial
 * match, which reads the postings of the prefix in every alert's feed (a word in 90,000 feed rows:
 * count 16 ms → 4 ms). No such word: the term itself, which no article holds either. Too many
 * (a prefix of one or two letters): left to the index's partial match.
 */
export async function resolveFeedSearch(db: Tx, f: FeedFilters): Promise<FeedQuery> {
  const tokens = f.searchTerm ? tokenize(f.searchTerm) : [];
  if (tokens.length === 0) return f;
  const words = await wordsStartingWith(db, tokens[tokens.length - 1]);
  return words ? { ...f, searchTsquery: phraseTsquery(tokens, words) } : f;
}

/** A term with no words (only punctuation) falls back to a substring test on the archive. */
const searchReadsArchive = (term: string) => tokenize(term).length === 0;

/** The archive joined by its whole key (the feed copies the article's pub_date): one month's partition is probed. */
function joins(article: boolean, website: boolean): SQL {
  if (website) return sql`join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date left join websites w on w.id = a.website_id`;
  if (article) return sql`join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date`;
  return sql``;
}

/**
 * ORDER BY for the feed: the chosen key, then newest first, then the article id in the key's
 * direction, so "-pub_date" is exactly a backward scan of alert_articles_feed_idx. `reverse`
 * turns every term round (a far page read from the other end, readFeedPage).
 */
function orderBy(order: FeedOrder, key: SQL, pubDate: SQL, id: SQL, reverse = false): SQL {
  const dir = (desc: boolean) => (desc !== reverse ? sql`desc` : sql`asc`);
  if (order.field === 'pub_date') return sql`${key} ${dir(order.desc)}, ${id} ${dir(order.desc)}`;
  return sql`${key} ${dir(order.desc)}, ${pubDate} ${dir(true)}, ${id} ${dir(true)}`;
}

export type FeedRow = {
  id: number;
  title: string;
  url: string;
  full_url: string;
  description: string;
  language: string;
  reach: number;
  /** Milliseconds since the epoch (a number parses far faster than a timestamp's text). */
  pub_date: number;
  website_id: number | null;
  media: string | null;
  website_visits: number | null;
  muv: number | null;
  /** Where the outlet's visitors come from (similarweb, estimate, manual) and the article's estimated views. */
  muv_source: string | null;
  estimated_views: number | null;
  /** The outlet's score basis: its source, rank and the rank's list date. */
  reach_source: string | null;
  rank: number | null;
  rank_list_date: string | null;
  is_metacritic: boolean;
  author: string | null;
  image: string | null;
  source: number;
  /** Milliseconds since the epoch. */
  matched_at: number;
  /** How the article reached the feed: `feed` or `gdelt` (GDELT discovery). */
  matched_by: string;
  saved: boolean;
  /** The story as the organization sees it (null: the article alone) and its visible copies in this feed. */
  story_id: number | null;
  story_size: number;
};

/** A timestamp as whole milliseconds since the epoch (exact: extract gives numeric). */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::int8`;

/** True when any filter is set (an empty list or string filters nothing). */
const hasFilters = (f: FeedQuery) => Object.values(f).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));

/** True when some filters are tested on archive rows (regions, countries, EA list, a search without words). */
export const filtersReadArchive = (f: FeedFilters) =>
  !!((f.searchTerm && searchReadsArchive(f.searchTerm)) || f.regions?.length || f.countries?.length || f.eaOnly !== undefined);

/** The filters answered from alert_articles alone. */
export const feedSideFilters = ({ searchTerm, searchTsquery, regions: _r, countries: _c, eaOnly: _e, ...rest }: FeedQuery): FeedQuery =>
  searchTerm && !searchReadsArchive(searchTerm) ? { ...rest, searchTerm, searchTsquery } : rest;

/**
 * How to find a page when filters are tested on archive rows. A newest-first scan stops at the
 * page but tests every row it passes: about (offset + limit) × base / total rows, all of `base`
 * when matches are rare (~5 µs a row: 0.5 s for a rare term in a 100,000-row feed). Evaluating
 * the filters over the whole set first (GIN index, then a join) costs about `total` plus a fixed
 * part. `base` is the row count before the archive-tested filters. Measured: see the report of
 * issue 3 (100,000-row feed: rare term 9 ms materialised vs 500 ms scanned; a term in 11% of
 * the feed 10 ms scanned vs 46 ms materialised).
 */
export function shouldMaterialize(page: { limit: number; offset: number }, total: number, base: number): boolean {
  if (total > 20_000) return false;
  const scanned = Math.min(base, ((page.offset + page.limit) * base) / Math.max(total, 1));
  return scanned > total + 2_000;
}

/**
 * One page of the feed. The inner query picks the page's rows, with every feed column the list
 * shows (each feed index carries them all), from alert_articles, joining the archive only when a
 * filter needs it; the outer one reads those articles' details and whether each is already saved
 * in the alert's project (by url_key, the unique key both tables share;
 * saved_articles_project_url_idx). `materialize`: evaluate the filters over the whole set first
 * (shouldMaterialize). `reverse`: the window counted from the end of the list, in reverse
 * order (readFeedPage); the rows still come back in the list's order.
 */
export async function listFeedPage(
  db: Tx,
  alert: FeedAlert,
  filters: FeedQuery,
  order: FeedOrder,
  page: { limit: number; offset: number; materialize?: boolean; reverse?: boolean },
): Promise<FeedRow[]> {
  const sortKey = SORT_KEYS[order.field];
  const w = feedWhere(alert.id, filters);
  const needArticle = w.article || sortKey.needs !== 'feed';
  const needWebsite = w.website || sortKey.needs === 'website';
  const filtered = sql`
    select aa.article_id as id, ${sortKey.expr} as k, aa.pub_date, aa.reach, aa.language, aa.is_metacritic, aa.matched_at
      from alert_articles aa ${joins(needArticle, needWebsite)}
     where ${w.where}`;
  // The inner query reads only the index's columns when the sort and filters allow it, so
  // even the last page of -pub_date is an index-only scan; the page's rows are then read by key.
  const inner = page.materialize
    ? sql`with m as materialized (${filtered})
          select * from m order by ${orderBy(order, sql`m.k`, sql`m.pub_date`, sql`m.id`, page.reverse)} limit ${page.limit} offset ${page.offset}`
    : sql`${filtered} order by ${orderBy(order, sortKey.expr, sql`aa.pub_date`, sql`aa.article_id`, page.reverse)} limit ${page.limit} offset ${page.offset}`;
  const res = await db.execute<FeedRow>(sql`
    select p.id, a.title, a.url, a.full_url, a.description, p.language, p.reach, ${epochMs(sql`p.pub_date`)} as pub_date, a.website_id,
           ${mediaSql(sql`w.domain`, sql`a.url`)} as media, w.muv as website_visits, coalesce(a.muv, w.muv) as muv, p.is_metacritic,
           w.muv_source, a.estimated_views, w.reach_source, w.rank, (select l.list_date::text from ranking_lists l where l.id = w.rank_list_id) as rank_list_date,
           a.author, a.image, a.source, ${epochMs(sql`p.matched_at`)} as matched_at,
           f.matched_by, f.story_id,
           case when f.story_id is null then 1 else (
             select count(*)::int from alert_articles sc where sc.alert_id = ${alert.id} and sc.story_id = f.story_id and sc.deleted_at is null
           ) end as story_size,
           exists (select 1 from saved_articles s where s.project_id = ${alert.projectId} and s.url_key = a.url_key) as saved
      from (${inner}) p
      join articles a on a.id = p.id and a.pub_date = p.pub_date
      join alert_articles f on f.alert_id = ${alert.id} and f.article_id = p.id
      left join websites w on w.id = a.website_id
     order by ${orderBy(order, sql`p.k`, sql`p.pub_date`, sql`p.id`)}`);
  return res.rows;
}

/**
 * The filtered feed's size, counted apart from the page so the page query stays a short scan.
 * Without filters it is the alert's counter (alert_feed_counts, kept by triggers): a sum over a
 * few rows instead of counting every visible entry of the feed (12 ms at 100,000).
 */
export async function countFeed(db: Tx, alert: FeedAlert, filters: FeedQuery): Promise<number> {
  if (!hasFilters(filters)) {
    const res = await db.execute<{ n: string }>(sql`select coalesce(sum(delta), 0) as n from alert_feed_counts where alert_id = ${alert.id}`);
    return Number(res.rows[0].n);
  }
  const w = feedWhere(alert.id, filters);
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from alert_articles aa ${joins(w.article, w.website)} where ${w.where}`);
  return Number(res.rows[0].n);
}

/**
 * A text cell as the CSV shows it: empty for '' (as for NULL), and a quote before a leading =, +,
 * -, @, tab or carriage return, which a spreadsheet would run as a formula (CSV injection).
 */
const csvText = (expr: SQL) => sql`nullif(case when left(${expr}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${expr} else ${expr} end, '')`;

/**
 * The CSV export's query, for COPY … TO STDOUT (server/http/csv.ts): every cell formatted by PostgreSQL, the
 * columns named as the CSV header (FEED_CSV_COLUMNS), in the list's order, at most `limit` rows.
 * `ids` (the selected rows) replaces the filters. Media is the feed's copy (server/db/media-sql.ts).
 * `umv: false` (a plan without the `similarweb` flag) leaves the muv column empty.
 */
export function feedCsvQuery(alert: FeedAlert, filters: FeedQuery, order: FeedOrder, limit: number, opts: { umv: boolean } = { umv: true }): SQL {
  const sortKey = SORT_KEYS[order.field];
  const w = feedWhere(alert.id, filters);
  return sql`
    select aa.article_id as id, ${csvText(sql`a.title`)} as title, ${csvText(sql`a.url`)} as url, ${csvText(sql`aa.media`)} as media,
           aa.reach, ${csvText(sql`aa.language`)} as language,
           to_char(aa.pub_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as pub_date,
           ${opts.umv ? sql`coalesce(a.muv, w.muv)` : sql`null::bigint`} as muv, aa.is_metacritic::text as is_metacritic, ${csvText(sql`a.author`)} as author
      from alert_articles aa ${joins(true, true)}
     where ${w.where}
     order by ${orderBy(order, sortKey.expr, sql`aa.pub_date`, sql`aa.article_id`)}
     limit ${limit}`;
}

/** From this offset on, a page is found after the total is known, from the nearer end. */
export const FAR_OFFSET = 5_000;

/**
 * The window to read for a page: as asked, or, past the middle of a long list, counted from its
 * end in reverse order. An index walk skips every row before the window (the last of 4,000
 * pages of 25 walks 100,000 entries, ~15 ms); from the other end it is a first page.
 */
export function pageWindow(window: { limit: number; offset: number }, total: number): { limit: number; offset: number; reverse: boolean } {
  const fromEnd = total - window.offset - window.limit;
  if (window.offset >= total || fromEnd >= window.offset) return { ...window, reverse: false };
  return { limit: Math.min(window.limit, total - window.offset), offset: Math.max(0, fromEnd), reverse: true };
}

/**
 * A page and the filtered total, as the list routes answer them. The search term is compiled
 * first (resolveFeedSearch). Without archive-tested filters, page and total run at once on two
 * connections (the response waits for the slower only) unless the page is far down the list
 * (FAR_OFFSET), where the total comes first to choose the nearer end; with archive-tested
 * filters, the counts come first and also choose how the page is found (shouldMaterialize).
 */
export async function readFeedPage(
  db: Tx,
  alert: FeedAlert,
  asked: FeedFilters,
  order: FeedOrder,
  window: { limit: number; offset: number },
): Promise<{ rows: FeedRow[]; total: number }> {
  const filters = await resolveFeedSearch(db, asked);
  if (!filtersReadArchive(filters)) {
    if (window.offset < FAR_OFFSET) {
      const [rows, total] = await Promise.all([listFeedPage(db, alert, filters, order, window), countFeed(db, alert, filters)]);
      return { rows, total };
    }
    const total = await countFeed(db, alert, filters);
    if (window.offset >= total) return { rows: [], total };
    return { rows: await listFeedPage(db, alert, filters, order, pageWindow(window, total)), total };
  }
  const [total, base] = await Promise.all([countFeed(db, alert, filters), countFeed(db, alert, feedSideFilters(filters))]);
  if (total === 0 || window.offset >= total) return { rows: [], total };
  const read = pageWindow(window, total);
  return { rows: await listFeedPage(db, alert, filters, order, { ...read, materialize: shouldMaterialize(read, total, base) }), total };
}
