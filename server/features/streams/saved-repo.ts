import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { savedStreams } from '../../db/schema/streams.js';
import { STATS_COLUMNS } from './items-repo.js';
import { toMetricsRow, type SavedStreamRow } from './presenter.js';

/** Saved streams (the `saved_streams` table), always scoped by organization. */

export const SAVED_SORTS = [
  'published_at',
  'view_count',
  'followers',
  'title',
  'broadcaster_name',
  'tag',
  'inserted_at',
  'peak_viewers',
  'hours_watched',
] as const;
export type SavedSort = (typeof SAVED_SORTS)[number];

export interface SavedFilter {
  projectId: number;
  startDate?: string;
  endDate?: string;
  tagIds?: number[];
  languages?: string[];
  minFollowers?: number;
  maxFollowers?: number;
  searchTerm?: string;
}

const SORT_SQL: Record<SavedSort, SQL> = {
  published_at: sql`s.published_at`,
  view_count: sql`s.view_count`,
  followers: sql`s.followers`,
  title: sql`lower(s.title)`,
  broadcaster_name: sql`lower(s.broadcaster_name)`,
  tag: sql`lower(t.name)`,
  inserted_at: sql`s.inserted_at`,
  peak_viewers: sql`st.peak_viewers`,
  hours_watched: sql`st.viewer_ms`,
};

/**
 * The Helix stream id behind a saved copy: `stream:<id>` names it; a VOD's id leads to it through
 * the stored video (its `stream_id`) or the stream row that learnt its VOD.
 */
export const savedStreamIdSql = sql`(case when s.twitch_video_id like 'stream:%' then substr(s.twitch_video_id, 8) else coalesce(
  (select v.twitch_stream_id from twitch_items v where v.kind = 'video' and v.twitch_id = s.twitch_video_id),
  (select x.twitch_id from twitch_items x where x.kind = 'stream' and x.twitch_video_id = s.twitch_video_id limit 1)) end)`;

/** A saved copy's stream metrics, `st` (left join lateral). */
export const SAVED_STATS_JOIN = sql`left join lateral (select * from twitch_stream_stats where stream_id = ${savedStreamIdSql}) st on true`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type SavedValues = Omit<typeof savedStreams.$inferInsert, 'id' | 'organizationId' | 'insertedAt' | 'updatedAt'>;

const SELECT = sql`select s.*, t.name as tag_name, ${STATS_COLUMNS} from saved_streams s join tags t on t.id = s.tag_id ${SAVED_STATS_JOIN}`;

function toRow(r: Record<string, unknown>): SavedStreamRow {
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    projectId: Number(r.project_id),
    tagId: Number(r.tag_id),
    twitchVideoId: String(r.twitch_video_id),
    title: String(r.title),
    description: String(r.description ?? ''),
    followers: Number(r.followers ?? 0),
    viewCount: Number(r.view_count ?? 0),
    publishedAt: new Date(r.published_at as string),
    language: (r.language as string | null) ?? null,
    broadcasterId: (r.broadcaster_id as string | null) ?? null,
    broadcasterName: String(r.broadcaster_name ?? ''),
    thumbnailUrl: (r.thumbnail_url as string | null) ?? null,
    url: (r.url as string | null) ?? null,
    insertedAt: new Date(r.inserted_at as string),
    updatedAt: new Date(r.updated_at as string),
    tagName: String(r.tag_name ?? ''),
    metrics: toMetricsRow(r),
  };
}

export async function listSavedStreams(
  db: Tx,
  orgId: number,
  f: SavedFilter,
  opts: { sort: SavedSort; desc: boolean; page: number; pageSize: number },
): Promise<{ rows: SavedStreamRow[]; total: number }> {
  const w: SQL[] = [sql`s.organization_id = ${orgId}`, sql`s.project_id = ${f.projectId}`];
  if (f.startDate) w.push(sql`s.published_at >= ${f.startDate}::date`);
  if (f.endDate) w.push(sql`s.published_at < ${f.endDate}::date + 1`);
  if (f.tagIds?.length) w.push(sql`s.tag_id = any(${sql.param(f.tagIds)}::int[])`);
  if (f.languages?.length) w.push(sql`lower(coalesce(s.language, '')) = any(${sql.param(f.languages.map((l) => l.toLowerCase()))}::text[])`);
  if (f.minFollowers !== undefined) w.push(sql`s.followers >= ${f.minFollowers}`);
  if (f.maxFollowers !== undefined) w.push(sql`s.followers <= ${f.maxFollowers}`);
  if (f.searchTerm) {
    const like = `%${likeEscape(f.searchTerm)}%`;
    w.push(sql`(s.title ilike ${like} or s.description ilike ${like} or s.broadcaster_name ilike ${like})`);
  }
  const where = sql.join(w, sql` and `);
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from saved_streams s where ${where}`)).rows;
  const res = await db.execute<Record<string, unknown>>(sql`${SELECT} where ${where}
    order by ${SORT_SQL[opts.sort]} ${opts.desc ? sql`desc nulls last` : sql`asc nulls first`}, s.id ${opts.desc ? sql`desc` : sql`asc`}
    limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`);
  return { rows: res.rows.map(toRow), total: Number(n) };
}

export async function findSavedStream(db: Tx, orgId: number, id: number): Promise<SavedStreamRow | undefined> {
  const res = await db.execute<Record<string, unknown>>(sql`${SELECT} where s.organization_id = ${orgId} and s.id = ${id}`);
  return res.rows[0] ? toRow(res.rows[0]) : undefined;
}

/** Inserts a saved copy; undefined when the project already holds this video (or stream). */
export async function insertSavedStream(db: Tx, orgId: number, v: SavedValues): Promise<number | undefined> {
  const [row] = await db
    .insert(savedStreams)
    .values({ ...v, organizationId: orgId })
    .onConflictDoNothing({ target: [savedStreams.projectId, savedStreams.twitchVideoId] })
    .returning({ id: savedStreams.id });
  return row?.id;
}

export async function updateSavedStreamRow(db: Tx, orgId: number, id: number, v: Partial<SavedValues>): Promise<boolean> {
  const res = await db.execute(sql`select 1 from saved_streams where organization_id = ${orgId} and id = ${id}`);
  if (!res.rows.length) return false;
  if (Object.keys(v).length) {
    await db
      .update(savedStreams)
      .set({ ...v, updatedAt: new Date() })
      .where(sql`${savedStreams.organizationId} = ${orgId} and ${savedStreams.id} = ${id}`);
  }
  return true;
}

export async function deleteSavedStreams(db: Tx, orgId: number, ids: number[]): Promise<number> {
  const res = await db.execute(sql`delete from saved_streams where organization_id = ${orgId} and id = any(${sql.param(ids)}::int[])`);
  return res.rowCount ?? 0;
}

/** The Helix stream id behind a saved copy (null: not known). */
export async function savedStreamIdOf(db: Tx, orgId: number, id: number): Promise<string | null> {
  const res = await db.execute<{ stream_id: string | null }>(
    sql`select ${savedStreamIdSql} as stream_id from saved_streams s where s.organization_id = ${orgId} and s.id = ${id}`,
  );
  return res.rows[0]?.stream_id ?? null;
}

/** The stream behind each of the project's saved copies with these ids, its totals, and the distinct channels. */
export async function savedStreamsStats(db: Tx, orgId: number, projectId: number, ids: number[]) {
  if (!ids.length) return { rows: [], channels: 0 };
  const where = sql`s.organization_id = ${orgId} and s.project_id = ${projectId} and s.id = any(${sql.param(ids)}::int[])`;
  const res = await db.execute<{ stream_id: string | null; viewer_ms: number | null; ended_at: string | Date | null }>(sql`
    select st.stream_id, st.viewer_ms, st.ended_at from saved_streams s ${SAVED_STATS_JOIN} where ${where}`);
  const [{ n }] = (
    await db.execute<{ n: number }>(sql`
    select count(distinct coalesce(nullif(s.broadcaster_id, ''), lower(s.broadcaster_name)))::int as n from saved_streams s where ${where}`)
  ).rows;
  return {
    rows: res.rows.map((r) => ({
      streamId: r.stream_id,
      viewerMs: r.viewer_ms === null ? null : Number(r.viewer_ms),
      endedAt: r.ended_at ? new Date(r.ended_at) : null,
    })),
    channels: Number(n),
  };
}
