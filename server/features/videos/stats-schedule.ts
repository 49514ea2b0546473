import { sql, type SQL } from 'drizzle-orm';

/**
 * When a video's counts are read again (docs/decisions.md "YouTube views re-read"): at +1, +7 and
 * +30 days after publication, each window once, then every 29 days while a feed or saved coverage
 * keeps the video (YouTube API policy: stored API data is refreshed or deleted within 30 days).
 * The next read is always the first window after the last read, so a job that was down for a
 * month reads a video once when it comes back, not once per missed window.
 */
export const DAY_MS = 86_400_000;
export const STATS_WINDOW_DAYS = [1, 7, 30] as const;
/** Past the last window: re-read this often while kept (inside the policy's 30 days). */
export const KEEP_FRESH_DAYS = 29;
/** Counts not refreshed for this long are dropped (policy). */
export const STATS_MAX_AGE_DAYS = 30;

/** The next re-read of a video published at `publishedAt` whose counts were last read at `lastRead`. */
export function nextStatsAt(publishedAt: Date, lastRead: Date): Date {
  for (const days of STATS_WINDOW_DAYS) {
    const at = publishedAt.getTime() + days * DAY_MS;
    if (lastRead.getTime() < at) return new Date(at);
  }
  return new Date(lastRead.getTime() + KEEP_FRESH_DAYS * DAY_MS);
}

/** nextStatsAt in SQL, for statements over many rows (the same rule, kept next to the TypeScript one). */
export function nextStatsAtSql(publishedAt: SQL, lastRead: SQL): SQL {
  const windows = STATS_WINDOW_DAYS.map(
    (d) => sql`when ${lastRead} < ${publishedAt} + interval '${sql.raw(String(d))} days' then ${publishedAt} + interval '${sql.raw(String(d))} days'`,
  );
  return sql`(case ${sql.join(windows, sql` `)} else ${lastRead} + interval '${sql.raw(String(KEEP_FRESH_DAYS))} days' end)`;
}
