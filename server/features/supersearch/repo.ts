import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { articleKeys, articles } from '../../db/schema/coverage.js';
import { mediaSql } from '../../db/media-sql.js';

/**
 * Super Search over the article archive (shared by every organization: no tenant column). It
 * counts and pages on the narrow `article_search` (partitioned by month: id, pub_date, day,
 * language, reach, search) and reads the details of a page's rows from `articles`, joined on
 * (id, pub_date) so that only their months are read. docs/search.md explains the plans.
 */

/** The filters of a search as SQL sees them. Days are UTC; `toExclusive` is the day after the range. */
export interface SearchFilter {
  tsquery: string;
  from: string;
  toExclusive: string;
  languages: string[];
  minScore: number | null;
  maxScore: number | null;
}

export type SortField = 'pub_date' | 'relevance';
export interface SearchSort {
  field: SortField;
  desc: boolean;
}

/** Where a page starts: after the row with these keys (the previous page's last row). */
export interface PageKey {
  /** pub_date as PostgreSQL wrote it, to the microsecond (UTC). */
  date: string;
  id: number;
  /** ts_rank as text (float4), for the relevance order. */
  rank?: string;
}

const tsq = (f: SearchFilter) => sql`${f.tsquery}::tsquery`;

/** The language and media-score conditions on the search row `s`. */
function rowFilters(f: SearchFilter): SQL[] {
  const c: SQL[] = [];
  if (f.languages.length) c.push(sql`s.language = any(${sql.param(f.languages)}::text[])`);
  if (f.minScore !== null) c.push(sql`s.reach >= ${f.minScore}::real`);
  if (f.maxScore !== null) c.push(sql`s.reach <= ${f.maxScore}::real`);
  return c;
}

/** Every condition but the text one: the rows a date-ordered walk passes over. */
function rangeConditions(f: SearchFilter): SQL[] {
  return [sql`s.pub_date >= ${`${f.from}T00:00:00Z`}::timestamptz`, sql`s.pub_date < ${`${f.toExclusive}T00:00:00Z`}::timestamptz`, ...rowFilters(f)];
}

/** The full condition on `article_search s`: the text (GIN-indexable) and every other filter. */
export function searchWhere(f: SearchFilter): SQL {
  return sql.join([sql`s.search @@ ${tsq(f)}`, ...rangeConditions(f)], sql` and `);
}

/** A month of the archive as archive_months lists it: its first day and its version. */
export interface ArchiveMonth {
  month: string;
  version: number;
}

/**
 * The months of `[from, toExclusive)` that have partitions, oldest first, with their versions:
 * one small read per search, which also tells whether a closed month's cached counts still hold.
 */
export async function listArchiveMonths(db: Tx, from: string, toExclusive: string): Promise<ArchiveMonth[]> {
  const res = await db.execute<{ month: string; version: number }>(sql`
    select to_char(month, 'YYYY-MM-DD') as month, version from archive_months
     where month >= date_trunc('month', ${from}::date)::date and month < ${toExclusive}::date
     order by month`);
  return res.rows.map((r) => ({ month: r.month, version: Number(r.version) }));
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])-01$/;

/** `article_search_YYYY_MM` of a month's first day — only ever built from a validated date. */
export function searchPartition(month: string): SQL {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not the first day of a month: ${month}`);
  return sql`${sql.identifier(`article_search_${m[1]}_${m[2]}`)}`;
}

/**
 * Matches per UTC day (days without any are absent) in one month's partition, read by name: a
 * month wholly inside the range has no date condition at all (the GIN bitmap alone, no btree
 * bitmap ANDed in); `bounds` (the range clipped to the month) adds it for a partial month. With
 * the month's archive_months version as the same statement saw it — one snapshot, so counts
 * cached with it are the counts of that version even when statements land on different standbys.
 */
export async function countMonth(
  db: Tx,
  f: SearchFilter,
  month: string,
  bounds: { from: string; toExclusive: string } | null,
): Promise<{ counts: Map<string, number>; version: number }> {
  const where = [sql`s.search @@ ${tsq(f)}`, ...rowFilters(f)];
  if (bounds) {
    where.push(sql`s.pub_date >= ${`${bounds.from}T00:00:00Z`}::timestamptz`, sql`s.pub_date < ${`${bounds.toExclusive}T00:00:00Z`}::timestamptz`);
  }
  const res = await db.execute<{ day: string | null; n: number; v: number | null }>(sql`
    select null as day, 0 as n, version as v from archive_months where month = ${month}::date
    union all
    select to_char(s.day, 'YYYY-MM-DD'), count(*)::int, null
      from ${searchPartition(month)} s
     where ${sql.join(where, sql` and `)}
     group by s.day`);
  const counts = new Map<string, number>();
  let version = 0;
  for (const r of res.rows) {
    if (r.day === null) version = Number(r.v);
    else counts.set(r.day, Number(r.n));
  }
  return { counts, version };
}

/** The planner's estimate of the search rows in the range before the text condition (what a walk passes over). */
export async function estimateRangeRows(db: Tx, f: SearchFilter): Promise<number> {
  const res = await db.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    sql`explain (format json) select 1 from article_search s where ${sql.join(rangeConditions(f), sql` and `)}`,
  );
  return Number(res.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

const DATE_TEXT = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `(keys) < (cursor)` for a descending order, `>` for an ascending one: the rows after the cursor. */
function afterKey(sort: SearchSort, key: PageKey | null, cols: { date: SQL; id: SQL; rank?: SQL }): SQL {
  if (!key) return sql`true`;
  const op = sort.desc ? sql`<` : sql`>`;
  if (sort.field === 'relevance') {
    return sql`(${cols.rank}, ${cols.date}, ${cols.id}) ${op} (${key.rank ?? '0'}::real, ${key.date}::timestamptz, ${key.id}::bigint)`;
  }
  return sql`(${cols.date}, ${cols.id}) ${op} (${key.date}::timestamptz, ${key.id}::bigint)`;
}

function orderOf(sort: SearchSort, cols: { date: SQL; id: SQL; rank?: SQL }): SQL {
  const dir = sort.desc ? sql`desc` : sql`asc`;
  return sort.field === 'relevance' ? sql`${cols.rank} ${dir}, ${cols.date} ${dir}, ${cols.id} ${dir}` : sql`${cols.date} ${dir}, ${cols.id} ${dir}`;
}

/**
 * How a page is found on article_search. `walk`: read the range in (pub_date, id) order
 * (article_search_pub_date_id_idx) and test each row until the page is full — cheap when matches
 * are frequent. `collect`: find every match first (GIN, ANDed with the date index for narrow
 * ranges) and sort them — cheap when they are few; the only way for relevance, which ranks every match.
 */
export type PagePlan = 'walk' | 'collect';

export type ResultRow = {
  id: number;
  url: string;
  full_url: string;
  title: string;
  description: string;
  reach: number;
  language: string;
  pub_date: Date;
  media: string;
  website_id: number | null;
  image: string | null;
  k_date: string;
  k_rank: string | null;
};

/** The media shown for an article: its website's domain, else the host of its URL without www. */
const MEDIA = mediaSql(sql`w.domain`, sql`a.url`);
/** The list shows an excerpt: at most 300 characters (code points) of the description. */
export const EXCERPT_CHARS = 300;
const EXCERPT = sql`case when char_length(a.description) > ${EXCERPT_CHARS} then left(a.description, ${EXCERPT_CHARS - 1}) || '…' else a.description end`;

/**
 * One page (`limit` rows) after `key` in the chosen order, with the details the list shows.
 * The inner query finds the page's ids by `plan`; the outer one reads those rows only.
 */
export async function readPage(db: Tx, f: SearchFilter, sort: SearchSort, key: PageKey | null, limit: number, plan: PagePlan): Promise<ResultRow[]> {
  let inner: SQL;
  if (sort.field === 'pub_date' && plan === 'walk') {
    // `is true` hides the text condition from the GIN: the only way left is the date index, in order.
    const cols = { date: sql`s.pub_date`, id: sql`s.id` };
    const where = sql.join([sql`(s.search @@ ${tsq(f)}) is true`, ...rangeConditions(f)], sql` and `);
    inner = sql`select s.id, s.pub_date, null::real as r from article_search s
                 where ${where} and ${afterKey(sort, key, cols)}
                 order by ${orderOf(sort, cols)} limit ${limit}`;
  } else {
    // `materialized`: the matches are found once (bitmap scans), then ordered; never a walk.
    const rank = sort.field === 'relevance' ? sql`ts_rank(s.search, ${tsq(f)}, 1)` : sql`null::real`;
    const cols = { date: sql`m.pub_date`, id: sql`m.id`, rank: sql`m.r` };
    inner = sql`with m as materialized (select s.id, s.pub_date, ${rank} as r from article_search s where ${searchWhere(f)})
                select m.id, m.pub_date, m.r from m where ${afterKey(sort, key, cols)}
                 order by ${orderOf(sort, cols)} limit ${limit}`;
  }
  const outer = { date: sql`p.pub_date`, id: sql`p.id`, rank: sql`p.r` };
  // Both keys of the join: each row is looked up in its own month's partition only.
  const res = await db.execute<ResultRow>(sql`
    select p.id, a.url, a.full_url, a.title, ${EXCERPT} as description, a.reach, a.language, a.pub_date,
           ${MEDIA} as media, a.website_id, a.image, ${DATE_TEXT(sql`p.pub_date`)} as k_date, p.r::text as k_rank
      from (${inner}) p
      join articles a on a.id = p.id and a.pub_date = p.pub_date
      left join websites w on w.id = a.website_id
     order by ${orderOf(sort, outer)}`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), pub_date: new Date(r.pub_date), reach: Number(r.reach) }));
}

/**
 * A first date-ordered page read without any count: the newest (or oldest) `scan` rows of the
 * range in (pub_date, id) order, each tested, the first `limit` matches kept. A common word's
 * page is among them (a word in 5 % of the archive has 26 matches in ~520 rows), so its first
 * page needs no count of its months at all; `scanned` tells whether the range held fewer rows
 * than `scan` (then the matches found are all there are). The filters other than the range are
 * tested on the scanned rows, so the scan stays `scan` rows however rare a language is.
 */
export async function probePage(db: Tx, f: SearchFilter, sort: SearchSort, limit: number, scan: number): Promise<{ rows: ResultRow[]; scanned: number }> {
  const cols = { date: sql`s.pub_date`, id: sql`s.id` };
  const range = sql.join(rangeConditions({ ...f, languages: [], minScore: null, maxScore: null }), sql` and `);
  const test = sql.join([sql`s.search @@ ${tsq(f)}`, ...rowFilters(f)], sql` and `);
  const res = await db.execute<ResultRow & { scanned: number }>(sql`
    with w as materialized (
      select s.id, s.pub_date, s.language, s.reach, s.search from article_search s
       where ${range} order by ${orderOf(sort, cols)} limit ${scan}),
    p as (select s.id, s.pub_date, null::real as r from w s where ${test} order by ${orderOf(sort, cols)} limit ${limit})
    select p.id, a.url, a.full_url, a.title, ${EXCERPT} as description, a.reach, a.language, a.pub_date,
           ${MEDIA} as media, a.website_id, a.image, ${DATE_TEXT(sql`p.pub_date`)} as k_date, p.r::text as k_rank,
           (select count(*) from w)::int as scanned
      from p
      join articles a on a.id = p.id and a.pub_date = p.pub_date
      left join websites w on w.id = a.website_id
     order by ${orderOf(sort, { date: sql`p.pub_date`, id: sql`p.id` })}`);
  const rows = res.rows.map(({ scanned: _scanned, ...r }) => ({ ...r, id: Number(r.id), pub_date: new Date(r.pub_date), reach: Number(r.reach) }));
  return { rows, scanned: res.rows.length ? Number(res.rows[0].scanned) : scan };
}

/** The export's CSV columns, in order. */
export const EXPORT_COLUMNS = ['title', 'url', 'media', 'score', 'language', 'pub_date', 'description'] as const;

/** Every match, newest first, as text columns (no mapping in JS), at most `limit` rows. */
export function exportQuery(f: SearchFilter, limit: number): SQL {
  return sql`
    select a.title, a.url, ${MEDIA}, a.reach::text, a.language, ${DATE_TEXT(sql`a.pub_date`)}, a.description
      from article_search s
      join articles a on a.id = s.id and a.pub_date = s.pub_date
      left join websites w on w.id = a.website_id
     where ${searchWhere(f)}
     order by s.pub_date desc, s.id desc
     limit ${limit}`;
}

// Saving results as coverage: the tag and project are tenant data, the archive is shared.

/**
 * Archive articles among `ids` (unknown ids are left out): each id's month from the registry
 * (article_keys), then the article by (id, pub_date), so only those months' partitions are read.
 */
export async function findArchiveArticles(db: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(getTableColumns(articles))
    .from(articleKeys)
    .innerJoin(articles, and(eq(articles.id, articleKeys.articleId), eq(articles.pubDate, articleKeys.pubDate)))
    .where(inArray(articleKeys.articleId, ids));
}
