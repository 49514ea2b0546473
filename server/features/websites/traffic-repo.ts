/**
 * The websites' SimilarWeb columns (muv from SimilarWeb, the map, categories and the lookup's
 * state), written by features/reach's traffic refresh through the service.
 */
import { sql } from 'drizzle-orm';
import type { TrafficState } from '../../../common/schemas/reach.js';
import type { Tx } from '../../db/client.js';

export interface WebsiteTraffic {
  state: TrafficState;
  /** What went wrong, in a sentence (null when ok). */
  error: string | null;
  checkedAt: Date;
  /** Visits over the last 30 days; written only when the state is ok and the figure positive. */
  muv?: number | null;
  /** Visits by country (alpha-2 upper-case); replaced only when ok and not empty. */
  geography?: { country_code_iso: string; visits: number }[] | null;
  /** Replaced only when ok and not empty. */
  categories?: { category: string; month: string; score: number }[] | null;
}

/**
 * Records a SimilarWeb lookup on a website. The state, its sentence and the time are always
 * written; the figures only on `ok`: `muv` (with `muv_source` 'similarweb') unless a person
 * typed the visitors (`manual` stays), the map and the categories when SimilarWeb had some.
 * A failed lookup leaves every previous figure alone: no zero or missing figure is stored.
 */
export async function applyWebsiteTraffic(tx: Tx, websiteId: number, t: WebsiteTraffic): Promise<void> {
  const ok = t.state === 'ok';
  const muv = ok && typeof t.muv === 'number' && Number.isFinite(t.muv) && t.muv > 0 ? Math.round(t.muv) : null;
  const geography = ok && t.geography?.length ? t.geography : null;
  const categories = ok && t.categories?.length ? t.categories : null;
  const sets = [
    sql`traffic_state = ${t.state}`,
    sql`traffic_error = ${ok ? null : t.error}`,
    sql`traffic_checked_at = ${t.checkedAt.toISOString()}::timestamptz`,
  ];
  if (muv !== null) {
    sets.push(sql`muv = case when muv_source = 'manual' then muv else ${muv}::bigint end`);
    sets.push(sql`muv_source = case when muv_source = 'manual' then muv_source else 'similarweb' end`);
  }
  if (geography) sets.push(sql`geography = ${JSON.stringify(geography)}::jsonb`);
  if (categories) sets.push(sql`categories = ${JSON.stringify(categories)}::jsonb`);
  if (muv !== null || geography || categories) sets.push(sql`updated_at = now()`);
  await tx.execute(sql`update websites set ${sql.join(sets, sql`, `)} where id = ${websiteId}`);
}

/**
 * Websites due a SimilarWeb lookup, oldest check first: never checked, checked before this
 * month began, or whose last lookup failed for a reason that may pass (`error`, `invalid_key`,
 * `quota`: no hit is charged for those) more than `retryAfterMs` ago.
 */
export async function listWebsitesForTraffic(db: Tx, opts: { now: Date; limit: number; retryAfterMs: number }): Promise<{ id: number; domain: string }[]> {
  const monthStart = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), 1));
  const retryBefore = new Date(opts.now.getTime() - opts.retryAfterMs);
  const { rows } = await db.execute<{ id: number; domain: string }>(sql`
    select id, domain from websites
    where traffic_checked_at is null
       or traffic_checked_at < ${monthStart.toISOString()}::timestamptz
       or (traffic_state in ('error', 'invalid_key', 'quota') and traffic_checked_at < ${retryBefore.toISOString()}::timestamptz)
    order by traffic_checked_at nulls first, id
    limit ${opts.limit}`);
  return rows;
}
