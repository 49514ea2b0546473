import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * A person's corrections of the stories (issue 32): merge stories that the detection kept apart,
 * split an article out of a story it does not belong to. Corrections are the organization's own
 * (the archive's stories are shared by every organization): `story_edits` records them, and the
 * organization's feed rows (alert_articles.story_id) follow at once. New copies of a merged
 * story's first article follow the merge at ingest (alerts/matcher.ts feedStorySql), and reports
 * read the same edits (storyOfSql).
 *
 * Ids are those the feed shows: a story id, or the article's own id for a story of one. Each must
 * be in the given alert's feed, which belongs to the caller's organization: another feed's,
 * project's or organization's ids are not found.
 */

/** Of `ids`, those that are a story (or a lone article) in the alert's visible feed. */
async function storiesInFeed(tx: Tx, orgId: number, alertId: number, ids: number[]): Promise<Set<number>> {
  const r = await tx.execute<{ id: number }>(sql`
    select distinct coalesce(aa.story_id, aa.article_id) as id
      from alert_articles aa
     where aa.alert_id = ${alertId} and aa.organization_id = ${orgId} and aa.deleted_at is null
       and (aa.story_id = any(${sql.param(ids)}::bigint[]) or (aa.story_id is null and aa.article_id = any(${sql.param(ids)}::bigint[])))`);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** The story's visible copies in the alert's feed (a story of one: the article). */
async function storySize(tx: Tx, alertId: number, storyId: number): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from alert_articles
     where alert_id = ${alertId} and deleted_at is null and (story_id = ${storyId} or (story_id is null and article_id = ${storyId}))`);
  return Number(r.rows[0].n);
}

/**
 * Merges `ids` (2 or more stories of the alert's feed) into the first: every copy of the others,
 * in every feed of the organization, joins it. Returns the story and its size in the alert's
 * feed, or null when an id is not in the feed.
 */
export async function mergeStories(
  tx: Tx,
  orgId: number,
  alertId: number,
  ids: number[],
  userId: number | null,
): Promise<{ storyId: number; size: number } | null> {
  const wanted = [...new Set(ids)];
  const found = await storiesInFeed(tx, orgId, alertId, wanted);
  if (wanted.some((id) => !found.has(id))) return null;
  const [target, ...others] = wanted;
  if (others.length > 0) {
    const from = sql.param(others);
    // Earlier merges into a merged story now point at the target; then each merged story's first article.
    await tx.execute(sql`
      update story_edits set story_id = ${target}, edited_by = ${userId}, edited_at = now()
       where organization_id = ${orgId} and story_id = any(${from}::bigint[])`);
    await tx.execute(sql`
      insert into story_edits (organization_id, article_id, story_id, edited_by)
      select ${orgId}, t.id, ${target}, ${userId} from unnest(${from}::bigint[]) as t(id)
      on conflict (organization_id, article_id) do update set story_id = excluded.story_id, edited_by = excluded.edited_by, edited_at = now()`);
    await tx.execute(sql`
      update alert_articles set story_id = ${target}
       where organization_id = ${orgId}
         and (story_id = any(${from}::bigint[]) or (story_id is null and article_id = any(${from}::bigint[])))`);
  }
  // A lone article that becomes a story's first carries its id in the organization's feeds.
  await tx.execute(sql`update alert_articles set story_id = ${target} where organization_id = ${orgId} and story_id is null and article_id = ${target}`);
  return { storyId: target, size: await storySize(tx, alertId, target) };
}

/**
 * Splits an article of the alert's feed out of its story: it becomes a story of its own in every
 * feed of the organization. Splitting a story's first article leaves the other copies together
 * under the earliest of them. Returns null when the article is not in the feed.
 */
export async function splitStory(tx: Tx, orgId: number, alertId: number, articleId: number, userId: number | null): Promise<{ storyId: number } | null> {
  const row = await tx.execute<{ story_id: number | null }>(sql`
    select story_id from alert_articles where alert_id = ${alertId} and organization_id = ${orgId} and article_id = ${articleId} and deleted_at is null`);
  if (row.rows.length === 0) return null;
  const story = row.rows[0].story_id === null ? null : Number(row.rows[0].story_id);
  if (story === null) return { storyId: articleId };
  if (story === articleId) {
    // The first article leaves: the other copies (in the organization's feeds) go on as the story of the earliest of them.
    const rest = await tx.execute<{ article_id: number }>(sql`
      select distinct article_id from alert_articles where organization_id = ${orgId} and story_id = ${story} and article_id <> ${articleId}`);
    const ids = rest.rows.map((r) => Number(r.article_id)).sort((a, b) => a - b);
    if (ids.length > 0) {
      const next = ids[0];
      await tx.execute(sql`
        insert into story_edits (organization_id, article_id, story_id, edited_by)
        select ${orgId}, t.id, ${next}, ${userId} from unnest(${sql.param(ids)}::bigint[]) as t(id)
        on conflict (organization_id, article_id) do update set story_id = excluded.story_id, edited_by = excluded.edited_by, edited_at = now()`);
      await tx.execute(
        sql`update alert_articles set story_id = ${next} where organization_id = ${orgId} and story_id = ${story} and article_id <> ${articleId}`,
      );
    }
  }
  await tx.execute(sql`
    insert into story_edits (organization_id, article_id, story_id, edited_by) values (${orgId}, ${articleId}, ${articleId}, ${userId})
    on conflict (organization_id, article_id) do update set story_id = excluded.story_id, edited_by = excluded.edited_by, edited_at = now()`);
  await tx.execute(sql`update alert_articles set story_id = ${articleId} where organization_id = ${orgId} and article_id = ${articleId}`);
  return { storyId: articleId };
}

/**
 * The story of archive article `a` for organization `org`, as reports count it: the
 * organization's edit of the article, else its edit of the article's story, else the story, else
 * the article itself.
 */
export const storyOfSql = (org: ReturnType<typeof sql>, a = sql.raw('a')) => sql`coalesce(
  (select e.story_id from story_edits e where e.organization_id = ${org} and e.article_id = ${a}.id),
  (select e.story_id from story_edits e where e.organization_id = ${org} and e.article_id = ${a}.story_id),
  ${a}.story_id, ${a}.id)`;
