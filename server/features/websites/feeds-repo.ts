/** Feeds of websites: platform data managed by the operator (see repo.ts on scoping). */
import { and, asc, count, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { feeds, mediatypes, websites } from '../../db/schema/coverage.js';
import { containsPattern, idFilter, orderTerms, pageWindow, splitTotal, totalOver } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';

export type FeedRow = typeof feeds.$inferSelect;

export const FEED_SORTS = ['feed', 'inserted_at', 'last_success_at', 'error_count', 'next_check_at', 'articles_added'] as const;
export const FEED_FILTERS = ['website_id', 'search'] as const;

/** A page of feeds, optionally of one website (`filter[website_id]`), searched by address. */
export async function listFeeds(db: Tx, params: ListParams) {
  const websiteId = idFilter(params, 'website_id');
  const where = and(
    websiteId !== undefined ? eq(feeds.websiteId, websiteId) : undefined,
    params.search ? ilike(feeds.feed, containsPattern(params.search)) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(feeds), total: totalOver })
    .from(feeds)
    .where(where)
    .orderBy(
      ...orderTerms(
        params,
        {
          feed: feeds.feed,
          inserted_at: feeds.insertedAt,
          last_success_at: sql`coalesce(${feeds.lastSuccessAt}, 'epoch'::timestamptz)`,
          error_count: feeds.errorCount,
          next_check_at: feeds.nextCheckAt,
          articles_added: feeds.articlesAdded,
        },
        feeds.id,
      ),
    )
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(feeds).where(where))[0].n);
}

export async function findFeed(db: Tx, id: number): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
  return row;
}

export async function feedUrlTaken(db: Tx, url: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.feed, url));
  return !!row && row.id !== exceptId;
}

export interface OpmlFeedRow {
  websiteId: number;
  domain: string;
  websiteName: string | null;
  websiteLanguage: string;
  mediatype: string | null;
  feed: string;
  title: string | null;
  language: string | null;
  type: number;
}

/** Every feed with its website, in batches ordered by website then feed (keyset, bounded memory). */
export async function* allFeedsByWebsite(db: Tx, batch = 2000): AsyncGenerator<OpmlFeedRow[]> {
  let after = { websiteId: 0, id: 0 };
  for (;;) {
    const rows = await db
      .select({
        id: feeds.id,
        websiteId: websites.id,
        domain: websites.domain,
        websiteName: websites.name,
        websiteLanguage: websites.language,
        mediatype: mediatypes.name,
        feed: feeds.feed,
        title: feeds.title,
        language: feeds.language,
        type: feeds.type,
      })
      .from(feeds)
      .innerJoin(websites, eq(websites.id, feeds.websiteId))
      .leftJoin(mediatypes, eq(mediatypes.id, websites.mediatypeId))
      .where(sql`(${websites.id}, ${feeds.id}) > (${after.websiteId}, ${after.id})`)
      .orderBy(asc(websites.id), asc(feeds.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    after = { websiteId: last.websiteId, id: last.id };
    if (rows.length < batch) return;
  }
}

/**
 * Finds or creates the websites of `domains` (new ones with the default score 0.1) and answers
 * domain → id. Existing websites are left as they are.
 */
export async function ensureWebsites(db: Tx, entries: { domain: string; language: string }[]): Promise<Map<string, number>> {
  const byDomain = new Map<string, number>();
  for (let i = 0; i < entries.length; i += 1000) {
    const chunk = entries.slice(i, i + 1000);
    await db
      .insert(websites)
      .values(chunk.map((e) => ({ domain: e.domain, language: e.language, reach: 0.1 })))
      .onConflictDoNothing({ target: websites.domain });
    const rows = await db
      .select({ id: websites.id, domain: websites.domain })
      .from(websites)
      .where(
        inArray(
          websites.domain,
          chunk.map((e) => e.domain),
        ),
      );
    for (const r of rows) byDomain.set(r.domain, r.id);
  }
  return byDomain;
}
