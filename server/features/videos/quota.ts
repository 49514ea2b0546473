import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';

/**
 * YouTube quota accounting (docs/decisions.md "YouTube quota: the arithmetic"). Two buckets per
 * Pacific day: `search` (search.list, one call each, config.youtube.searchDailyLimit) and
 * `default` (videos.list and channels.list, one unit per call, config.youtube.dailyUnits).
 * A call is reserved before it is made, atomically, so that concurrent pollers never overspend.
 */
export type QuotaBucket = 'search' | 'default';

const PACIFIC = 'America/Los_Angeles';

/** The Pacific calendar day (YYYY-MM-DD) of an instant: YouTube resets quota at Pacific midnight. */
export function pacificDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PACIFIC, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Milliseconds from `now` to the next Pacific midnight (handles daylight-saving days). */
export function msUntilPacificMidnight(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC, hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(
    now,
  );
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  // Some engines write midnight as hour "24" with hour12: false.
  const elapsed = ((get('hour') % 24) * 3600 + get('minute') * 60 + get('second')) * 1000 + now.getUTCMilliseconds();
  let ms = 86_400_000 - elapsed;
  // A 23- or 25-hour day: step until the Pacific day actually changes.
  const day = pacificDay(now);
  while (pacificDay(new Date(now.getTime() + ms)) === day) ms += 3_600_000;
  while (ms > 3_600_000 && pacificDay(new Date(now.getTime() + ms - 3_600_000)) !== day) ms -= 3_600_000;
  return ms;
}

/** The next Pacific midnight as an instant. */
export function nextPacificMidnight(now: Date): Date {
  return new Date(now.getTime() + msUntilPacificMidnight(now));
}

/** Share of the Pacific day already passed (0..1). */
export function pacificDayElapsed(now: Date): number {
  return Math.min(1, Math.max(0, 1 - msUntilPacificMidnight(now) / 86_400_000));
}

export const bucketLimit = (config: Config, bucket: QuotaBucket) => (bucket === 'search' ? config.youtube.searchDailyLimit : config.youtube.dailyUnits);

/**
 * Reserves `cost` units of a bucket for today: true when the bucket had room (and it is now
 * taken), false when it is spent or was marked exhausted by YouTube. One statement: the insert
 * and the "still room" check cannot interleave with another poller's.
 */
export async function reserveQuota(db: Tx, config: Config, bucket: QuotaBucket, cost: number, now = new Date()): Promise<boolean> {
  const limit = bucketLimit(config, bucket);
  if (cost > limit) return false;
  const result = await db.execute(sql`
    insert into youtube_quota (day, bucket, units) values (${pacificDay(now)}, ${bucket}, ${cost})
    on conflict (day, bucket) do update set units = youtube_quota.units + excluded.units
    where youtube_quota.exhausted_at is null and youtube_quota.units + excluded.units <= ${limit}
    returning units`);
  return result.rows.length > 0;
}

/** YouTube said quotaExceeded: nothing more is spent from the bucket until the Pacific midnight. */
export async function markQuotaExhausted(db: Tx, bucket: QuotaBucket, now = new Date()): Promise<void> {
  await db.execute(sql`
    insert into youtube_quota (day, bucket, units, exhausted_at) values (${pacificDay(now)}, ${bucket}, 0, ${now.toISOString()}::timestamptz)
    on conflict (day, bucket) do update set exhausted_at = excluded.exhausted_at`);
}

export interface QuotaState {
  bucket: QuotaBucket;
  used: number;
  limit: number;
  exhausted: boolean;
}

/** Today's use of both buckets. */
export async function quotaToday(db: Tx, config: Config, now = new Date()): Promise<Record<QuotaBucket, QuotaState>> {
  const rows = await db.execute<{ bucket: QuotaBucket; units: number; exhausted: boolean }>(sql`
    select bucket, units, exhausted_at is not null as exhausted from youtube_quota where day = ${pacificDay(now)}`);
  const state = (bucket: QuotaBucket): QuotaState => {
    const row = rows.rows.find((r) => r.bucket === bucket);
    const limit = bucketLimit(config, bucket);
    const used = Number(row?.units ?? 0);
    return { bucket, used, limit, exhausted: !!row?.exhausted || used >= limit };
  };
  return { search: state('search'), default: state('default') };
}

/**
 * Budget pacing: how many searches may still start now. The day's search bucket is released in
 * proportion to the Pacific day elapsed (plus a small burst), so a morning with many due
 * keywords cannot spend the whole day's budget and leave the evening blind.
 */
export function searchesAllowedNow(config: Config, usedToday: number, now: Date): number {
  const limit = config.youtube.searchDailyLimit;
  const burst = Math.max(2, Math.ceil(limit * 0.05));
  const released = Math.min(limit, Math.ceil(limit * pacificDayElapsed(now)) + burst);
  return Math.max(0, released - usedToday);
}
