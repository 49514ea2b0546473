import { sql, type SQL } from 'drizzle-orm';
import type { SavedVideoAttributes, YoutubeFeedVideoAttributes } from '../../../common/schemas/videos.js';
import type { Tx } from '../../db/client.js';
import { errorObject, ValidationError, type ErrorObject } from '../../http/errors.js';

/** Paging and filters shared by the feed and saved-video lists (query parameters as the spec names them). */
export interface MediaListQuery {
  page: number;
  pageSize: number;
  sortField: string;
  desc: boolean;
  searchTerm?: string;
  minViews?: number;
  maxViews?: number;
  minFollowers?: number;
  maxFollowers?: number;
  startDate?: string;
  endDate?: string;
  tags?: number[];
  languages?: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 100_000;

/**
 * Reads the list query: `page` (0 and 1 = first) or `page[page]`, `pageSize` / `sizePerPage` /
 * `page[page_size]`, `sortField`, `sortOrder`, filters. Every bad value is a 400 naming its parameter.
 */
export function parseMediaListQuery(raw: Record<string, unknown>, sortable: readonly string[], defaultSort = 'published_at'): MediaListQuery {
  const one = (k: string) => {
    const v = raw[k];
    const s = Array.isArray(v) ? v[v.length - 1] : v;
    return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
  };
  const errors: ErrorObject[] = [];
  const int = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      errors.push(errorObject('bad_request', `${name} must be a whole number from ${min} to ${max}`, { parameter: name }));
      return undefined;
    }
    return n;
  };
  const page = int('page', one('page[page]') ?? one('page'), 0, MAX_PAGE) ?? 1;
  const pageSize = int('pageSize', one('page[page_size]') ?? one('pageSize') ?? one('sizePerPage'), 1, 100) ?? 10;
  const sortField = one('sortField') ?? defaultSort;
  if (!sortable.includes(sortField)) errors.push(errorObject('bad_request', `Cannot sort by ${sortField.slice(0, 40)}`, { parameter: 'sortField' }));
  const order = (one('sortOrder') ?? 'desc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') errors.push(errorObject('bad_request', 'sortOrder must be asc or desc', { parameter: 'sortOrder' }));
  const date = (name: string) => {
    const v = one(name);
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) {
      errors.push(errorObject('bad_request', `${name} must be a date (YYYY-MM-DD)`, { parameter: name }));
      return undefined;
    }
    return v;
  };
  const list = (name: string) => one(name)?.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 200);
  const tags = list('tags')?.map((t) => int('tags', t, 1, 2_147_483_647)).filter((t): t is number => t !== undefined);
  const q: MediaListQuery = {
    page: Math.max(1, page),
    pageSize,
    sortField,
    desc: order !== 'asc',
    searchTerm: one('searchTerm')?.slice(0, 200),
    minViews: int('minViews', one('minViews'), 0, 1e15),
    maxViews: int('maxViews', one('maxViews'), 0, 1e15),
    minFollowers: int('minFollowers', one('minFollowers'), 0, 1e15),
    maxFollowers: int('maxFollowers', one('maxFollowers'), 0, 1e15),
    startDate: date('startDate'),
    endDate: date('endDate'),
    tags,
    languages: list('languages')?.map((l) => l.slice(0, 20)),
  };
  if (errors.length) throw new ValidationError(errors, 'bad_request');
  return q;
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const dateFilters = (col: SQL, q: MediaListQuery): SQL[] => [
  ...(q.startDate ? [sql`${col} >= ${q.startDate}::date`] : []),
  // Inclusive of the whole end day.
  ...(q.endDate ? [sql`${col} < ${q.endDate}::date + 1`] : []),
];
const orderBy = (expr: SQL, desc: boolean, tie: SQL) => sql`${expr} ${desc ? sql`desc nulls last` : sql`asc nulls first`}, ${tie} desc`;

const FEED_SORT: Record<string, SQL> = {
  published_at: sql`v.published_at`, views: sql`v.views`, title: sql`lower(v.title)`, channel: sql`lower(c.title)`,
  subscribers: sql`c.subscribers`, language: sql`coalesce(v.language, c.language)`, country: sql`c.country`,
};
export const FEED_SORTS = Object.keys(FEED_SORT);

type FeedVideoRow = {
  id: number; video_id: string; title: string; description: string; thumbnail: string | null; published_at: Date | string; views: number | null;
  language: string | null; found_via: string; channel_id: string; channel_title: string | null; channel_thumbnail: string | null; custom_url: string | null;
  country: string | null; channel_language: string | null; subscribers: number | null; saved: boolean; total: number;
};

/** A page of a feed's videos (deleted ones never), filtered and sorted as GET youtube_feed/{id} asks. */
export async function listFeedVideos(db: Tx, orgId: number, feedId: number, projectId: number, q: MediaListQuery): Promise<{ rows: { id: number; attributes: YoutubeFeedVideoAttributes }[]; total: number }> {
  const where: SQL[] = [sql`fv.organization_id = ${orgId}`, sql`fv.feed_id = ${feedId}`, sql`fv.status <> 'deleted'`, ...dateFilters(sql`v.published_at`, q)];
  if (q.searchTerm) where.push(sql`(v.title ilike ${like(q.searchTerm)} or v.description ilike ${like(q.searchTerm)} or c.title ilike ${like(q.searchTerm)})`);
  if (q.minViews !== undefined) where.push(sql`coalesce(v.views, 0) >= ${q.minViews}`);
  if (q.maxViews !== undefined) where.push(sql`coalesce(v.views, 0) <= ${q.maxViews}`);
  if (q.minFollowers !== undefined) where.push(sql`coalesce(c.subscribers, 0) >= ${q.minFollowers}`);
  if (q.maxFollowers !== undefined) where.push(sql`coalesce(c.subscribers, 0) <= ${q.maxFollowers}`);
  const rows = await db.execute<FeedVideoRow>(sql`
    select v.id, v.video_id, v.title, v.description, v.thumbnail, v.published_at, v.views, v.language, fv.found_via,
           v.channel_id, c.title as channel_title, c.thumbnail as channel_thumbnail, c.custom_url, c.country, c.language as channel_language, c.subscribers,
           exists (select 1 from saved_videos sv where sv.organization_id = ${orgId} and sv.project_id = ${projectId} and sv.youtube_video_id = v.video_id) as saved,
           count(*) over ()::int as total
    from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id left join youtube_channels c on c.id = v.channel_id
    where ${sql.join(where, sql` and `)}
    order by ${orderBy(FEED_SORT[q.sortField] ?? FEED_SORT.published_at, q.desc, sql`v.id`)}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return {
    total: rows.rows.length > 0 ? Number(rows.rows[0].total) : q.page > 1 ? await countFeed(db, where) : 0,
    rows: rows.rows.map((r) => ({
      id: Number(r.id),
      attributes: {
        title: r.title, thumbnail: r.thumbnail, published_at: new Date(r.published_at).toISOString(), youtube_video_id: r.video_id, description: r.description,
        views: r.views === null ? null : Number(r.views), language: r.language ?? r.channel_language, found_via: r.found_via, saved: r.saved,
        channel: {
          id: r.channel_id, title: r.channel_title ?? '', thumbnail: r.channel_thumbnail, custom_url: r.custom_url, country: r.country, language: r.channel_language,
          subscribers: r.subscribers === null ? null : Number(r.subscribers),
        },
      },
    })),
  };
}

/** The total of a page past the end (the window count has no row to ride on). */
async function countFeed(db: Tx, where: SQL[]) {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id left join youtube_channels c on c.id = v.channel_id
    where ${sql.join(where, sql` and `)}`);
  return Number(r.rows[0].n);
}

const SAVED_SORT: Record<string, SQL> = {
  published_at: sql`s.published_at`, views: sql`s.views`, title: sql`lower(s.title)`, channel_title: sql`lower(s.channel_title)`,
  channel_subscribers: sql`s.channel_subscribers`, tag: sql`lower(t.name)`, inserted_at: sql`s.inserted_at`,
};
export const SAVED_SORTS = Object.keys(SAVED_SORT);

export type SavedVideoRow = {
  id: number; project_id: number; tag_id: number; tag: string; youtube_video_id: string; title: string; description: string; views: number; thumbnail: string | null;
  published_at: Date | string; channel_title: string; channel_thumbnail: string | null; channel_custom_url: string | null; channel_subscribers: number;
  channel_language: string | null; channel_country: string | null; inserted_at: Date | string; updated_at: Date | string;
};

export const SAVED_COLUMNS = sql`s.id, s.project_id, s.tag_id, t.name as tag, s.youtube_video_id, s.title, s.description, s.views, s.thumbnail, s.published_at,
  s.channel_title, s.channel_thumbnail, s.channel_custom_url, s.channel_subscribers, s.channel_language, s.channel_country, s.inserted_at, s.updated_at`;

export const savedAttributes = (r: SavedVideoRow): SavedVideoAttributes => ({
  title: r.title, description: r.description, views: Number(r.views), thumbnail: r.thumbnail, published_at: new Date(r.published_at).toISOString(),
  youtube_video_id: r.youtube_video_id, channel_title: r.channel_title, channel_thumbnail: r.channel_thumbnail, channel_custom_url: r.channel_custom_url,
  channel_subscribers: Number(r.channel_subscribers), channel_language: r.channel_language, channel_country: r.channel_country, tag_id: String(r.tag_id),
  tag: r.tag, project_id: String(r.project_id), 'inserted-at': new Date(r.inserted_at).toISOString(), 'updated-at': new Date(r.updated_at).toISOString(),
});

/** A page of a project's saved videos (GET saved_videos). */
export async function listSavedVideos(db: Tx, orgId: number, projectId: number, q: MediaListQuery): Promise<{ rows: SavedVideoRow[]; total: number }> {
  const where: SQL[] = [sql`s.organization_id = ${orgId}`, sql`s.project_id = ${projectId}`, ...dateFilters(sql`s.published_at`, q)];
  if (q.searchTerm) where.push(sql`(s.title ilike ${like(q.searchTerm)} or s.description ilike ${like(q.searchTerm)} or s.channel_title ilike ${like(q.searchTerm)})`);
  if (q.tags?.length) where.push(sql`s.tag_id = any(${sql.param(q.tags)}::int[])`);
  if (q.languages?.length) where.push(sql`lower(s.channel_language) = any(${sql.param(q.languages.map((l) => l.toLowerCase()))}::text[])`);
  if (q.minFollowers !== undefined) where.push(sql`s.channel_subscribers >= ${q.minFollowers}`);
  if (q.maxFollowers !== undefined) where.push(sql`s.channel_subscribers <= ${q.maxFollowers}`);
  if (q.minViews !== undefined) where.push(sql`s.views >= ${q.minViews}`);
  if (q.maxViews !== undefined) where.push(sql`s.views <= ${q.maxViews}`);
  const rows = await db.execute<SavedVideoRow & { total: number }>(sql`
    select ${SAVED_COLUMNS}, count(*) over ()::int as total
    from saved_videos s join tags t on t.id = s.tag_id
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
