import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { IngestFeed } from './normalize.js';

/** A feed row with what polling, WebSub and ingest need, and its website. */
export interface FeedRow {
  id: number;
  feed: string;
  type: number;
  disabled: boolean;
  language: string | null;
  intervalSeconds: number;
  etag: string | null;
  lastModified: string | null;
  errorCount: number;
  hubUrl: string | null;
  selfUrl: string | null;
  websubSecret: string | null;
  websubState: string;
  websubLeaseUntil: Date | null;
  health: string;
  lastNewAt: Date | null;
  website: { id: number; domain: string; language: string; reach: number; muv: number | null; isMetacritic: boolean };
}

/** Loads a feed and its website (null when there is no such feed). Platform data: no tenant. */
export async function loadFeed(db: Tx, feedId: number): Promise<FeedRow | null> {
  const r = await db.execute<Record<string, unknown>>(sql`
    select f.id, f.feed, f.type, f.disabled, f.language, f.interval_seconds, f.etag, f.last_modified, f.error_count,
           f.hub_url, f.self_url, f.websub_secret, f.websub_state, f.websub_lease_until, f.health, f.last_new_at,
           w.id as website_id, w.domain, w.language as website_language, w.reach, w.muv, w.is_metacritic
    from feeds f join websites w on w.id = f.website_id
    where f.id = ${feedId}`);
  const row = r.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    feed: String(row.feed),
    type: Number(row.type),
    disabled: Boolean(row.disabled),
    language: (row.language as string | null) ?? null,
    intervalSeconds: Number(row.interval_seconds),
    etag: (row.etag as string | null) ?? null,
    lastModified: (row.last_modified as string | null) ?? null,
    errorCount: Number(row.error_count),
    hubUrl: (row.hub_url as string | null) ?? null,
    selfUrl: (row.self_url as string | null) ?? null,
    websubSecret: (row.websub_secret as string | null) ?? null,
    websubState: String(row.websub_state),
    websubLeaseUntil: row.websub_lease_until ? new Date(row.websub_lease_until as string) : null,
    health: String(row.health),
    lastNewAt: row.last_new_at ? new Date(row.last_new_at as string) : null,
    website: {
      id: Number(row.website_id),
      domain: String(row.domain),
      language: String(row.website_language),
      reach: Number(row.reach),
      muv: row.muv == null ? null : Number(row.muv),
      isMetacritic: Boolean(row.is_metacritic),
    },
  };
}

/** The feed as ingest sees it. */
export function ingestFeedOf(feed: FeedRow): IngestFeed {
  return { id: feed.id, type: feed.type, language: feed.language, website: feed.website };
}
