import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { feeds } from '../../db/schema/coverage.js';

/**
 * The crawler owns the feed rows: their polling state lives on them (GUIDE §4.5), and the
 * operator's Websites pages add, edit and remove feeds through these (crawler/service.ts).
 */

export type FeedRow = typeof feeds.$inferSelect;

/** Inserts a feed; undefined when the same feed address already exists. */
export async function insertFeed(db: Tx, values: typeof feeds.$inferInsert): Promise<FeedRow | undefined> {
  const [row] = await db.insert(feeds).values(values).onConflictDoNothing({ target: feeds.feed }).returning();
  return row;
}

/**
 * Edits a feed. A new address or a re-enable starts polling afresh: due now, no error
 * back-off, and (for a new address) no conditional-GET validators or WebSub state of the old one.
 */
export async function updateFeed(db: Tx, current: FeedRow, values: { feed?: string; disabled?: boolean }): Promise<FeedRow | undefined> {
  const set: PgUpdateSetSource<typeof feeds> = { updatedAt: new Date() };
  const newAddress = values.feed !== undefined && values.feed !== current.feed;
  const reEnabled = values.disabled === false && current.disabled;
  if (values.disabled !== undefined) set.disabled = values.disabled;
  if (newAddress) {
    Object.assign(set, {
      feed: values.feed,
      etag: null,
      lastModified: null,
      hubUrl: null,
      selfUrl: null,
      websubSecret: null,
      websubState: 'none',
      websubLeaseUntil: null,
    });
  }
  if (newAddress || reEnabled) Object.assign(set, { nextCheckAt: new Date(), errorCount: 0, lastError: null });
  const [row] = await db.update(feeds).set(set).where(eq(feeds.id, current.id)).returning();
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
