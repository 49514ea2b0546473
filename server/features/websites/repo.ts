/**
 * Websites are shared platform data (every organization's alerts read them), managed only by
 * the platform operator: there is no organization column to scope by. The routes' operator
 * gate (`websites.read` / `websites.write`, routes.ts) is the scope; these functions are never
 * called from a tenant route.
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { articles, feedMoves, feeds, mediatypes, websiteAuthors, websites, websiteSocialAccounts } from '../../db/schema/coverage.js';
import { containsPattern, orderTerms, pageWindow, splitTotal, totalOver } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';
import { users } from '../../db/schema/accounts.js';

export type WebsiteRow = typeof websites.$inferSelect;
export type FeedRow = typeof feeds.$inferSelect;

export interface WebsiteListRow extends WebsiteRow {
  mediatypeName: string | null;
  articlesCount: number;
  feedsCount: number;
  feedsFailing: number;
  feedsDisabled: number;
  /** The health of its worst enabled feed; null when none is enabled. */
  health: string | null;
  /** The date of the ranking list its rank comes from, and who typed a manual score. */
  rankListDate: string | null;
  reachSetByName: string | null;
}

export const WEBSITE_SORTS = ['name', 'domain', 'reach', 'muv', 'articles-count', 'inserted_at'] as const;
export const WEBSITE_FILTERS = ['search', 'language', 'mediatype_id', 'health', 'in_directory', 'pack_id'] as const;

/** Feed health from worst to best: a website shows its worst enabled feed's. */
const HEALTH_SEVERITY = ['blocked', 'not_found', 'not_a_feed', 'tls', 'unreachable', 'timeout', 'too_large', 'rate_limited', 'stale', 'pending', 'ok'];

const articlesCount = sql<number>`(select count(*) from ${articles} a where a.website_id = ${websites.id})`.mapWith(Number);
const feedCount = (where: SQL) => sql<number>`(select count(*) from ${feeds} f where f.website_id = ${websites.id} and ${where})`.mapWith(Number);

const listColumns = {
  ...getTableColumns(websites),
  mediatypeName: mediatypes.name,
  articlesCount,
  feedsCount: feedCount(sql`true`),
  feedsFailing: feedCount(sql`not f.disabled and f.error_count > 0`),
  feedsDisabled: feedCount(sql`f.disabled`),
  // The same feeds as filter[health] reads: enabled ones (null when none is on).
  health: sql<string | null>`(select f.health from ${feeds} f where f.website_id = ${websites.id} and not f.disabled
    order by array_position(${sql.param(HEALTH_SEVERITY)}::text[], f.health) limit 1)`,
  rankListDate: sql<string | null>`(select l.list_date::text from ranking_lists l where l.id = ${websites.rankListId})`,
  reachSetByName: sql<string | null>`(select coalesce(nullif(u.name, ''), u.email) from ${users} u where u.id = ${websites.reachSetBy})`,
};

function listConditions(params: ListParams) {
  const pattern = params.search ? containsPattern(params.search) : undefined;
  const mediatypeId = Number(params.filter.mediatype_id);
  return and(
    pattern ? or(ilike(websites.domain, pattern), ilike(websites.name, pattern)) : undefined,
    params.filter.language ? eq(websites.language, params.filter.language) : undefined,
    Number.isInteger(mediatypeId) && mediatypeId > 0 ? eq(websites.mediatypeId, mediatypeId) : undefined,
    // Websites with an enabled feed in that health (the crawler panel's counts link here).
    params.filter.health
      ? sql`exists (select 1 from ${feeds} f where f.website_id = ${websites.id} and not f.disabled and f.health = ${params.filter.health})`
      : undefined,
    params.filter.in_directory === 'true'
      ? sql`${websites.directory} is not null`
      : params.filter.in_directory === 'false'
        ? sql`${websites.directory} is null`
        : undefined,
    params.filter.pack_id ? eq(websites.packId, params.filter.pack_id) : undefined,
  );
}

/** A page of websites with their article count and a feed-health summary. */
export async function listWebsites(db: Tx, params: ListParams): Promise<{ rows: WebsiteListRow[]; total: number }> {
  const where = listConditions(params);
  const rows = await db
    .select({ ...listColumns, total: totalOver })
    .from(websites)
    .leftJoin(mediatypes, eq(mediatypes.id, websites.mediatypeId))
    .where(where)
    .orderBy(
      ...orderTerms(
        params,
        {
          name: sql`lower(coalesce(${websites.name}, ${websites.domain}))`,
          domain: websites.domain,
          reach: websites.reach,
          muv: sql`coalesce(${websites.muv}, -1)`,
          'articles-count': articlesCount,
          inserted_at: websites.insertedAt,
        },
        websites.id,
      ),
    )
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(websites).where(where))[0].n);
}

/** One website by id or by domain ("www." and case ignored). */
export async function findWebsite(db: Tx, idOrDomain: string): Promise<WebsiteListRow | undefined> {
  const key = idOrDomain.trim().toLowerCase();
  const where = /^\d{1,9}$/.test(key) ? eq(websites.id, Number(key)) : eq(websites.domain, key.replace(/^www\./, ''));
  const [row] = await db.select(listColumns).from(websites).leftJoin(mediatypes, eq(mediatypes.id, websites.mediatypeId)).where(where);
  return row;
}

export async function findWebsiteByDomain(db: Tx, domain: string): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.domain, domain));
  return row;
}

export async function findWebsiteById(db: Tx, id: number): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.id, id));
  return row;
}

export async function mediatypeExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: mediatypes.id }).from(mediatypes).where(eq(mediatypes.id, id));
  return !!row;
}

/** Inserts a website; undefined when the domain already exists. */
export async function insertWebsite(db: Tx, values: typeof websites.$inferInsert): Promise<WebsiteRow | undefined> {
  const [row] = await db.insert(websites).values(values).onConflictDoNothing({ target: websites.domain }).returning();
  return row;
}

export async function updateWebsite(db: Tx, id: number, set: PgUpdateSetSource<typeof websites>): Promise<WebsiteRow | undefined> {
  const [row] = await db
    .update(websites)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(websites.id, id))
    .returning();
  return row;
}

/** Replaces a website's Twitter accounts with `usernames` (duplicates ignored). */
export async function replaceSocialAccounts(db: Tx, websiteId: number, usernames: string[]): Promise<void> {
  await db.delete(websiteSocialAccounts).where(eq(websiteSocialAccounts.websiteId, websiteId));
  const unique = [...new Set(usernames)];
  if (unique.length) {
    await db
      .insert(websiteSocialAccounts)
      .values(unique.map((username) => ({ websiteId, network: 'twitter', username })))
      .onConflictDoNothing();
  }
}

/** What the detail page shows beside the website: feeds (with polling state), authors, accounts. */
export async function websiteRelations(db: Tx, websiteId: number) {
  const [feedRows, authorRows, accountRows, moveRows] = await Promise.all([
    db.select().from(feeds).where(eq(feeds.websiteId, websiteId)).orderBy(asc(feeds.id)),
    db
      .select()
      .from(websiteAuthors)
      .where(eq(websiteAuthors.websiteId, websiteId))
      .orderBy(desc(websiteAuthors.articlesCount), asc(websiteAuthors.author))
      .limit(500),
    db.select().from(websiteSocialAccounts).where(eq(websiteSocialAccounts.websiteId, websiteId)).orderBy(asc(websiteSocialAccounts.username)),
    // The crawler's record of its feeds' moves (read-only here), newest first.
    db.select().from(feedMoves).where(eq(feedMoves.websiteId, websiteId)).orderBy(desc(feedMoves.movedAt), desc(feedMoves.id)).limit(20),
  ]);
  return { feeds: feedRows, authors: authorRows, accounts: accountRows, moves: moveRows };
}

export const WEBSITE_ARTICLE_SORTS = ['pub_date', 'title'] as const;

export type WebsiteArticleRow = Pick<
  typeof articles.$inferSelect,
  'id' | 'title' | 'url' | 'fullUrl' | 'description' | 'author' | 'image' | 'language' | 'pubDate' | 'reach' | 'feedId' | 'websiteId'
>;

/** The archive's articles of one website, newest first unless sorted otherwise. */
export async function listWebsiteArticles(db: Tx, websiteId: number, params: ListParams) {
  const pattern = params.search ? containsPattern(params.search) : undefined;
  const where = and(eq(articles.websiteId, websiteId), pattern ? ilike(articles.title, pattern) : undefined);
  const { id, title, url, fullUrl, description, author, image, language, pubDate, reach, feedId } = getTableColumns(articles);
  const rows = await db
    .select({ id, title, url, fullUrl, description, author, image, language, pubDate, reach, feedId, websiteId: articles.websiteId, total: totalOver })
    .from(articles)
    .where(where)
    .orderBy(...orderTerms(params, { pub_date: articles.pubDate, title: sql`lower(${articles.title})` }, articles.id))
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(articles).where(where))[0].n);
}
