import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { YoutubeNotConfiguredError, YoutubeRequestError, type YoutubeClient } from '../../integrations/youtube/client.js';
import { MAX_PAGES, QuotaSpentError, withQuota, youtubeClientOf, type PollDeps } from './poll.js';
import { nextStatsAt, nextStatsAtSql, STATS_MAX_AGE_DAYS } from './stats-schedule.js';

/**
 * Re-reading the counts of videos that feeds and saved coverage keep (docs/decisions.md "YouTube
 * views re-read"): the videos due (stats-schedule.ts), 50 ids per videos.list call (1 unit of the
 * `default` bucket, the same daily count as the pollers'), leaving the share that searches' look-ups
 * need. The rows are shared across organizations, so a video kept by ten projects costs one read.
 */

/** Ids per videos.list call (the API's maximum). */
export const STATS_BATCH = 50;
/** Calls per run at most: the schedule runs every 10 minutes, so 7 200 units and 360 000 videos a day at most. */
export const STATS_CALLS_PER_RUN = 50;

/**
 * Units of the default bucket the re-reads leave for the searches' look-ups: a search page brings
 * at most one videos.list and one channels.list call, and channel feeds bring a few more; a tenth
 * of the day's units, or two units per possible search page, whichever is more.
 */
export function statsReserveUnits(config: Config): number {
  return Math.max(Math.ceil(config.youtube.dailyUnits * 0.1), 2 * MAX_PAGES * config.youtube.searchDailyLimit);
}

/** A video some feed (not deleted from it) or some project's saved coverage still holds. */
const KEPT = sql`(exists (select 1 from youtube_feed_videos fv where fv.video_id = v.id and fv.status <> 'deleted')
  or exists (select 1 from saved_videos sv where sv.youtube_video_id = v.video_id))`;

export interface StatsRunReport {
  status: 'ok' | 'not_configured' | 'quota' | 'failed';
  /** videos.list calls made (1 unit each). */
  calls: number;
  refreshed: number;
  /** Asked for and absent from YouTube's answer (deleted or private). */
  removed: number;
  /** Due but kept by nothing: not read; their counts are dropped once older than the policy allows. */
  released: number;
  error?: string;
}

type DueRow = { id: number; video_id: string; published_at: Date | string; stats_fetched_at: Date | string | null };

/**
 * One run: due videos nobody keeps are moved on without a call (and their stale counts dropped),
 * then due kept videos are read in batches of 50 while the quota allows. Never throws for YouTube's
 * answers (a failure leaves the videos due for the next run); only the database failing does.
 */
export async function refreshDueStats(
  deps: PollDeps,
  now = new Date(),
  client: YoutubeClient = youtubeClientOf(deps.config),
  maxCalls = STATS_CALLS_PER_RUN,
): Promise<StatsRunReport> {
  const report: StatsRunReport = { status: 'ok', calls: 0, refreshed: 0, removed: 0, released: 0 };
  if (!client.configured) return { ...report, status: 'not_configured' };
  report.released = await releaseUnkept(deps, now);
  // The re-reads spend from a smaller bucket: what they leave is there for the searches' look-ups.
  const limited: PollDeps = {
    ...deps,
    config: { ...deps.config, youtube: { ...deps.config.youtube, dailyUnits: deps.config.youtube.dailyUnits - statsReserveUnits(deps.config) } },
  };
  const skip = new Set<number>();
  while (report.calls < maxCalls) {
    const due = await deps.db.execute<DueRow>(sql`
      select v.id, v.video_id, v.published_at, v.stats_fetched_at from youtube_videos v
      where v.next_stats_at <= ${now.toISOString()}::timestamptz and ${KEPT}
        ${skip.size ? sql`and v.id <> all(${sql.param([...skip])}::bigint[])` : sql``}
      order by v.next_stats_at, v.id limit ${STATS_BATCH}`);
    if (due.rows.length === 0) break;
    try {
      const videos = await withQuota(limited, 'default', 1, now, () => client.listVideos(due.rows.map((r) => r.video_id)));
      report.calls++;
      const answered = new Map(videos.map((v) => [v.id, v]));
      const found = due.rows.filter((r) => answered.has(r.video_id));
      const missing = due.rows.filter((r) => !answered.has(r.video_id));
      await deps.db.transaction(async (tx) => {
        if (found.length) {
          const got = found.map((r) => answered.get(r.video_id)!);
          await tx.execute(sql`
            update youtube_videos v set views = n.views, likes = n.likes, comments = n.comments,
              title = case when n.title <> '' then n.title else v.title end, thumbnail = coalesce(n.thumbnail, v.thumbnail),
              views_at_found = coalesce(v.views_at_found, n.views), stats_fetched_at = ${now.toISOString()}::timestamptz,
              stats_refreshed_at = ${now.toISOString()}::timestamptz, next_stats_at = n.next_at, removed_at = null
            from unnest(${sql.param(found.map((r) => r.id))}::bigint[], ${sql.param(got.map((v) => v.views))}::bigint[], ${sql.param(got.map((v) => v.likes))}::bigint[],
                        ${sql.param(got.map((v) => v.comments))}::bigint[], ${sql.param(got.map((v) => v.title))}::text[], ${sql.param(got.map((v) => v.thumbnail))}::text[],
                        ${sql.param(found.map((r) => nextStatsAt(new Date(r.published_at), now).toISOString()))}::timestamptz[])
              as n(id, views, likes, comments, title, thumbnail, next_at)
            where v.id = n.id`);
        }
        if (missing.length)
          await markRemoved(
            tx,
            missing.map((r) => r.id),
            now,
          );
      });
      report.refreshed += found.length;
      report.removed += missing.length;
      for (const r of due.rows) skip.add(r.id);
    } catch (err) {
      if (err instanceof QuotaSpentError) return { ...report, status: 'quota', error: err.message };
      if (err instanceof YoutubeNotConfiguredError) return { ...report, status: 'not_configured' };
      if (err instanceof YoutubeRequestError) return { ...report, status: 'failed', error: err.message };
      throw err;
    }
  }
  return report;
}

/**
 * Absent from videos.list: deleted or private on YouTube. Marked (the feed and reports say so);
 * the counts stay until the policy's 30 days from their last read, when one more read is tried
 * (a video made public again comes back) and, still absent, they are dropped.
 */
async function markRemoved(tx: Tx, ids: number[], now: Date): Promise<void> {
  const stale = sql`coalesce(v.stats_fetched_at, v.inserted_at) <= ${now.toISOString()}::timestamptz - interval '${sql.raw(String(STATS_MAX_AGE_DAYS))} days'`;
  await tx.execute(sql`
    update youtube_videos v set removed_at = coalesce(v.removed_at, ${now.toISOString()}::timestamptz),
      views = case when ${stale} then null else v.views end, likes = case when ${stale} then null else v.likes end,
      comments = case when ${stale} then null else v.comments end, views_at_found = case when ${stale} then null else v.views_at_found end,
      next_stats_at = case when ${stale} then null else coalesce(v.stats_fetched_at, v.inserted_at) + interval '${sql.raw(String(STATS_MAX_AGE_DAYS))} days' end
    where v.id = any(${sql.param(ids)}::bigint[])`);
}

/**
 * Due videos that no feed or saved coverage keeps any more: no call is spent on them. Their next
 * turn moves on (a feed may take them up again), and counts older than the policy allows are dropped.
 */
async function releaseUnkept(deps: PollDeps, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`coalesce(v.stats_fetched_at, v.inserted_at) <= ${at} - interval '${sql.raw(String(STATS_MAX_AGE_DAYS))} days'`;
  const rows = await deps.db.execute(sql`
    update youtube_videos v set next_stats_at = ${nextStatsAtSql(sql`v.published_at`, at)},
      views = case when ${stale} then null else v.views end, likes = case when ${stale} then null else v.likes end,
      comments = case when ${stale} then null else v.comments end, views_at_found = case when ${stale} then null else v.views_at_found end
    where v.next_stats_at <= ${at} and not ${KEPT}
    returning 1`);
  return rows.rows.length;
}
