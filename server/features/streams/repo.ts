import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { twitchFeedItems, twitchFeeds, twitchGames } from '../../db/schema/streams.js';

/** The streams feature's feed and game rows. Tenant rows take `orgId` first; games are shared. */

export type TwitchFeedRow = typeof twitchFeeds.$inferSelect;
export type TwitchGameRow = typeof twitchGames.$inferSelect;
export type FeedWithGame = TwitchFeedRow & { game: TwitchGameRow; totalItems: number };

export async function findFeed(db: Tx, orgId: number, id: number): Promise<FeedWithGame | undefined> {
  const [row] = await db
    .select({
      feed: twitchFeeds,
      game: twitchGames,
      totalItems: sql<number>`(select count(*)::int from ${twitchFeedItems} fi where fi.feed_id = ${twitchFeeds.id} and fi.status <> 'deleted')`,
    })
    .from(twitchFeeds)
    .innerJoin(twitchGames, eq(twitchGames.id, twitchFeeds.gameId))
    .where(and(eq(twitchFeeds.organizationId, orgId), eq(twitchFeeds.id, id)));
  return row ? { ...row.feed, game: row.game, totalItems: Number(row.totalItems) } : undefined;
}

export async function findFeedOfProject(db: Tx, orgId: number, projectId: number): Promise<TwitchFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(twitchFeeds)
    .where(and(eq(twitchFeeds.organizationId, orgId), eq(twitchFeeds.projectId, projectId)));
  return row;
}

export type FeedValues = Omit<typeof twitchFeeds.$inferInsert, 'id' | 'organizationId' | 'insertedAt' | 'updatedAt'>;

export async function insertFeed(tx: Tx, orgId: number, values: FeedValues): Promise<TwitchFeedRow> {
  const [row] = await tx
    .insert(twitchFeeds)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row;
}

export async function updateFeedRow(tx: Tx, orgId: number, id: number, values: Partial<FeedValues>): Promise<TwitchFeedRow | undefined> {
  const [row] = await tx
    .update(twitchFeeds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(twitchFeeds.organizationId, orgId), eq(twitchFeeds.id, id)))
    .returning();
  return row;
}

/** Locks the feed row for a read-modify-write. */
export async function lockFeed(tx: Tx, orgId: number, id: number): Promise<TwitchFeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(twitchFeeds)
    .where(and(eq(twitchFeeds.organizationId, orgId), eq(twitchFeeds.id, id)))
    .for('update');
  return row;
}

/**
 * Makes sure a game row exists (shared by every organization's feeds). A known name replaces a
 * placeholder (the id) but never a real name with a placeholder. A game that was idle (a long
 * interval) is due again soon, so a new feed starts within the scheduler's minute.
 */
export async function ensureGame(tx: Tx, game: { id: string; name: string; boxArtUrl?: string | null }, now = new Date()): Promise<TwitchGameRow> {
  const [row] = await tx
    .insert(twitchGames)
    .values({ id: game.id, name: game.name, boxArtUrl: game.boxArtUrl ?? null, nextCheckAt: now })
    .onConflictDoUpdate({
      target: twitchGames.id,
      set: {
        name: sql`case when excluded.name not in ('', excluded.id) or ${twitchGames.name} = '' then excluded.name else ${twitchGames.name} end`,
        boxArtUrl: sql`coalesce(excluded.box_art_url, ${twitchGames.boxArtUrl})`,
        nextCheckAt: sql`least(${twitchGames.nextCheckAt}, ${now.toISOString()}::timestamptz + interval '1 minute')`,
      },
    })
    .returning();
  return row;
}

export async function findGame(db: Tx, id: string): Promise<TwitchGameRow | undefined> {
  const [row] = await db.select().from(twitchGames).where(eq(twitchGames.id, id));
  return row;
}
