import { MSG } from '../../../common/messages.js';
import type { BulkResult, BulkRowResult } from '../../../common/schemas/articles.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { YoutubeChannel } from '../../integrations/youtube/client.js';
import { linkProjectYoutubeFeed, lockActiveProject } from '../projects/service.js';
import { findTag } from '../tags/service.js';
import { ingestVideos, type IngestVideo } from './ingest.js';
import { deleteFeedVideos, fillFeedFromSearch, findVideoRowId, videoInProjectFeed } from './items-repo.js';
import { normaliseKeyword } from './match.js';
import { MIN_INTERVAL_S, type PollDeps } from './poll.js';
import { quotaToday } from './quota.js';
import {
  ensureSearch,
  findFeed,
  findFeedOfProject,
  insertFeed,
  lockFeed,
  searchIdOfFeed,
  setLatestPull,
  updateFeedRow,
  wakeSearch,
  type FeedRow,
  type FeedSettings,
} from './repo.js';
import { findSavedVideo, insertSavedVideo, updateSavedVideoRow, type SavedVideoRow, type SavedVideoRowChanges } from './saved-repo.js';

export type { IngestVideo } from './ingest.js';
export type { YoutubeChannel } from '../../integrations/youtube/client.js';

/** 503 `not_connected`: a call that must reach YouTube now, on a server without a key. */
export function notConnected(): AppError {
  return new AppError('not_connected', MSG.videos.notConnected);
}

/** Creates a project's YouTube feed inside the caller's transaction (sign-up uses it; no plan checks here). */
export async function createYoutubeFeed(
  tx: Tx,
  orgId: number,
  input: { projectId: number; keyword: string } & FeedSettings,
  config: Config,
  now = new Date(),
): Promise<{ id: number; status: 'ACTIVE' | 'PENDING'; reason: string }> {
  const project = await lockActiveProject(tx, orgId, input.projectId);
  if (!project) throw notFound('project');
  if ((await findFeedOfProject(tx, orgId, input.projectId)) !== undefined)
    throw new AppError('conflict', 'This project already has a YouTube feed', '/project_id');
  const keyword = input.keyword.trim().replace(/\s+/g, ' ');
  const searchId = await ensureSearch(tx, keyword, now);
  const id = await insertFeed(tx, orgId, { ...input, keyword, searchId }, now);
  await linkProjectYoutubeFeed(tx, orgId, input.projectId, id);
  await fillFeedFromSearch(tx, orgId, id, searchId);
  return config.youtube.apiKey
    ? { id, status: 'ACTIVE', reason: `Checking YouTube every ${MIN_INTERVAL_S / 60} minutes` }
    : { id, status: 'PENDING', reason: MSG.videos.notConnected };
}

/** A feed's webhooks: what an update replaced is compared with what it set, to test only new ones. */
export interface FeedWebhooks {
  slackWebhookUrl: string | null;
  discordWebhookUrl: string | null;
}

/**
 * PATCH youtube_feed/{id}: a new keyword moves the feed to that keyword's shared search; its
 * videos stay. Answers the webhooks the feed had before, so that only new ones are tested.
 */
export async function updateYoutubeFeed(
  tx: Tx,
  orgId: number,
  feedId: number,
  input: FeedSettings & { keyword?: string; isEnabled?: boolean },
  now = new Date(),
): Promise<FeedWebhooks> {
  const feed = await lockFeed(tx, orgId, feedId);
  if (!feed) throw notFound('YouTube feed');
  let searchId = feed.search_id;
  const keyword = input.keyword?.trim().replace(/\s+/g, ' ');
  if (keyword !== undefined && normaliseKeyword(keyword) !== normaliseKeyword(feed.keyword)) searchId = await ensureSearch(tx, keyword, now);
  const moved = searchId !== feed.search_id;
  await updateFeedRow(tx, orgId, feedId, { ...input, keyword, searchId, clearLatestPull: moved }, now);
  if (moved) await fillFeedFromSearch(tx, orgId, feedId, searchId);
  // A feed switched back on is polled soon, from where its search left off.
  if (input.isEnabled === true) await wakeSearch(tx, searchId, now);
  return { slackWebhookUrl: feed.slack_webhook_url, discordWebhookUrl: feed.discord_webhook_url };
}

/** The feed with its search's polling state (404 for another organization's id). */
export async function getYoutubeFeed(db: Tx, orgId: number, id: number): Promise<FeedRow> {
  const feed = await findFeed(db, orgId, id);
  if (!feed) throw notFound('YouTube feed');
  return feed;
}

/** The YouTube feed of a project of the organization, if it has one. */
export async function youtubeFeedOfProject(db: Tx, orgId: number, projectId: number): Promise<number | undefined> {
  return findFeedOfProject(db, orgId, projectId);
}

/** Removes videos from the feed (kept as deleted so no poll or push brings them back). */
export async function deleteYoutubeFeedVideos(db: Tx, orgId: number, feedId: number, videoIds: number[]): Promise<number> {
  if (!(await findFeed(db, orgId, feedId))) throw notFound('YouTube feed');
  return deleteFeedVideos(db, orgId, feedId, videoIds);
}

/** The organization's tag that coverage can be filed under (not archived), or undefined. */
export async function usableTag(tx: Tx, orgId: number, tagId: number) {
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
      if (!(await videoInProjectFeed(tx, orgId, tag.projectId, item.video_id)))
        return { id, status: 'KO', reason: 'The video was not found in this project’s feed' };
      const saved = await insertSavedVideo(tx, orgId, tag, item.video_id);
      return saved === null ? { id, status: 'KO', reason: MSG.videos.alreadySaved } : { id, status: 'OK', reason: null };
    });
    results.push(result);
  }
  const success = results.filter((r) => r.status === 'OK').length;
  return { success, failed: results.length - success, results };
}

/** PATCH saved_videos/{id}: the editable fields; a new tag must be the organization's, in the same project. */
export async function updateSavedVideo(
  db: Db,
  orgId: number,
  id: number,
  changes: SavedVideoRowChanges,
  pointer: (field: string) => string,
): Promise<SavedVideoRow> {
  return db.transaction(async (tx) => {
    const current = await findSavedVideo(tx, orgId, id);
    if (!current) throw notFound('saved video');
    let tagId: number | undefined;
    if (changes.tagId !== undefined) {
      const tag = await usableTag(tx, orgId, changes.tagId);
      if (!tag || tag.projectId !== current.project_id) throw fieldError(pointer('tag_id'), 'The tag was not found in this project');
      tagId = tag.id;
    }
    await updateSavedVideoRow(tx, orgId, id, { ...changes, tagId });
    return (await findSavedVideo(tx, orgId, id))!;
  });
}

/** GET youtube_feed/availability: whether searches can run now, and how many are left today. */
export async function youtubeAvailability(
  deps: PollDeps,
  now = new Date(),
): Promise<{ available: boolean; reason: string | null; searches_left_today: number | null }> {
  if (!deps.config.youtube.apiKey) return { available: false, reason: MSG.videos.notConnected, searches_left_today: null };
  const quota = await quotaToday(deps.db, deps.config, now);
  const left = quota.search.exhausted ? 0 : Math.max(0, quota.search.limit - quota.search.used);
  return {
    available: left > 0,
    reason: left > 0 ? null : 'The YouTube search quota for today is spent; searching resumes after midnight Pacific time.',
    searches_left_today: left,
  };
}

/**
 * Demo data written as a poll would have written it (the seed has no key and spends no quota):
 * the videos join the feed's search and the feed, without announcements, and the feed shows a
 * last pull.
 */
export async function addDemoVideos(tx: Tx, orgId: number, feedId: number, channels: YoutubeChannel[], videos: IngestVideo[], now: Date): Promise<number> {
  const searchId = await searchIdOfFeed(tx, orgId, feedId);
  if (searchId === undefined) return 0;
  const result = await ingestVideos(tx, {
    videos,
    channels,
    matches: videos.map((v) => ({ searchId, videoId: v.videoId })),
    foundVia: 'search',
    now,
    announce: false,
  });
  await setLatestPull(tx, orgId, feedId, now);
  return result.added;
}

/** Saves a known video (by its YouTube id) under a tag of the organization, in the caller's transaction; false when already saved. */
export async function saveKnownVideo(tx: Tx, orgId: number, tag: { id: number; projectId: number }, youtubeVideoId: string): Promise<boolean> {
  const rowId = await findVideoRowId(tx, youtubeVideoId);
  if (rowId === undefined) return false;
  return (await insertSavedVideo(tx, orgId, tag, Number(rowId))) !== null;
}
