import { and, asc, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SavedStreamAttributes } from '../../../common/schemas/streams.js';
import type { SavedVideoAttributes } from '../../../common/schemas/videos.js';
import type { Db } from '../../db/client.js';
import { totalOver } from '../../db/paging.js';
import { savedStreams } from '../../db/schema/streams.js';
import { savedVideos, youtubeVideos } from '../../db/schema/videos.js';
import { tags } from '../../db/schema/workspace.js';
import { errorObject, ValidationError, type ErrorObject } from '../../http/errors.js';
import { listMeta, resource, type ListParams } from '../../http/jsonapi.js';
import { metricsAttributes, SAVED_STATS_JOIN, savedStreamTotals, STATS_COLUMNS, toMetricsRow } from '../streams/service.js';

/**
 * A report's saved videos and streams: the ids kept on the report (`reports.videos`,
 * `reports.saved_streams`), read from the videos and streams features' tables (reads may join
 * another feature's table) and limited to the report's organization and project, so an id that
 * was deleted since, or never was the project's, shows nothing.
 */

export type MediaKind = 'videos' | 'streams';
type ReportScope = { organizationId: number; projectId: number; videos: number[]; savedStreams: number[] };

const MAX_INT = 2_147_483_647;
/** Ids a serial column can hold; anything else cannot be one of ours. */
export const storable = (ids: number[]) => ids.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_INT);

export interface MediaListParams extends ListParams {
  sortField: string;
  desc: boolean;
}

const SORTS: Record<MediaKind, readonly string[]> = {
  videos: ['published_at', 'views', 'title', 'channel_title', 'channel_subscribers', 'inserted_at'],
  streams: ['published_at', 'view_count', 'followers', 'title', 'broadcaster_name', 'inserted_at', 'peak_viewers', 'average_viewers', 'hours_watched'],
};
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 5000;

/**
 * The list parameters of the report's media lists, in every spelling the callers use: `page`
 * (0 and 1 = first) or `page[page]`; `page[page_size]`, `page_size`, `pageSize` or
 * `sizePerPage`; `sortField` and `sortOrder` (published_at, newest first, by default).
 */
export function parseMediaListParams(query: unknown, kind: MediaKind): MediaListParams {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const one = (k: string) => {
    const v = q[k];
    return typeof v === 'string' ? v : Array.isArray(v) && typeof v[v.length - 1] === 'string' ? (v[v.length - 1] as string) : undefined;
  };
  const errors: ErrorObject[] = [];
  const pageRaw = one('page[page]') ?? one('page');
  const sizeRaw = one('page[page_size]') ?? one('page_size') ?? one('pageSize') ?? one('sizePerPage');
  const page = pageRaw === undefined ? 1 : Number(pageRaw);
  const pageSize = sizeRaw === undefined ? DEFAULT_PAGE_SIZE : Number(sizeRaw);
  if (!Number.isInteger(page) || page < 0 || page > 1_000_000)
    errors.push(errorObject('bad_request', 'page must be a whole number from 1 to 1000000', { parameter: 'page' }));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    errors.push(errorObject('bad_request', `page_size must be between 1 and ${MAX_PAGE_SIZE}`, { parameter: 'page[page_size]' }));
  const sortField = one('sortField') ?? 'published_at';
  if (!SORTS[kind].includes(sortField)) errors.push(errorObject('bad_request', `Cannot sort by ${sortField.slice(0, 50)}`, { parameter: 'sortField' }));
  const order = (one('sortOrder') ?? 'desc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') errors.push(errorObject('bad_request', 'sortOrder must be asc or desc', { parameter: 'sortOrder' }));
  if (errors.length) throw new ValidationError(errors, 'bad_request');
  return { page: Math.max(1, page), pageSize, filter: {}, sort: [{ field: sortField, desc: order === 'desc' }], sortField, desc: order === 'desc' };
}

/**
 * A saved video's current views (issue 30): YouTube's count once the videos feature re-read it after
 * the video was saved, the saved copy until then (as the saved_video resource's current_views).
 */
const currentViews =
  sql<number>`(case when ${youtubeVideos.statsFetchedAt} > ${savedVideos.insertedAt} and ${youtubeVideos.views} is not null then ${youtubeVideos.views} else ${savedVideos.views} end)`.mapWith(
    Number,
  );

const videoSorts: Record<string, SQL | AnyColumn> = {
  published_at: savedVideos.publishedAt,
  views: currentViews,
  title: sql`lower(${savedVideos.title})`,
  channel_title: sql`lower(${savedVideos.channelTitle})`,
  channel_subscribers: savedVideos.channelSubscribers,
  inserted_at: savedVideos.insertedAt,
};
/** Over `saved_streams s` and its stream's metrics `st` (the streams feature's SAVED_STATS_JOIN). */
const streamSorts: Record<string, SQL> = {
  published_at: sql`s.published_at`,
  view_count: sql`s.view_count`,
  followers: sql`s.followers`,
  title: sql`lower(s.title)`,
  broadcaster_name: sql`lower(s.broadcaster_name)`,
  inserted_at: sql`s.inserted_at`,
  peak_viewers: sql`st.peak_viewers`,
  average_viewers: sql`(st.viewer_ms / nullif(st.covered_ms, 0))`,
  hours_watched: sql`st.viewer_ms`,
};

type VideoStats = { currentViews: number; viewsAtFound: number | null; statsRefreshedAt: Date | null; removedAt: Date | null };
type VideoRow = typeof savedVideos.$inferSelect & { tagName: string | null } & Partial<VideoStats>;
type StreamRow = typeof savedStreams.$inferSelect & { tagName: string | null; metrics?: ReturnType<typeof toMetricsRow> };

const STREAM_COLUMNS = Object.entries(getTableColumns(savedStreams));
/** A `saved_streams` row read with plain SQL, as Drizzle reads it (names and types from the table's schema). */
function savedStreamOf(r: Record<string, unknown>): typeof savedStreams.$inferSelect {
  return Object.fromEntries(
    STREAM_COLUMNS.map(([key, column]) => [key, r[column.name] === null || r[column.name] === undefined ? null : column.mapFromDriverValue(r[column.name])]),
  ) as typeof savedStreams.$inferSelect;
}

export function savedVideoResource(v: VideoRow) {
  return resource('saved_video', v.id, {
    title: v.title,
    description: v.description,
    // The report shows current views; the saved copy when the video was not re-read since it was saved.
    views: v.currentViews ?? v.views,
    thumbnail: v.thumbnail,
    published_at: v.publishedAt.toISOString(),
    youtube_video_id: v.youtubeVideoId,
    channel_title: v.channelTitle,
    channel_thumbnail: v.channelThumbnail,
    channel_custom_url: v.channelCustomUrl,
    channel_subscribers: v.channelSubscribers,
    channel_language: v.channelLanguage,
    channel_country: v.channelCountry,
    tag_id: String(v.tagId),
    tag: v.tagName ?? '',
    project_id: String(v.projectId),
    'inserted-at': v.insertedAt.toISOString(),
    'updated-at': v.updatedAt.toISOString(),
    current_views: v.currentViews ?? v.views,
    views_at_found: v.viewsAtFound ?? null,
    stats_refreshed_at: v.statsRefreshedAt?.toISOString() ?? null,
    removed_at: v.removedAt?.toISOString() ?? null,
  } satisfies SavedVideoAttributes);
}

export function savedStreamResource(s: StreamRow) {
  return resource('saved_stream', s.id, {
    title: s.title,
    description: s.description,
    followers: s.followers,
    view_count: s.viewCount,
    published_at: s.publishedAt.toISOString(),
    language: s.language,
    tag: s.tagName ?? '',
    tag_id: String(s.tagId),
    broadcaster_name: s.broadcasterName,
    thumbnail_url: s.thumbnailUrl,
    twitch_video_id: s.twitchVideoId,
    url: s.url,
    project_id: String(s.projectId),
    'inserted-at': s.insertedAt.toISOString(),
    'updated-at': s.updatedAt.toISOString(),
    // The stream's live metrics (issue 30), as the saved streams list gives them; null when never sampled.
    ...metricsAttributes(s.metrics ?? null),
  } satisfies SavedStreamAttributes);
}

/** One page of the report's videos or streams as a JSON:API list document. */
export async function reportMediaDocument(db: Db, report: ReportScope, kind: MediaKind, params: MediaListParams) {
  const offset = (params.page - 1) * params.pageSize;
  if (kind === 'videos') {
    const ids = storable(report.videos);
    const rows = ids.length
      ? await db
          .select({
            v: savedVideos,
            tagName: tags.name,
            total: totalOver,
            currentViews,
            viewsAtFound: youtubeVideos.viewsAtFound,
            statsRefreshedAt: youtubeVideos.statsRefreshedAt,
            removedAt: youtubeVideos.removedAt,
          })
          .from(savedVideos)
          .leftJoin(tags, eq(tags.id, savedVideos.tagId))
          .leftJoin(youtubeVideos, eq(youtubeVideos.videoId, savedVideos.youtubeVideoId))
          .where(and(eq(savedVideos.organizationId, report.organizationId), eq(savedVideos.projectId, report.projectId), inArray(savedVideos.id, ids)))
          .orderBy(params.desc ? desc(videoSorts[params.sortField]) : asc(videoSorts[params.sortField]), asc(savedVideos.id))
          .limit(params.pageSize)
          .offset(offset)
      : [];
    const total = rows[0]?.total ?? (offset > 0 ? (await mediaTotals(db, report)).videos : 0);
    return {
      data: rows.map((r) =>
        savedVideoResource({
          ...r.v,
          tagName: r.tagName,
          currentViews: r.currentViews,
          viewsAtFound: r.viewsAtFound,
          statsRefreshedAt: r.statsRefreshedAt,
          removedAt: r.removedAt,
        }),
      ),
      meta: listMeta(total, params),
    };
  }
  const ids = storable(report.savedStreams);
  // Never-sampled streams come last in a descending order, first in an ascending one (as the saved streams list).
  const order = params.desc ? sql`desc nulls last` : sql`asc nulls first`;
  const rows = ids.length
    ? (
        await db.execute<Record<string, unknown>>(sql`
          select s.*, t.name as tag_name, ${STATS_COLUMNS}, count(*) over () as total
          from saved_streams s left join tags t on t.id = s.tag_id ${SAVED_STATS_JOIN}
          where s.organization_id = ${report.organizationId} and s.project_id = ${report.projectId} and s.id = any(${sql.param(ids)}::int[])
          order by ${streamSorts[params.sortField]} ${order}, s.id asc
          limit ${params.pageSize} offset ${offset}`)
      ).rows
    : [];
  const total = rows.length ? Number(rows[0].total) : offset > 0 ? (await mediaTotals(db, report)).streams : 0;
  return {
    data: rows.map((r) => savedStreamResource({ ...savedStreamOf(r), tagName: (r.tag_name as string | null) ?? null, metrics: toMetricsRow(r) })),
    meta: listMeta(total, params),
  };
}

export interface MediaTotals {
  videos: number;
  video_views: number;
  streams: number;
  stream_views: number;
  /** The streams' live metrics (issue 30): the streams feature adds them up (savedStreamTotals). */
  stream_hours_watched: number;
  stream_peak_viewers: number;
  stream_channels: number;
}

/** How many of the report's videos and streams still exist, and their views added up (the totals cards). */
export async function mediaTotals(db: Db, report: ReportScope): Promise<MediaTotals> {
  const v = storable(report.videos);
  const s = storable(report.savedStreams);
  const result = await db.execute<{ videos: number; video_views: string; streams: number; stream_views: string }>(sql`
    select
      (select count(*)::int from saved_videos where organization_id = ${report.organizationId} and project_id = ${report.projectId} and id = any(${sql.param(v)}::int[])) as videos,
      (select coalesce(sum(case when yv.stats_fetched_at > s.inserted_at and yv.views is not null then yv.views else s.views end), 0)::text
         from saved_videos s left join youtube_videos yv on yv.video_id = s.youtube_video_id
         where s.organization_id = ${report.organizationId} and s.project_id = ${report.projectId} and s.id = any(${sql.param(v)}::int[])) as video_views,
      (select count(*)::int from saved_streams where organization_id = ${report.organizationId} and project_id = ${report.projectId} and id = any(${sql.param(s)}::int[])) as streams,
      (select coalesce(sum(view_count), 0)::text from saved_streams where organization_id = ${report.organizationId} and project_id = ${report.projectId} and id = any(${sql.param(s)}::int[])) as stream_views`);
  const r = result.rows[0];
  const live = await savedStreamTotals(db, report.organizationId, report.projectId, s);
  return {
    videos: Number(r.videos),
    video_views: Number(r.video_views),
    streams: Number(r.streams),
    stream_views: Number(r.stream_views),
    stream_hours_watched: live.hoursWatched,
    stream_peak_viewers: live.peakConcurrentViewers,
    stream_channels: live.channels,
  };
}

/** Of these ids, the ones that are saved videos (streams) of the organization's project. */
export async function projectMediaIds(db: Db, orgId: number, projectId: number, kind: MediaKind, ids: number[]): Promise<Set<number>> {
  const list = storable(ids);
  if (list.length === 0) return new Set();
  const table = kind === 'videos' ? savedVideos : savedStreams;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, orgId), eq(table.projectId, projectId), inArray(table.id, list)));
  return new Set(rows.map((r) => r.id));
}
