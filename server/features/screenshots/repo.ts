import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { savedArticles } from '../../db/schema/coverage.js';
import { screenshots } from '../../db/schema/reports.js';

export type ScreenshotRow = typeof screenshots.$inferSelect;

const idList = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** The saved article (id, address, feed image) when it is the organization's. */
export async function findSavedArticleRef(db: Tx, orgId: number, id: number) {
  const [row] = await db
    .select({ id: savedArticles.id, fullUrl: savedArticles.fullUrl, image: savedArticles.image })
    .from(savedArticles)
    .where(and(eq(savedArticles.organizationId, orgId), eq(savedArticles.id, id)));
  return row;
}

/**
 * Creates the missing screenshot rows (pending) of the organization's saved articles among
 * `ids`, and puts failed ones back to pending; returns the ids it created and every row.
 */
export async function upsertScreenshots(db: Tx, orgId: number, ids: number[]): Promise<{ created: Set<number>; rows: ScreenshotRow[] }> {
  if (ids.length === 0) return { created: new Set(), rows: [] };
  const inserted = await db.execute<{ saved_article_id: number }>(sql`
    insert into ${screenshots} (organization_id, saved_article_id, article_url)
    select ${savedArticles.organizationId}, ${savedArticles.id}, ${savedArticles.fullUrl} from ${savedArticles}
     where ${savedArticles.organizationId} = ${orgId} and ${savedArticles.id} = any(${idList(ids)})
    on conflict (saved_article_id) do nothing
    returning saved_article_id`);
  await db
    .update(screenshots)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(and(eq(screenshots.organizationId, orgId), eq(screenshots.status, 'failed'), sql`${screenshots.savedArticleId} = any(${idList(ids)})`));
  const rows = await db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.organizationId, orgId), sql`${screenshots.savedArticleId} = any(${idList(ids)})`));
  return { created: new Set(inserted.rows.map((r) => Number(r.saved_article_id))), rows };
}

export async function findScreenshot(db: Tx, orgId: number, savedArticleId: number): Promise<ScreenshotRow | undefined> {
  const [row] = await db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.organizationId, orgId), eq(screenshots.savedArticleId, savedArticleId)));
  return row;
}

/** A screenshot row with its saved article's feed image (the job's input). */
export async function findScreenshotJob(db: Tx, orgId: number, id: number) {
  const [row] = await db
    .select({
      id: screenshots.id,
      savedArticleId: screenshots.savedArticleId,
      articleUrl: screenshots.articleUrl,
      status: screenshots.status,
      image: savedArticles.image,
    })
    .from(screenshots)
    .innerJoin(savedArticles, eq(savedArticles.id, screenshots.savedArticleId))
    .where(and(eq(screenshots.organizationId, orgId), eq(screenshots.id, id)));
  return row;
}

export async function updateScreenshot(db: Tx, orgId: number, id: number, set: PgUpdateSetSource<typeof screenshots>): Promise<void> {
  await db
    .update(screenshots)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(screenshots.organizationId, orgId), eq(screenshots.id, id)));
}
