import { sql } from 'drizzle-orm';
import { estimatedViewsSql } from '../../db/media-sql.js';
import type { Tx } from '../../db/client.js';

/**
 * The archive articles of these websites take their outlet's current score and visitors (and
 * the estimated views that follow from them: common/media-score.ts estimatedViews, the same
 * formula in SQL), with the search side's copy of the score. Only rows that differ are
 * written; the caller's transaction holds the websites' new figures. Returns rows changed.
 */
export async function rescoreArchiveArticles(tx: Tx, websiteIds: number[]): Promise<number> {
  if (!websiteIds.length) return 0;
  const { rows } = await tx.execute<{ n: string }>(sql`
    with w as (
      select id, reach, muv, ${estimatedViewsSql(sql`muv`)} as views
      from websites where id = any(${sql.param(websiteIds)}::int[])
    ),
    changed as (
      update articles a set reach = w.reach, muv = w.muv, estimated_views = w.views
      from w
      where a.website_id = w.id
        and (a.reach is distinct from w.reach or a.muv is distinct from w.muv or a.estimated_views is distinct from w.views)
      returning a.id, a.pub_date, a.reach
    ),
    search as (
      update article_search s set reach = c.reach from changed c
      where s.id = c.id and s.pub_date = c.pub_date and s.reach is distinct from c.reach
    )
    select count(*)::text as n from changed`);
  return Number(rows[0]?.n ?? 0);
}
