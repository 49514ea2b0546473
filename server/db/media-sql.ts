import { sql, type SQL } from 'drizzle-orm';
import { ARTICLE_VIEW_SHARE, ARTICLE_VIEWS_CAP } from '../../common/media-score.js';

/**
 * The feed's sort keys that live on other tables (the article's title, its website's domain),
 * copied into alert_articles when an article is matched so that sorting by them is a scan of
 * one index (alert_articles_title_idx, alert_articles_media_idx) instead of a join and a sort
 * of the whole feed. Every writer of alert_articles fills them with these expressions, so the
 * copies are computed by PostgreSQL alone (same lower-casing and truncation everywhere).
 */

/** Characters of the lower-cased title kept as its sort key; titles equal that far tie on date. */
export const TITLE_SORT_CHARS = 100;

/** The host of a URL without "www.", as PostgreSQL computes it (the media of an article without a website). */
const HOST_PATTERN = '^[a-zA-Z]+://(?:www\\.)?([^/:?#]+)';

/** title_sort for an article's title. */
export const titleSortSql = (title: SQL): SQL => sql`left(lower(${title}), ${sql.raw(String(TITLE_SORT_CHARS))})`;

/** media for an article (its website's domain, else its URL's host; never null). */
export const mediaSql = (domain: SQL, url: SQL): SQL => sql`coalesce(${domain}, substring(${url} from ${sql.raw(`'${HOST_PATTERN}'`)}), '')`;

/**
 * The copied columns (sort keys and search vector) for the archive article `article`, as scalar
 * subqueries (writers that hold the article, not its row). Read by the whole key, so each probes
 * one month's partition.
 */
export function feedSortValues(article: { id: number; pubDate: Date }): { titleSort: SQL; media: SQL; search: SQL } {
  const key = (alias: string) => sql`${sql.raw(alias)}.id = ${article.id} and ${sql.raw(alias)}.pub_date = ${article.pubDate.toISOString()}::timestamptz`;
  return {
    search: sql`(select s.search from article_search s where ${key('s')})`,
    titleSort: sql`(select ${titleSortSql(sql`a.title`)} from articles a where ${key('a')})`,
    media: sql`(select ${mediaSql(sql`w.domain`, sql`a.url`)} from articles a left join websites w on w.id = a.website_id where ${key('a')})`,
  };
}

/**
 * common/media-score.ts estimatedViews in SQL, from the same constants: the views of one article
 * of an outlet with `muv` monthly visitors, null when `muv` is null (spelled out: least() skips
 * nulls and would give the cap). round() of a numeric rounds halves up like Math.round for these
 * non-negative figures.
 */
export const estimatedViewsSql = (muv: SQL): SQL =>
  sql`(case when ${muv} is null then null else least(${sql.raw(String(ARTICLE_VIEWS_CAP))}, round(${muv} * ${sql.raw(String(ARTICLE_VIEW_SHARE))})) end)::int`;

/** The same expression as text, for statements written as plain SQL strings (the archive's conversion). */
export const estimatedViewsText = (muv: string): string =>
  `(case when ${muv} is null then null else least(${ARTICLE_VIEWS_CAP}, round(${muv} * ${ARTICLE_VIEW_SHARE})) end)::int`;
