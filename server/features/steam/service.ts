/**
 * Steam beside the press (issue 31 item 2): what other features and the composition layer use.
 * The summary of a project's apps over a period (the overview's panel, a report's section), the
 * worker's tick, the jobs.
 */
import { dayNumber, dayText } from '../../../common/period.js';
import { steamStoreUrl, type SteamSummaryAttributes } from '../../../common/schemas/steam.js';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { sql } from 'drizzle-orm';
import type { SteamNewsItem, SteamReview, SteamReviewSummary } from '../../integrations/steam/client.js';
import { announcements, findApps, markWantedApps, projectAppIds, reviewDays, updateApp, upsertNews, upsertReviews } from './repo.js';

export { runSteamTick, readApp, type SteamDeps, type SteamTickResult } from './sync.js';
export { createSteamQueues, startSteamWorkers, STEAM_QUEUES } from './jobs.js';

/** Events a summary lists at most (a year of a busy game's announcements fits). */
export const MAX_EVENTS = 500;
const DAY_MS = 86_400_000;

/**
 * The Steam figures of these apps over [from, to] (days, UTC, both included): each app's state and
 * all-time summary, the developer's announcements, and every day's reviews and share positive
 * (zeros included) summed over the apps.
 */
export async function steamSummary(db: Db | Tx, appIds: number[], period: { from: string; to: string }): Promise<SteamSummaryAttributes> {
  const start = new Date(dayNumber(period.from) * DAY_MS);
  const endExclusive = new Date((dayNumber(period.to) + 1) * DAY_MS);
  const [apps, days, events] = await Promise.all([
    findApps(db, appIds),
    reviewDays(db, appIds, start, endExclusive),
    announcements(db, appIds, start, endExclusive, MAX_EVENTS),
  ]);
  const known = new Map(apps.map((a) => [a.appId, a]));
  const reviews = [];
  let total = 0;
  let positive = 0;
  for (let n = dayNumber(period.from); n <= dayNumber(period.to); n++) {
    const day = dayText(n);
    const d = days.get(day) ?? { reviews: 0, positive: 0 };
    total += d.reviews;
    positive += d.positive;
    reviews.push({ day, reviews: d.reviews, positive: d.positive, share_positive: d.reviews ? d.positive / d.reviews : null });
  }
  // The latest "read from" of the apps read so far: before it, some app was not looked at.
  const since = apps.filter((a) => a.reviewsCheckedAt && a.reviewsSince).map((a) => a.reviewsSince!.getTime());
  return {
    period,
    apps: appIds.map((id) => {
      const a = known.get(id);
      return {
        app_id: id,
        name: a?.name ?? null,
        state: a?.state ?? 'pending',
        message: a?.message ?? null,
        store_url: steamStoreUrl(id),
        news_checked_at: a?.newsCheckedAt?.toISOString() ?? null,
        reviews_checked_at: a?.reviewsCheckedAt?.toISOString() ?? null,
        total_reviews: a?.totalReviews ?? null,
        total_positive: a?.totalPositive ?? null,
        review_score_desc: a?.reviewScoreDesc ?? null,
      };
    }),
    events: events.map((e) => ({
      id: `${e.appId}:${e.gid}`,
      app_id: e.appId,
      date: e.publishedAt.toISOString(),
      day: e.publishedAt.toISOString().slice(0, 10),
      title: e.title,
      url: e.url,
    })),
    reviews,
    totals: { reviews: total, positive, share_positive: total ? positive / total : null, events: events.length },
    reviews_since: since.length ? new Date(Math.max(...since)).toISOString().slice(0, 10) : null,
  };
}

/** A project's Steam summary; 404 when the organization has no such project. */
export async function projectSteamSummary(
  db: Db | Tx,
  orgId: number,
  projectId: number,
  period: { from: string; to: string },
): Promise<SteamSummaryAttributes> {
  const ids = await projectAppIds(db, orgId, projectId);
  if (!ids) throw notFound('project');
  return steamSummary(db, ids, period);
}

/**
 * Stores an app as a read would (its name, summary, news and reviews) without asking Steam: the
 * demo workspace's sample game. `holdUntil` keeps the worker from reading it before then (the
 * demo's app id is not a real Steam game; a project that names a real one is read as usual).
 */
export async function storeAppSnapshot(
  db: Tx,
  app: {
    appId: number;
    name: string;
    news: (SteamNewsItem & { announcement: boolean })[];
    reviews: SteamReview[];
    summary: SteamReviewSummary;
    readAt: Date;
    holdUntil: Date;
  },
): Promise<void> {
  await markWantedApps(db, app.readAt);
  await db.execute(sql`insert into steam_apps (app_id) values (${app.appId}) on conflict do nothing`);
  await upsertNews(db, app.appId, app.news);
  await upsertReviews(db, app.appId, app.reviews);
  const newest = app.reviews.reduce<Date | null>((max, r) => (!max || r.createdAt > max ? r.createdAt : max), null);
  await updateApp(db, app.appId, {
    name: app.name,
    state: 'ok',
    message: null,
    detailsCheckedAt: app.readAt,
    newsCheckedAt: app.readAt,
    reviewsCheckedAt: app.readAt,
    retryAt: app.holdUntil,
    newestReviewAt: newest,
    // The snapshot is the app's whole history: no day before it was left unread.
    reviewsSince: null,
    summary: app.summary,
  });
}
