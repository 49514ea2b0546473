import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dateFilters, like, orderBy, type MediaListQuery } from './queries.js';

/** Saved videos (the `saved_videos` table), always scoped by organization. */

const SAVED_SORT: Record<string, SQL> = {
  published_at: sql`s.published_at`,
  views: sql`s.views`,
  title: sql`lower(s.title)`,
  channel_title: sql`lower(s.channel_title)`,
  channel_subscribers: sql`s.channel_subscribers`,
  tag: sql`lower(t.name)`,
  inserted_at: sql`s.inserted_at`,
};
export const SAVED_SORTS = Object.keys(SAVED_SORT);

export type SavedVideoRow = {
  id: number;
  project_id: number;
  tag_id: number;
  tag: string;
  youtube_video_id: string;
  title: string;
  description: string;
  views: number;
  thumbnail: string | null;
  published_at: Date | string;
  channel_title: string;
  channel_thumbnail: string | null;
  channel_custom_url: string | null;
  channel_subscribers: number;
  channel_language: string | null;
  channel_country: string | null;
  inserted_at: Date | string;
  updated_at: Date | string;
  current_views: number;
  views_at_found: number | null;
  stats_refreshed_at: Date | string | null;
  removed_at: Date | string | null;
};

/**
 * A saved video's current views: YouTube's count once it was read after the video was saved (the
 * re-reads keep it growing), the saved copy until then or when the count is gone.
 */
export const SAVED_CURRENT_VIEWS = sql`(case when yv.stats_fetched_at > s.inserted_at and yv.views is not null then yv.views else s.views end)`;

const SAVED_COLUMNS = sql`s.id, s.project_id, s.tag_id, t.name as tag, s.youtube_video_id, s.title, s.description, s.views, s.thumbnail, s.published_at,
  s.channel_title, s.channel_thumbnail, s.channel_custom_url, s.channel_subscribers, s.channel_language, s.channel_country, s.inserted_at, s.updated_at,
  ${SAVED_CURRENT_VIEWS} as current_views, yv.views_at_found, yv.stats_refreshed_at, yv.removed_at`;
/** The shared video row of a saved copy (its counts are re-read by stats.ts). */
const SAVED_VIDEO_JOIN = sql`left join youtube_videos yv on yv.video_id = s.youtube_video_id`;

/** A page of a project's saved videos (GET saved_videos). */
export async function listSavedVideos(db: Tx, orgId: number, projectId: number, q: MediaListQuery): Promise<{ rows: SavedVideoRow[]; total: number }> {
  const where: SQL[] = [sql`s.organization_id = ${orgId}`, sql`s.project_id = ${projectId}`, ...dateFilters(sql`s.published_at`, q)];
  if (q.searchTerm)
    where.push(sql`(s.title ilike ${like(q.searchTerm)} or s.description ilike ${like(q.searchTerm)} or s.channel_title ilike ${like(q.searchTerm)})`);
  if (q.tags?.length) where.push(sql`s.tag_id = any(${sql.param(q.tags)}::int[])`);
  if (q.languages?.length) where.push(sql`lower(s.channel_language) = any(${sql.param(q.languages.map((l) => l.toLowerCase()))}::text[])`);
  if (q.minFollowers !== undefined) where.push(sql`s.channel_subscribers >= ${q.minFollowers}`);
  if (q.maxFollowers !== undefined) where.push(sql`s.channel_subscribers <= ${q.maxFollowers}`);
  if (q.minViews !== undefined) where.push(sql`s.views >= ${q.minViews}`);
  if (q.maxViews !== undefined) where.push(sql`s.views <= ${q.maxViews}`);
  const rows = await db.execute<SavedVideoRow & { total: number }>(sql`
    select ${SAVED_COLUMNS}, count(*) over ()::int as total
    from saved_videos s join tags t on t.id = s.tag_id ${SAVED_VIDEO_JOIN}
    where ${sql.join(where, sql` and `)}
    order by ${orderBy(SAVED_SORT[q.sortField] ?? SAVED_SORT.published_at, q.desc, sql`s.id`)}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  let total = Number(rows.rows[0]?.total ?? 0);
  if (rows.rows.length === 0 && q.page > 1) {
    const c = await db.execute<{ n: number }>(sql`select count(*)::int as n from saved_videos s where ${sql.join(where, sql` and `)}`);
    total = Number(c.rows[0].n);
  }
  return { rows: rows.rows, total };
}

/** One saved video of the organization with its tag's name. */
export async function findSavedVideo(db: Tx, orgId: number, id: number): Promise<SavedVideoRow | undefined> {
  const rows = await db.execute<SavedVideoRow>(sql`
    select ${SAVED_COLUMNS} from saved_videos s join tags t on t.id = s.tag_id ${SAVED_VIDEO_JOIN} where s.organization_id = ${orgId} and s.id = ${id}`);
  return rows.rows[0];
}

/** Copies a known video (and its channel's current values) into saved coverage under a tag; null when already saved in that project. */
export async function insertSavedVideo(tx: Tx, orgId: number, tag: { id: number; projectId: number }, videoRowId: number): Promise<number | null> {
  const rows = await tx.execute<{ id: number }>(sql`
    insert into saved_videos (organization_id, project_id, tag_id, youtube_video_id, title, description, views, thumbnail, published_at, channel_id,
                              channel_title, channel_thumbnail, channel_custom_url, channel_subscribers, channel_language, channel_country)
    select ${orgId}, ${tag.projectId}, ${tag.id}, v.video_id, v.title, v.description, coalesce(v.views, 0), v.thumbnail, v.published_at, v.channel_id,
           coalesce(c.title, ''), c.thumbnail, c.custom_url, coalesce(c.subscribers, 0), coalesce(v.language, c.language), c.country
    from youtube_videos v left join youtube_channels c on c.id = v.channel_id
    where v.id = ${videoRowId}
    on conflict (project_id, youtube_video_id) do nothing
    returning id`);
  return rows.rows[0]?.id ?? null;
}

/** The editable fields of a saved video (PATCH saved_videos/{id}); a new tag is checked by the caller. */
export interface SavedVideoRowChanges {
  tagId?: number;
  title?: string;
  description?: string;
  views?: number;
  channelSubscribers?: number;
  channelLanguage?: string;
  channelCountry?: string;
  publishedAt?: string;
}

export async function updateSavedVideoRow(tx: Tx, orgId: number, id: number, changes: SavedVideoRowChanges): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (changes.tagId !== undefined) sets.push(sql`tag_id = ${changes.tagId}`);
  if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
  if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
  if (changes.views !== undefined) sets.push(sql`views = ${changes.views}`);
  if (changes.channelSubscribers !== undefined) sets.push(sql`channel_subscribers = ${changes.channelSubscribers}`);
  if (changes.channelLanguage !== undefined) sets.push(sql`channel_language = ${changes.channelLanguage || null}`);
  if (changes.channelCountry !== undefined) sets.push(sql`channel_country = ${changes.channelCountry || null}`);
  if (changes.publishedAt !== undefined) sets.push(sql`published_at = ${new Date(changes.publishedAt).toISOString()}::timestamptz`);
  await tx.execute(sql`update saved_videos set ${sql.join(sets, sql`, `)} where organization_id = ${orgId} and id = ${id}`);
}

/** DELETE saved_videos: the organization's rows among the ids; returns how many went. */
export async function deleteSavedVideos(db: Tx, orgId: number, ids: number[]): Promise<number> {
  const rows = await db.execute(sql`delete from saved_videos where organization_id = ${orgId} and id = any(${sql.param(ids)}::int[]) returning 1`);
  return rows.rows.length;
}
