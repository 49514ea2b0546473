/**
 * The Steam tables (server/db/schema/steam.ts): the apps projects follow, their news and the
 * reviews read. Reads of projects and reports are read-only (their owners write them).
 */
import { sql } from 'drizzle-orm';
import type { SteamAppState } from '../../../common/schemas/steam.js';
import type { Db, Tx } from '../../db/client.js';
import type { SteamNewsItem, SteamReview, SteamReviewSummary } from '../../integrations/steam/client.js';

const p = (value: unknown) => sql.param(value);
const iso = (d: Date) => d.toISOString();

export interface AppRow {
  appId: number;
  name: string | null;
  state: SteamAppState;
  message: string | null;
  detailsCheckedAt: Date | null;
  newsCheckedAt: Date | null;
  reviewsCheckedAt: Date | null;
  retryAt: Date | null;
  failures: number;
  newestReviewAt: Date | null;
  reviewsSince: Date | null;
  backfillCursor: string | null;
  totalReviews: number | null;
  totalPositive: number | null;
  reviewScoreDesc: string | null;
}

type RawApp = Record<string, unknown>;
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const toApp = (r: RawApp): AppRow => ({
  appId: Number(r.app_id),
  name: (r.name as string | null) ?? null,
  state: r.state as SteamAppState,
  message: (r.message as string | null) ?? null,
  detailsCheckedAt: date(r.details_checked_at),
  newsCheckedAt: date(r.news_checked_at),
  reviewsCheckedAt: date(r.reviews_checked_at),
  retryAt: date(r.retry_at),
  failures: Number(r.failures ?? 0),
  newestReviewAt: date(r.newest_review_at),
  reviewsSince: date(r.reviews_since),
  backfillCursor: (r.backfill_cursor as string | null) ?? null,
  totalReviews: r.total_reviews === null || r.total_reviews === undefined ? null : Number(r.total_reviews),
  totalPositive: r.total_positive === null || r.total_positive === undefined ? null : Number(r.total_positive),
  reviewScoreDesc: (r.review_score_desc as string | null) ?? null,
});

/** Every app an active project names gets its row (new ones `pending`) and is marked wanted now. */
export async function markWantedApps(db: Tx, now: Date): Promise<void> {
  await db.execute(sql`
    insert into steam_apps (app_id, wanted_at)
    select distinct unnest(steam_app_ids), ${iso(now)}::timestamptz from projects where not locked and cardinality(steam_app_ids) > 0
    on conflict (app_id) do update set wanted_at = excluded.wanted_at`);
}

/**
 * Apps to read now: wanted in the last `wantedWithinMs`, out of any back-off, and never read or
 * with news or reviews older than their interval — the never-read first, then the longest waiting.
 */
export async function dueApps(
  db: Tx,
  now: Date,
  opts: { newsEveryMs: number; reviewsEveryMs: number; wantedWithinMs: number; limit: number },
): Promise<AppRow[]> {
  const { rows } = await db.execute<RawApp>(sql`
    select * from steam_apps
     where wanted_at >= ${iso(new Date(now.getTime() - opts.wantedWithinMs))}::timestamptz
       and (retry_at is null or retry_at <= ${iso(now)}::timestamptz)
       and (details_checked_at is null
            or (state <> 'not_found' and (news_checked_at is null or news_checked_at <= ${iso(new Date(now.getTime() - opts.newsEveryMs))}::timestamptz
                                          or reviews_checked_at is null or reviews_checked_at <= ${iso(new Date(now.getTime() - opts.reviewsEveryMs))}::timestamptz))
            or (state = 'not_found' and details_checked_at <= ${iso(new Date(now.getTime() - 86_400_000))}::timestamptz))
     order by (details_checked_at is null) desc, least(coalesce(news_checked_at, 'epoch'), coalesce(reviews_checked_at, 'epoch')), app_id
     limit ${opts.limit}`);
  return rows.map(toApp);
}

export async function findApps(db: Db | Tx, appIds: number[]): Promise<AppRow[]> {
  if (!appIds.length) return [];
  const { rows } = await db.execute<RawApp>(sql`select * from steam_apps where app_id = any(${p(appIds)}::bigint[]) order by app_id`);
  return rows.map(toApp);
}

export async function updateApp(
  db: Tx,
  appId: number,
  set: Partial<{
    name: string;
    state: SteamAppState;
    message: string | null;
    detailsCheckedAt: Date;
    newsCheckedAt: Date;
    reviewsCheckedAt: Date;
    retryAt: Date | null;
    failures: number;
    newestReviewAt: Date | null;
    reviewsSince: Date | null;
    backfillCursor: string | null;
    summary: SteamReviewSummary;
  }>,
): Promise<void> {
  const parts = [];
  const d = (v: Date | null) => (v ? iso(v) : null);
  if (set.name !== undefined) parts.push(sql`name = ${set.name}`);
  if (set.state !== undefined) parts.push(sql`state = ${set.state}`);
  if (set.message !== undefined) parts.push(sql`message = ${set.message}`);
  if (set.detailsCheckedAt) parts.push(sql`details_checked_at = ${iso(set.detailsCheckedAt)}::timestamptz`);
  if (set.newsCheckedAt) parts.push(sql`news_checked_at = ${iso(set.newsCheckedAt)}::timestamptz`);
  if (set.reviewsCheckedAt) parts.push(sql`reviews_checked_at = ${iso(set.reviewsCheckedAt)}::timestamptz`);
  if (set.retryAt !== undefined) parts.push(sql`retry_at = ${d(set.retryAt)}::timestamptz`);
  if (set.failures !== undefined) parts.push(sql`failures = ${set.failures}`);
  if (set.newestReviewAt !== undefined) parts.push(sql`newest_review_at = ${d(set.newestReviewAt)}::timestamptz`);
  if (set.reviewsSince !== undefined) parts.push(sql`reviews_since = ${d(set.reviewsSince)}::timestamptz`);
  if (set.backfillCursor !== undefined) parts.push(sql`backfill_cursor = ${set.backfillCursor}`);
  if (set.summary) {
    parts.push(sql`total_reviews = ${set.summary.totalReviews}`);
    parts.push(sql`total_positive = ${set.summary.totalPositive}`);
    parts.push(sql`review_score_desc = ${set.summary.reviewScoreDesc}`);
  }
  if (!parts.length) return;
  await db.execute(sql`update steam_apps set ${sql.join(parts, sql`, `)} where app_id = ${appId}`);
}

/** Stores news items (a gid already stored keeps its row: Steam does not edit a gid's date). Returns the gids new to us. */
export async function upsertNews(db: Tx, appId: number, items: (SteamNewsItem & { announcement: boolean })[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  const { rows } = await db.execute<{ gid: string; inserted: boolean }>(sql`
    insert into steam_news (app_id, gid, title, url, author, feed_label, feed_name, announcement, is_external, published_at)
    select ${appId}, x.gid, x.title, x.url, x.author, x.feed_label, x.feed_name, x.announcement, x.is_external, x.published_at
      from unnest(${p(items.map((i) => i.gid))}::text[], ${p(items.map((i) => i.title))}::text[], ${p(items.map((i) => i.url))}::text[],
                  ${p(items.map((i) => i.author))}::text[], ${p(items.map((i) => i.feedLabel))}::text[], ${p(items.map((i) => i.feedName))}::text[],
                  ${p(items.map((i) => i.announcement))}::boolean[], ${p(items.map((i) => i.isExternal))}::boolean[],
                  ${p(items.map((i) => iso(i.date)))}::timestamptz[])
           as x(gid, title, url, author, feed_label, feed_name, announcement, is_external, published_at)
    on conflict (app_id, gid) do update set title = excluded.title, url = excluded.url
    returning gid, (xmax = 0) as inserted`);
  return new Set(rows.filter((r) => r.inserted).map((r) => r.gid));
}

/** Press items not yet turned into articles (oldest attempts last), at most `limit`. */
export async function unresolvedPress(db: Tx, appId: number, limit: number): Promise<{ gid: string; title: string; url: string; publishedAt: Date }[]> {
  const { rows } = await db.execute<{ gid: string; title: string; url: string; published_at: string }>(sql`
    select gid, title, url, published_at from steam_news
     where app_id = ${appId} and not announcement and is_external and resolved_at is null
     order by published_at desc limit ${limit}`);
  return rows.map((r) => ({ gid: r.gid, title: r.title, url: r.url, publishedAt: new Date(r.published_at) }));
}

export async function markResolved(db: Tx, appId: number, gid: string, articleUrl: string | null, now: Date): Promise<void> {
  await db.execute(sql`update steam_news set article_url = ${articleUrl}, resolved_at = ${iso(now)}::timestamptz where app_id = ${appId} and gid = ${gid}`);
}

/** Stores reviews read (a vote changed since is updated). */
export async function upsertReviews(db: Tx, appId: number, reviews: SteamReview[]): Promise<void> {
  if (!reviews.length) return;
  await db.execute(sql`
    insert into steam_reviews (app_id, recommendation_id, created_at, voted_up)
    select ${appId}, x.id, x.created_at, x.voted_up
      from unnest(${p(reviews.map((r) => r.id))}::bigint[], ${p(reviews.map((r) => iso(r.createdAt)))}::timestamptz[], ${p(reviews.map((r) => r.votedUp))}::boolean[])
           as x(id, created_at, voted_up)
    on conflict (app_id, recommendation_id) do update set voted_up = excluded.voted_up`);
}

/** Reviews older than the horizon go (the panel reads at most a year back). */
export async function pruneReviews(db: Tx, before: Date): Promise<void> {
  await db.execute(sql`delete from steam_reviews where created_at < ${iso(before)}::timestamptz`);
}

// ------------------------------------------------------------------ reads for the panel

/** The app ids of a project of the organization; null when it has no such project (404). */
export async function projectAppIds(db: Db | Tx, orgId: number, projectId: number): Promise<number[] | null> {
  const { rows } = await db.execute<{ ids: (string | number)[] }>(sql`
    select steam_app_ids as ids from projects where organization_id = ${orgId} and id = ${projectId}`);
  return rows.length ? rows[0].ids.map(Number) : null;
}

/** Each day's reviews and positives over the apps, [from, to) as instants (UTC days). */
export async function reviewDays(db: Db | Tx, appIds: number[], from: Date, toExclusive: Date): Promise<Map<string, { reviews: number; positive: number }>> {
  if (!appIds.length) return new Map();
  const { rows } = await db.execute<{ day: string; reviews: number; positive: number }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as reviews, count(*) filter (where voted_up)::int as positive
      from steam_reviews
     where app_id = any(${p(appIds)}::bigint[]) and created_at >= ${iso(from)}::timestamptz and created_at < ${iso(toExclusive)}::timestamptz
     group by 1`);
  return new Map(rows.map((r) => [r.day, { reviews: Number(r.reviews), positive: Number(r.positive) }]));
}

/** The apps' announcements posted in [from, to), oldest first (at most `limit`). */
export async function announcements(
  db: Db | Tx,
  appIds: number[],
  from: Date,
  toExclusive: Date,
  limit: number,
): Promise<{ appId: number; gid: string; title: string; url: string; publishedAt: Date }[]> {
  if (!appIds.length) return [];
  const { rows } = await db.execute<{ app_id: string | number; gid: string; title: string; url: string; published_at: string }>(sql`
    select app_id, gid, title, url, published_at from steam_news
     where app_id = any(${p(appIds)}::bigint[]) and announcement
       and published_at >= ${iso(from)}::timestamptz and published_at < ${iso(toExclusive)}::timestamptz
     order by published_at, gid limit ${limit}`);
  return rows.map((r) => ({ appId: Number(r.app_id), gid: r.gid, title: r.title, url: r.url, publishedAt: new Date(r.published_at) }));
}
