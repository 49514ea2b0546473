import { toTsvectorLiteral } from '../../../common/query/postgres.js';
import { articleSearchText, tokenize } from '../../../common/query/tokenize.js';
import { canonicalUrl } from '../../../common/url.js';
import { alertArticles, alerts, articles, websites } from '../../db/schema/coverage.js';
import { urlKey } from '../../net/url-key.js';
import type { TestContext } from '../../../test/helpers/app.js';

/**
 * For tests only: archive articles, websites and alert feeds written straight to the database
 * (the crawler that normally writes them is another feature).
 */

let seq = 0;

export async function makeWebsite(ctx: TestContext, domain: string, values: Partial<typeof websites.$inferInsert> = {}) {
  const [row] = await ctx.deps.db.insert(websites).values({ domain, reach: 4.2, muv: 2_500_000, ...values }).returning();
  return row;
}

export async function makeArchiveArticle(ctx: TestContext, values: Partial<typeof articles.$inferInsert> & { url?: string } = {}) {
  const n = seq++;
  const url = canonicalUrl(values.url ?? `https://news.example.com/story-${Date.now().toString(36)}-${n}`);
  const title = values.title ?? `Archive story ${n}`;
  const description = values.description ?? 'A story from the archive';
  const [row] = await ctx.deps.db
    .insert(articles)
    .values({
      pubDate: new Date('2024-04-02T08:00:00Z'),
      language: 'en',
      reach: 6.5,
      muv: 9_000_000,
      image: 'https://news.example.com/cover.jpg',
      ...values,
      url,
      fullUrl: values.fullUrl ?? `${url}?utm_source=feed`,
      urlKey: urlKey(url),
      title,
      description,
      search: toTsvectorLiteral(tokenize(articleSearchText(title, description))),
    })
    .returning();
  return row;
}

export async function makeAlert(ctx: TestContext, orgId: number, projectId: number) {
  const [row] = await ctx.deps.db
    .insert(alerts)
    .values({ organizationId: orgId, projectId, name: 'Launch alert', keywords: '"launch"' })
    .returning();
  return row;
}

/** Puts archive articles in an alert's feed. */
export async function addToFeed(ctx: TestContext, alert: { id: number; organizationId: number }, list: (typeof articles.$inferSelect)[]) {
  await ctx.deps.db.insert(alertArticles).values(
    list.map((a) => ({
      alertId: alert.id,
      articleId: a.id,
      organizationId: alert.organizationId,
      pubDate: a.pubDate,
      reach: a.reach,
      language: a.language,
      isMetacritic: a.isMetacritic,
    })),
  );
}
