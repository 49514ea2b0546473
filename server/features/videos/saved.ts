import { sql } from 'drizzle-orm';
import type { BulkResult, BulkRowResult } from '../../../common/schemas/articles.js';
import { youtubeVideoIdFromUrl } from '../../../common/schemas/videos.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { findTag } from '../tags/service.js';
import { NOT_CONNECTED } from './feeds.js';
import { ingestVideos } from './ingest.js';
import { SAVED_COLUMNS, type SavedVideoRow } from './lists.js';
import { lookUpDetails, QuotaSpentError, toIngest, youtubeClientOf, type PollDeps } from './poll.js';

export const ALREADY_SAVED = "Videos couldn't be saved - They already exist on Saved Coverage";
export const NO_VIDEO_AT_URL = 'No YouTube video was found at this address';

/** Copies a known video (and its channel's current values) into saved coverage under a tag; null when already saved in that project. */
export async function insertSaved(tx: Tx, orgId: number, tag: { id: number; projectId: number }, videoRowId: number): Promise<number | null> {
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

/** The organization's tag that coverage can be filed under (not archived), or undefined. */
async function usableTag(tx: Tx, orgId: number, tagId: number) {
  const tag = await findTag(tx, orgId, tagId);
  return tag && !tag.locked ? tag : undefined;
}

/**
 * POST youtube_feed/save: each feed video (its id in the feed) joins saved coverage under its
 * tag, each row in its own transaction; a video already saved in the tag's project is KO.
 */
export async function saveFeedVideos(db: Db, orgId: number, items: { video_id: number; tag_id: number }[]): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const item of items) {
    const result = await db.transaction(async (tx): Promise<BulkRowResult> => {
      const id = String(item.video_id);
      const tag = await usableTag(tx, orgId, item.tag_id);
      if (!tag) return { id, status: 'KO', reason: 'The tag was not found' };
      const inFeed = await tx.execute(sql`
        select 1 from youtube_feed_videos fv join youtube_feeds f on f.id = fv.feed_id
        where fv.organization_id = ${orgId} and fv.video_id = ${item.video_id} and f.project_id = ${tag.projectId} limit 1`);
      if (inFeed.rows.length === 0) return { id, status: 'KO', reason: 'The video was not found in this project’s feed' };
      const saved = await insertSaved(tx, orgId, tag, item.video_id);
      return saved === null ? { id, status: 'KO', reason: ALREADY_SAVED } : { id, status: 'OK', reason: null };
    });
    results.push(result);
  }
  const success = results.filter((r) => r.status === 'OK').length;
  return { success, failed: results.length - success, results };
}

/** One saved video of the organization with its tag's name. */
export async function findSavedVideo(db: Tx, orgId: number, id: number): Promise<SavedVideoRow | undefined> {
  const rows = await db.execute<SavedVideoRow>(sql`
    select ${SAVED_COLUMNS} from saved_videos s join tags t on t.id = s.tag_id where s.organization_id = ${orgId} and s.id = ${id}`);
  return rows.rows[0];
}

export interface SavedVideoChanges {
  tagId?: number;
  title?: string;
  description?: string;
  views?: number;
  channelSubscribers?: number;
  channelLanguage?: string;
  channelCountry?: string;
  publishedAt?: string;
}

/** PATCH saved_videos/{id}: the editable fields; a new tag must be the organization's, in the same project. */
export async function updateSavedVideo(db: Db, orgId: number, id: number, changes: SavedVideoChanges, pointer: (field: string) => string): Promise<SavedVideoRow> {
  return db.transaction(async (tx) => {
    const current = await findSavedVideo(tx, orgId, id);
    if (!current) throw notFound('saved video');
    const sets = [sql`updated_at = now()`];
    if (changes.tagId !== undefined) {
      const tag = await usableTag(tx, orgId, changes.tagId);
      if (!tag || tag.projectId !== current.project_id) throw fieldError(pointer('tag_id'), 'The tag was not found in this project');
      sets.push(sql`tag_id = ${tag.id}`);
    }
    if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
    if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
    if (changes.views !== undefined) sets.push(sql`views = ${changes.views}`);
    if (changes.channelSubscribers !== undefined) sets.push(sql`channel_subscribers = ${changes.channelSubscribers}`);
    if (changes.channelLanguage !== undefined) sets.push(sql`channel_language = ${changes.channelLanguage || null}`);
    if (changes.channelCountry !== undefined) sets.push(sql`channel_country = ${changes.channelCountry || null}`);
    if (changes.publishedAt !== undefined) sets.push(sql`published_at = ${new Date(changes.publishedAt).toISOString()}::timestamptz`);
    await tx.execute(sql`update saved_videos set ${sql.join(sets, sql`, `)} where organization_id = ${orgId} and id = ${id}`);
    return (await findSavedVideo(tx, orgId, id))!;
  });
}

/** DELETE saved_videos: the organization's rows among the ids; returns how many went. */
export async function deleteSavedVideos(db: Db, orgId: number, ids: number[]): Promise<number> {
  const rows = await db.execute(sql`delete from saved_videos where organization_id = ${orgId} and id = any(${sql.param(ids)}::int[]) returning 1`);
  return rows.rows.length;
}

/**
 * POST saved_videos/save_missing_video: a video no feed found, by its URL. Known videos are
 * saved from what we hold; others are looked up (videos.list + channels.list, through the quota).
 */
export async function saveMissingVideo(deps: PollDeps, orgId: number, input: { url: string; tagId: number }, pointer: (field: string) => string, now = new Date()): Promise<SavedVideoRow> {
  const videoId = youtubeVideoIdFromUrl(input.url);
  if (!videoId) throw fieldError(pointer('youtube_video_url'), NO_VIDEO_AT_URL);
  const tag = await usableTag(deps.db, orgId, input.tagId);
  if (!tag) throw fieldError(pointer('tag_id'), 'The tag was not found');
  let known = await deps.db.execute<{ id: number }>(sql`select id from youtube_videos where video_id = ${videoId}`);
  if (known.rows.length === 0) {
    if (!deps.config.youtube.apiKey) throw new AppError('not_connected', NOT_CONNECTED);
    const found = await lookUpDetails(deps, youtubeClientOf(deps.config), [videoId], [], now).catch((err: Error) => {
      if (err instanceof QuotaSpentError) throw new AppError('rate_limited', err.message);
      throw new AppError('bad_gateway', `YouTube could not be asked about this video: ${err.message}`);
    });
    const video = found.videos.find((v) => v.id === videoId);
    if (!video) throw fieldError(pointer('youtube_video_url'), NO_VIDEO_AT_URL);
    await deps.db.transaction((tx) => ingestVideos(tx, { videos: [toIngest(video)], channels: found.channels, matches: [], foundVia: 'search', now, announce: false }));
    known = await deps.db.execute<{ id: number }>(sql`select id from youtube_videos where video_id = ${videoId}`);
  }
  const savedId = await deps.db.transaction((tx) => insertSaved(tx, orgId, tag, known.rows[0].id));
  if (savedId === null) throw fieldError(pointer('youtube_video_url'), ALREADY_SAVED);
  return (await findSavedVideo(deps.db, orgId, savedId))!;
}
