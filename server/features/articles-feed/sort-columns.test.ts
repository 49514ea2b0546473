import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { makeAlert, makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { backfillAlert } from '../alerts/service.js';
import { alertArticles } from '../../db/schema/coverage.js';
import { feedSortValues, TITLE_SORT_CHARS } from '../../db/media-sql.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('copied sort columns of alert_articles', () => {
  it('are filled by the alert backfill: lower-cased truncated title, website domain or URL host', async () => {
    const { org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'kestrelwing' });
    const site = await makeWebsite(ctx, { domain: `kestrel-${org.id}.example.test` });
    // ASCII only: lower() of other letters depends on the database's locale, as it always did for this sort.
    const long = `Kestrelwing ${'Ab'.repeat(100)}`;
    const onSite = await makeArchiveArticle(ctx, { title: long, websiteId: site.id });
    const loose = await makeArchiveArticle(ctx, { title: 'KESTRELWING Loose', url: `https://www.loose-${org.id}.example.test/a` });
    await backfillAlert(ctx.deps.db, org.id, alert.id);
    const res = await ctx.deps.db.execute<{ article_id: number; title_sort: string; media: string }>(
      sql`select article_id, title_sort, media from alert_articles where alert_id = ${alert.id}`,
    );
    const byId = new Map(res.rows.map((r) => [Number(r.article_id), r]));
    expect(byId.get(onSite.id)).toMatchObject({ title_sort: long.toLowerCase().slice(0, TITLE_SORT_CHARS), media: site.domain });
    expect(byId.get(loose.id)).toMatchObject({ title_sort: 'kestrelwing loose', media: `loose-${org.id}.example.test` });

    // Writers holding the article, not its row (demo seed), get the same values through scalar subqueries.
    const other = await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'unrelated' });
    await ctx.deps.db.insert(alertArticles).values({
      alertId: other.id,
      articleId: loose.id,
      organizationId: org.id,
      pubDate: loose.pubDate,
      reach: 1,
      language: 'en',
      ...feedSortValues(loose),
    });
    const [copy] = await ctx.deps.db
      .select()
      .from(alertArticles)
      .where(sql`${alertArticles.alertId} = ${other.id}`);
    expect(copy).toMatchObject({ titleSort: 'kestrelwing loose', media: `loose-${org.id}.example.test` });
  });
});
