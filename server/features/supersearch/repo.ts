import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { articles } from '../../db/schema/coverage.js';
import { mediaSql } from '../../db/media-sql.js';

/**
 * Super Search over the article archive (shared by every organization: no tenant column). The
 * text condition is `articles.search @@ tsquery` (GIN articles_search_idx); dates, languages and
 * the media score are tested on the row. docs/search.md explains the plans.
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

/** Every condition but the text one: the rows a date-ordered walk passes over. */
function rangeConditions(f: SearchFilter): SQL[] {
  const c: SQL[] = [
    sql`a.pub_date >= ${`${f.from}T00:00:00Z`}::timestamptz`,
    sql`a.pub_date < ${`${f.toExclusive}T00:00:00Z`}::timestamptz`,
  ];
  if (f.languages.length) c.push(sql`a.language = any(${sql.param(f.languages)}::text[])`);
  if (f.minScore !== null) c.push(sql`a.reach >= ${f.minScore}::real`);
  if (f.maxScore !== null) c.push(sql`a.reach <= ${f.maxScore}::real`);
  return c;
}

/** The full condition: the text (GIN-indexable) and every other filter. */
export function searchWhere(f: SearchFilter): SQL {
  return sql.join([sql`a.search @@ ${tsq(f)}`, ...rangeConditions(f)], sql` and `);
}

/** Matching articles per UTC day (days without any are absent): the volume chart and the total, in one pass. */
export async function countByDay(db: Tx, f: SearchFilter): Promise<Map<string, number>> {
  const res = await db.execute<{ day: string; n: number }>(sql`
    select to_char((a.pub_date at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
      from articles a
     where ${searchWhere(f)}
     group by (a.pub_date at time zone 'UTC')::date`);
  return new Map(res.rows.map((r) => [r.day, Number(r.n)]));
}

/** The planner's estimate of the rows in the range before the text condition (what a walk passes over). */
export async function estimateRangeRows(db: Tx, f: SearchFilter): Promise<number> {
  const res = await db.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    sql`explain (format json) select 1 from articles a where ${sql.join(rangeConditions(f), sql` and `)}`,
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
  return sort.field === 'relevance'
    ? sql`${cols.rank} ${dir}, ${cols.date} ${dir}, ${cols.id} ${dir}`
    : sql`${cols.date} ${dir}, ${cols.id} ${dir}`;
}

/**
 * How a page is found. `walk`: read the range in (pub_date, id) order (articles_pub_date_id_idx)
 * and test each row until the page is full — cheap when matches are frequent. `collect`: find
 * every match first (GIN, ANDed with the date index for narrow ranges) and sort them — cheap
 * when they are few; the only way for relevance, which ranks every match.
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
    const cols = { date: sql`a.pub_date`, id: sql`a.id` };
    const where = sql.join([sql`(a.search @@ ${tsq(f)}) is true`, ...rangeConditions(f)], sql` and `);
    inner = sql`select a.id, a.pub_date, null::real as r from articles a
                 where ${where} and ${afterKey(sort, key, cols)}
                 order by ${orderOf(sort, cols)} limit ${limit}`;
  } else {
    // `materialized`: the matches are found once (bitmap scans), then ordered; never a walk.
    const rank = sort.field === 'relevance' ? sql`ts_rank(a.search, ${tsq(f)}, 1)` : sql`null::real`;
    const cols = { date: sql`m.pub_date`, id: sql`m.id`, rank: sql`m.r` };
    inner = sql`with m as materialized (select a.id, a.pub_date, ${rank} as r from articles a where ${searchWhere(f)})
                select m.id, m.pub_date, m.r from m where ${afterKey(sort, key, cols)}
                 order by ${orderOf(sort, cols)} limit ${limit}`;
  }
  const outer = { date: sql`p.pub_date`, id: sql`p.id`, rank: sql`p.r` };
  const res = await db.execute<ResultRow>(sql`
    select p.id, a.url, a.full_url, a.title, ${EXCERPT} as description, a.reach, a.language, a.pub_date,
           ${MEDIA} as media, a.website_id, a.image, ${DATE_TEXT(sql`p.pub_date`)} as k_date, p.r::text as k_rank
      from (${inner}) p
      join articles a on a.id = p.id
      left join websites w on w.id = a.website_id
     order by ${orderOf(sort, outer)}`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), pub_date: new Date(r.pub_date), reach: Number(r.reach) }));
}

/** The export's CSV columns, in order. */
export const EXPORT_COLUMNS = ['title', 'url', 'media', 'score', 'language', 'pub_date', 'description'] as const;

/** Every match, newest first, as text columns (no mapping in JS), at most `limit` rows. */
export function exportQuery(f: SearchFilter, limit: number): SQL {
  return sql`
    select a.title, a.url, ${MEDIA}, a.reach::text, a.language, ${DATE_TEXT(sql`a.pub_date`)}, a.description
      from articles a left join websites w on w.id = a.website_id
     where ${searchWhere(f)}
     order by a.pub_date desc, a.id desc
     limit ${limit}`;
}

// Saving results as coverage: the tag and project are tenant data, the archive is shared.

/** Archive articles among `ids` (unknown ids are left out). */
export async function findArchiveArticles(db: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(articles).where(inArray(articles.id, ids));
}
