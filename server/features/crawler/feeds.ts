import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { feeds } from '../../db/schema/coverage.js';

/**
 * The crawler owns the feed rows: their polling state lives on them (GUIDE §4.5), and the
 * operator's Websites pages add, edit and remove feeds through these (crawler/service.ts). Here the
 * rows are added, removed and looked up; every update of a row is in feed-state.ts.
 */

export type FeedRow = typeof feeds.$inferSelect;

/** Inserts a feed; undefined when the same feed address already exists. */
export async function insertFeed(db: Tx, values: typeof feeds.$inferInsert): Promise<FeedRow | undefined> {
  const [row] = await db.insert(feeds).values(values).onConflictDoNothing({ target: feeds.feed }).returning();
  return row;
}

export async function deleteFeed(db: Tx, id: number): Promise<boolean> {
  const rows = await db.delete(feeds).where(eq(feeds.id, id)).returning({ id: feeds.id });
  return rows.length > 0;
}

/** Inserts feeds that do not exist yet; answers the created rows (address and id). */
export async function insertNewFeeds(db: Tx, values: (typeof feeds.$inferInsert)[]): Promise<{ id: number; feed: string }[]> {
  const created: { id: number; feed: string }[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(feeds)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing({ target: feeds.feed })
      .returning({ id: feeds.id, feed: feeds.feed });
    created.push(...rows);
  }
  return created;
}

/**
 * Feeds that keep failing as if moved (404/410, not a feed), due for a look at their homepage;
 * and at once, a feed that has never worked and is not a feed at all (an OPML entry or a typed
 * address that is the outlet's web page): that page is where its feed is announced.
 */
export async function listFeedsToHeal(db: Tx, opts: { minErrors: number; retryAfterHours: number; limit: number; now: Date }) {
  const since = new Date(opts.now.getTime() - opts.retryAfterHours * 3_600_000).toISOString();
  const rows = await db.execute<{ id: number; feed: string; website_id: number; type: number; domain: string; health: string }>(sql`
    select f.id, f.feed, f.website_id, f.type, w.domain, f.health from feeds f join websites w on w.id = f.website_id
    where not f.disabled and f.health in ('not_found', 'not_a_feed')
      and (f.error_count >= ${opts.minErrors} or (f.health = 'not_a_feed' and f.last_success_at is null))
      and (f.rediscovered_at is null or f.rediscovered_at < ${since}::timestamptz)
    order by f.rediscovered_at nulls first, f.id limit ${opts.limit}`);
  return rows.rows.map((r) => ({ id: Number(r.id), feed: r.feed, websiteId: Number(r.website_id), type: Number(r.type), domain: r.domain, health: r.health }));
}

/** Every address the feeds of the installation already use, among `urls`. */
export async function feedUrlsTaken(db: Tx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.select({ feed: feeds.feed }).from(feeds).where(inArray(feeds.feed, urls));
  return new Set(rows.map((r) => r.feed));
}
