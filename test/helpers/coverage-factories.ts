import { and, eq, sql } from 'drizzle-orm';
import { toTsvectorLiteral } from '../../common/query/postgres.js';
import { articleSearchText, tokenize } from '../../common/query/tokenize.js';
import { canonicalUrl } from '../../common/url.js';
import { alerts, articles, feeds, savedArticles, websites } from '../../server/db/schema/coverage.js';
import { projects } from '../../server/db/schema/workspace.js';
import { mediaSql, titleSortSql } from '../../server/db/media-sql.js';
import { urlKey } from '../../server/net/url-key.js';
import { writeArchiveArticles } from '../../server/features/crawler/archive-store.js';
import { insertArchiveSelect } from '../../server/features/crawler/archive.js';
import type { TestContext } from './app.js';
import { makeProject } from './factories.js';

/**
 * Coverage rows for tests, written straight to the database the way the crawler and ingest
 * write them (the features that normally write them are not under test): websites, feeds,
 * alerts, archive articles, alert feed rows and saved coverage.
 */

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A website (media outlet) with a media score. */
export async function makeWebsite(
  ctx: TestContext,
  opts: {
    domain?: string;
    reach?: number;
    language?: string;
    muv?: number | null;
    isMetacritic?: boolean;
    isEa?: boolean;
    name?: string;
    geography?: { country_code_iso: string; visits: number }[];
  } = {},
) {
  const [row] = await ctx.deps.db
    .insert(websites)
    .values({
      domain: opts.domain ?? `site-${unique()}.example`,
      name: opts.name ?? null,
      reach: opts.reach ?? 5,
      language: opts.language ?? 'unknown',
      muv: opts.muv ?? null,
      isMetacritic: opts.isMetacritic ?? false,
      isEa: opts.isEa ?? false,
      geography: opts.geography ?? [],
    })
    .returning();
  return row;
}

/** A feed of `websiteId` at `url`. */
export async function makeFeed(
  ctx: TestContext,
  websiteId: number,
  opts: {
    url?: string;
    type?: number;
    language?: string | null;
    region?: string | null;
    disabled?: boolean;
    intervalSeconds?: number;
    nextCheckAt?: Date;
  } = {},
) {
  const [row] = await ctx.deps.db
    .insert(feeds)
    .values({
      websiteId,
      feed: opts.url ?? `https://feeds-${unique()}.example/rss`,
      type: opts.type ?? 0,
      language: opts.language ?? null,
      region: opts.region ?? null,
      disabled: opts.disabled ?? false,
      intervalSeconds: opts.intervalSeconds ?? 1800,
      nextCheckAt: opts.nextCheckAt ?? new Date(),
    })
    .returning();
  return row;
}

/** An alert on a (new, unless given) project of `orgId`, linked from the project; no backfill runs. */
export async function makeAlert(
  ctx: TestContext,
  orgId: number,
  opts: {
    keywords?: string;
    projectId?: number;
    lastRunAt?: Date | null;
    name?: string;
    minReach?: number;
    active?: boolean;
    slackWebhookUrl?: string | null;
    slackTracking?: boolean;
    discordWebhookUrl?: string | null;
  },
) {
  const projectId = opts.projectId ?? (await makeProject(ctx, orgId)).id;
  const [row] = await ctx.deps.db
    .insert(alerts)
    .values({
      organizationId: orgId,
      projectId,
      name: opts.name ?? `Alert ${unique()}`,
      keywords: opts.keywords ?? '"launch"',
      lastRunAt: opts.lastRunAt ?? null,
      minReach: opts.minReach ?? 0.1,
      active: opts.active ?? true,
      slackTracking: opts.slackTracking ?? Boolean(opts.slackWebhookUrl),
      slackWebhookUrl: opts.slackWebhookUrl ?? null,
      discordWebhookUrl: opts.discordWebhookUrl ?? null,
    })
    .returning();
  await ctx.deps.db.update(projects).set({ alertId: row.id }).where(eq(projects.id, projectId));
  return row;
}

/** A feed item as parse-feed.ts produces it. */
export function feedItem(
  over: Partial<{
    url: string;
    title: string;
    description: string;
    author: string | null;
    published: Date | null;
    language: string | null;
    image: string | null;
    html: string | null;
  }> = {},
) {
  return {
    url: over.url ?? `https://news.example/${unique()}`,
    guid: null,
    title: over.title ?? 'A headline',
    description: over.description ?? 'Some text about things.',
    html: over.html ?? null,
    author: over.author ?? null,
    published: over.published === undefined ? new Date() : over.published,
    language: over.language ?? null,
    image: over.image ?? null,
  };
}

type ArticleValues = Omit<Partial<typeof articles.$inferInsert>, 'pubDate'> & { pubDate?: Date | string };

/**
 * An archive article as ingest writes it: canonical URL and its key, the search vector from
 * common/query's tokenizer. Unset values are plain (reach 1, no visitors, no description) so a
 * test states what it relies on.
 */
export async function makeArchiveArticle(ctx: TestContext, values: ArticleValues = {}) {
  const n = seq++;
  const url = canonicalUrl(values.url ?? `https://news.example.com/story-${unique()}`);
  const title = values.title ?? `Archive story ${n}`;
  const description = values.description ?? '';
  const values2 = { language: 'en', reach: 1, ...values };
  const pubDate = new Date(values.pubDate ?? Date.now());
  const ids = await ctx.deps.db.transaction((tx) =>
    writeArchiveArticles(tx, [
      {
        ...values2,
        language: values2.language ?? 'en',
        reach: values2.reach ?? 1,
        pubDate,
        firstSeenAt: values.firstSeenAt ? new Date(values.firstSeenAt) : undefined,
        url,
        fullUrl: values.fullUrl ?? `${url}?utm_source=feed`,
        urlKey: urlKey(url),
        title,
        description,
        search: toTsvectorLiteral(tokenize(articleSearchText(title, description))),
      },
    ]),
  );
  const id = ids.get(urlKey(url));
  if (id === undefined) throw new Error(`makeArchiveArticle: ${url} is already in the archive`);
  const [row] = await ctx.deps.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.pubDate, pubDate)));
  return row;
}

/**
 * Archive articles generated in SQL, thousands at once (keys, articles and search rows, as the
 * writer stores them): `select` names url_key, url, full_url, title, description, language,
 * pub_date, reach and search, plus the `extra` columns (crawler/archive.ts archiveFromSelect).
 */
export const makeArchiveArticlesSql = (ctx: TestContext, select: string, extra: Parameters<typeof insertArchiveSelect>[2] = []) =>
  insertArchiveSelect(ctx.deps.db, select, extra);

/**
 * Puts archive articles in an alert's feed, copying their sort and filter columns as ingest
 * does (title_sort and media computed by PostgreSQL, like every writer of alert_articles).
 */
export async function addToFeed(ctx: TestContext, alert: { id: number; organizationId: number }, list: { id: number }[], opts: { deleted?: boolean } = {}) {
  if (list.length === 0) return;
  const ids = sql.join(
    list.map((a) => sql`${a.id}`),
    sql`, `,
  );
  await ctx.deps.db.execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search, deleted_at)
    select ${alert.id}, a.id, ${alert.organizationId}, a.pub_date, a.reach, a.language, a.is_metacritic,
           ${titleSortSql(sql`a.title`)}, ${mediaSql(sql`w.domain`, sql`a.url`)}, s.search, ${opts.deleted ? sql`now()` : sql`null`}
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
      left join websites w on w.id = a.website_id where a.id in (${ids})`);
}

/** Saved coverage of an archive article under a project's tag (what makes a feed row `saved`). */
export async function makeSavedArticle(
  ctx: TestContext,
  orgId: number,
  opts: { projectId: number; tagId: number; article: { id: number; url: string; urlKey: string }; title?: string },
) {
  const [row] = await ctx.deps.db
    .insert(savedArticles)
    .values({
      organizationId: orgId,
      projectId: opts.projectId,
      tagId: opts.tagId,
      articleId: opts.article.id,
      urlKey: opts.article.urlKey,
      url: opts.article.url,
      fullUrl: opts.article.url,
      title: opts.title ?? 'Saved',
      date: new Date(),
    })
    .returning();
  return row;
}

export const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000);
