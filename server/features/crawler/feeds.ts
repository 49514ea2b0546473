import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { feedMoves, feeds } from '../../db/schema/coverage.js';

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

export type FeedMoveReason = 'redirect' | 'rediscovered';

/**
 * A feed moves to `toUrl` (its outlet answered a permanent redirect, or self-healing found it
 * again on the homepage), recorded in `feed_moves` for the website page. Nothing moves when
 * another feed already has that address: the two would poll the same document. In the caller's
 * transaction; answers whether it moved.
 */
export async function recordMove(
  tx: Tx,
  feed: { id: number; feed: string; website: { id: number } },
  toUrl: string,
  reason: FeedMoveReason,
  now: Date,
): Promise<boolean> {
  const moved = await tx.execute(sql`
    update feeds set feed = ${toUrl}, updated_at = ${now.toISOString()}::timestamptz
    where id = ${feed.id} and feed = ${feed.feed} and not exists (select 1 from feeds other where other.feed = ${toUrl})`);
  if (!moved.rowCount) return false;
  await tx.insert(feedMoves).values({ feedId: feed.id, websiteId: feed.website.id, fromUrl: feed.feed, toUrl, reason, movedAt: now });
  return true;
}

/**
 * Self-healing: a failing feed takes the address found again on its outlet's homepage and is
 * polled afresh (no validators, WebSub state or back-off of the old address). Answers whether it
 * moved; `rediscovered_at` is set either way, so a feed is looked for at most once a day.
 */
export async function moveFeedTo(db: Db, feed: { id: number; feed: string; websiteId: number }, toUrl: string | null, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`update feeds set rediscovered_at = ${now.toISOString()}::timestamptz where id = ${feed.id}`);
    if (!toUrl || toUrl === feed.feed) return false;
    const moved = await recordMove(tx, { id: feed.id, feed: feed.feed, website: { id: feed.websiteId } }, toUrl, 'rediscovered', now);
    if (!moved) return false;
    await tx.execute(sql`
      update feeds set etag = null, last_modified = null, hub_url = null, self_url = null, websub_secret = null,
        websub_state = 'none', websub_lease_until = null, error_count = 0, last_error = null,
        health = 'pending', health_detail = null, health_since = ${now.toISOString()}::timestamptz,
        next_check_at = ${now.toISOString()}::timestamptz
      where id = ${feed.id}`);
    return true;
  });
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

/** Feeds the directory lists that were added before it knew them (the demo outlets): they join their pack. */
export async function adoptDirectoryFeeds(db: Tx, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.update(feeds).set({ origin: 'directory' }).where(sql`${inArray(feeds.feed, urls)} and ${feeds.origin} <> 'directory'`);
}

/**
 * Switches the directory feeds of a source pack's outlets on or off (the operator's choice of
 * packs). Switched on, they are due at once with a clean slate, as a re-enabled feed is.
 * Answers the ids of the feeds changed.
 */
export async function setPackFeedsEnabled(db: Tx, packId: string, enabled: boolean, now: Date): Promise<number[]> {
  const changed = await db.execute<{ id: number }>(sql`
    update feeds f set disabled = ${!enabled}, updated_at = ${now.toISOString()}::timestamptz
      ${enabled ? sql`, next_check_at = ${now.toISOString()}::timestamptz, error_count = 0, last_error = null` : sql``}
    from websites w
    where w.id = f.website_id and w.pack_id = ${packId} and f.origin = 'directory' and f.disabled = ${enabled}
    returning f.id`);
  return changed.rows.map((r) => Number(r.id));
}

/** Switches on every disabled feed of a website (an approved suggestion of an outlet already known); answers their ids. */
export async function enableWebsiteFeeds(db: Tx, websiteId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(feeds)
    .set({ disabled: false, nextCheckAt: now, errorCount: 0, lastError: null, updatedAt: now })
    .where(sql`${feeds.websiteId} = ${websiteId} and ${feeds.disabled}`)
    .returning({ id: feeds.id });
  return rows.map((r) => r.id);
}
