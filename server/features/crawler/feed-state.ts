import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { feedMoves, feeds } from '../../db/schema/coverage.js';
import type { HealthVerdict } from './health.js';

/**
 * Every update of a feed row (Miniflux's storage.UpdateFeed / UpdateFeedError): the
 * polling state (GUIDE §4.5) a poll leaves — validators, interval, counters, health — or its
 * classified failure with the back-off, a move, WebSub's subscription, and the operator's edits and
 * switches. The callers decide (poll.ts, websub.ts; websites and sources through service.ts); these
 * only write, each in the transaction or connection it is given, so the ingest's lock order (the
 * feed row after the archive's rows and the alert feeds) stays the caller's.
 */

/** The columns of a health verdict; `health_since` moves only when the health changes. */
function healthSet(verdict: HealthVerdict, now: Date) {
  return sql`health_since = case when health is distinct from ${verdict.health} then ${now.toISOString()}::timestamptz else health_since end,
    health = ${verdict.health}, health_detail = ${verdict.detail}`;
}

/** A poll answered 304 Not Modified: a success with nothing new; validators kept unless the answer sent new ones. */
export interface NotModifiedPoll {
  now: Date;
  etag: string | null;
  lastModified: string | null;
  intervalSeconds: number;
  nextCheckAt: Date;
  health: HealthVerdict;
}

/** Poll not modified (304): checked and healthy, next check after the interval; on the pool, outside any ingest. */
export async function recordPollNotModified(db: Tx, feedId: number, poll: NotModifiedPoll): Promise<void> {
  const { now } = poll;
  await db.execute(sql`
    update feeds set last_checked_at = ${now.toISOString()}::timestamptz, last_success_at = ${now.toISOString()}::timestamptz,
      last_status = 304, error_count = 0, last_error = null, interval_seconds = ${poll.intervalSeconds},
      next_check_at = ${poll.nextCheckAt.toISOString()}::timestamptz,
      etag = coalesce(${poll.etag}, etag), last_modified = coalesce(${poll.lastModified}, last_modified),
      ${healthSet(poll.health, now)}
    where id = ${feedId}`);
}

/** A poll read the feed: its validators, counts, title, WebSub links, next interval and health. */
export interface SucceededPoll {
  now: Date;
  status: number;
  etag: string | null;
  lastModified: string | null;
  /** Items in the document, and articles they added to the archive. */
  items: number;
  added: number;
  /** The feed's own title, trimmed (null keeps the one known). */
  title: string | null;
  hubUrl: string | null;
  selfUrl: string | null;
  intervalSeconds: number;
  nextCheckAt: Date;
  lastNewAt: Date | null;
  health: HealthVerdict;
}

/** Poll succeeded, in the ingest's transaction after its articles: the ingest's lock order puts the feed row after the archive's rows and the alert feeds. */
export async function recordPollSuccess(tx: Tx, feedId: number, poll: SucceededPoll): Promise<void> {
  const { now } = poll;
  await tx.execute(sql`
    update feeds set
      etag = ${poll.etag}, last_modified = ${poll.lastModified},
      last_success_at = ${now.toISOString()}::timestamptz, last_checked_at = ${now.toISOString()}::timestamptz,
      last_status = ${poll.status}, last_count = ${poll.items}, articles_added = articles_added + ${poll.added},
      error_count = 0, last_error = null, title = coalesce(${poll.title}, title),
      hub_url = ${poll.hubUrl}, self_url = ${poll.selfUrl},
      interval_seconds = ${poll.intervalSeconds}, next_check_at = ${poll.nextCheckAt.toISOString()}::timestamptz,
      last_new_at = ${poll.lastNewAt?.toISOString() ?? null}::timestamptz, ${healthSet(poll.health, now)}
    where id = ${feedId}`);
}

/** A poll failed: the message people read, the HTTP status if any, when to try again (backed off) and the verdict. */
export interface FailedPoll {
  now: Date;
  message: string;
  status: number | null;
  nextCheckAt: Date;
  /** Null when the failure was ours (the database): the feed's health stays as it was. */
  health: HealthVerdict | null;
}

/** Poll failed (UpdateFeedError): one more error, the back-off's next check, and the verdict when the feed's site caused it. */
export async function recordPollFailure(db: Tx, feedId: number, poll: FailedPoll): Promise<void> {
  const { now } = poll;
  await db.execute(sql`
    update feeds set error_count = error_count + 1, last_error = ${poll.message}, last_error_at = ${now.toISOString()}::timestamptz,
      last_checked_at = ${now.toISOString()}::timestamptz, last_status = ${poll.status}, next_check_at = ${poll.nextCheckAt.toISOString()}::timestamptz
      ${poll.health ? sql`, ${healthSet(poll.health, now)}` : sql``}
    where id = ${feedId}`);
}

/** Articles a WebSub push added (a push is no poll: the polling state stays). */
export async function countPushedArticles(db: Tx, feedId: number, added: number): Promise<void> {
  await db.execute(sql`update feeds set articles_added = articles_added + ${added} where id = ${feedId}`);
}

/** Sets every feed's `articles_added` to the archive's count of its articles (after a bulk load). */
export async function recountFeedArticles(tx: Tx): Promise<void> {
  // One pass over the archive, grouped, instead of a count per feed (there is no feed_id index).
  await tx.execute(sql`
    with c as (select feed_id, count(*)::int as n from articles where feed_id is not null group by feed_id)
    update feeds f set articles_added = coalesce(c.n, 0) from feeds f2 left join c on c.feed_id = f2.id where f2.id = f.id`);
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
 * WebSub, asked of the hub: the secret and state are committed before the request (the hub may
 * verify before it answers); `leaseUntil` is, pending, when to stop waiting and, renewing, the
 * active lease kept.
 */
export async function recordWebsubRequested(db: Tx, feedId: number, s: { secret: string; state: 'pending' | 'active'; leaseUntil: Date }): Promise<void> {
  await db.execute(sql`
    update feeds set websub_secret = ${s.secret},
      websub_state = ${s.state},
      websub_lease_until = ${s.leaseUntil.toISOString()}::timestamptz
    where id = ${feedId}`);
}

/** WebSub refused or unreachable: the feed is still polled; subscribing is tried again at `retryAt`. */
export async function recordWebsubFailed(db: Tx, feedId: number, retryAt: Date): Promise<void> {
  await db.execute(sql`update feeds set websub_state = 'failed', websub_lease_until = ${retryAt.toISOString()}::timestamptz where id = ${feedId}`);
}

/** The hub verified our subscription: pushes are expected until `leaseUntil`. */
export async function recordWebsubActive(db: Tx, feedId: number, leaseUntil: Date): Promise<void> {
  await db.execute(sql`
    update feeds set websub_state = 'active', websub_lease_until = ${leaseUntil.toISOString()}::timestamptz
    where id = ${feedId}`);
}

/** The hub confirmed an unsubscription (of a disabled feed). */
export async function recordWebsubUnsubscribed(db: Tx, feedId: number): Promise<void> {
  await db.execute(sql`update feeds set websub_state = 'none', websub_lease_until = null where id = ${feedId}`);
}

/**
 * Edits a feed (the operator's Websites pages). A new address or a re-enable starts polling
 * afresh: due now, no error back-off, and (for a new address) no conditional-GET validators or
 * WebSub state of the old one.
 */
export async function updateFeed(
  db: Tx,
  current: typeof feeds.$inferSelect,
  values: { feed?: string; disabled?: boolean },
): Promise<typeof feeds.$inferSelect | undefined> {
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

/**
 * Switches the directory feeds of a source pack's outlets on (resumed) or off (paused): the
 * operator's choice of packs. Switched on, they are due at once with a clean slate, as a
 * re-enabled feed is. Answers the ids of the feeds changed.
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

/** Feeds the directory lists that were added before it knew them (the demo outlets): they join their pack. */
export async function adoptDirectoryFeeds(db: Tx, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .update(feeds)
    .set({ origin: 'directory' })
    .where(sql`${inArray(feeds.feed, urls)} and ${feeds.origin} <> 'directory'`);
}
