import { MSG } from '../../../common/messages.js';
import { youtubeVideoIdFromUrl } from '../../../common/schemas/videos.js';
import { AppError, fieldError } from '../../http/errors.js';
import { ingestVideos } from './ingest.js';
import { findVideoRowId } from './items-repo.js';
import { lookUpDetails, QuotaSpentError, toIngest, youtubeClientOf, type PollDeps } from './poll.js';
import { findSavedVideo, insertSavedVideo, type SavedVideoRow } from './saved-repo.js';
import { notConnected, usableTag } from './service.js';

/**
 * POST saved_videos/save_missing_video: a video no feed found, by its URL. Known videos are
 * saved from what we hold; others are looked up (videos.list + channels.list, through the quota).
 */
export async function saveMissingVideo(
  deps: PollDeps,
  orgId: number,
  input: { url: string; tagId: number },
  pointer: (field: string) => string,
  now = new Date(),
): Promise<SavedVideoRow> {
  const videoId = youtubeVideoIdFromUrl(input.url);
  if (!videoId) throw fieldError(pointer('youtube_video_url'), MSG.videos.notFoundAtUrl);
  const tag = await usableTag(deps.db, orgId, input.tagId);
  if (!tag) throw fieldError(pointer('tag_id'), 'The tag was not found');
  let known = await findVideoRowId(deps.db, videoId);
  if (known === undefined) {
    if (!deps.config.youtube.apiKey) throw notConnected();
    const found = await lookUpDetails(deps, youtubeClientOf(deps.config), [videoId], [], now).catch((err: Error) => {
      if (err instanceof QuotaSpentError) throw new AppError('rate_limited', err.message);
      throw new AppError('bad_gateway', `YouTube could not be asked about this video: ${err.message}`);
    });
    const video = found.videos.find((v) => v.id === videoId);
    if (!video) throw fieldError(pointer('youtube_video_url'), MSG.videos.notFoundAtUrl);
    await deps.db.transaction((tx) =>
      ingestVideos(tx, { videos: [toIngest(video)], channels: found.channels, matches: [], foundVia: 'search', now, announce: false }),
    );
    known = (await findVideoRowId(deps.db, videoId))!;
  }
  const rowId = known;
  const savedId = await deps.db.transaction((tx) => insertSavedVideo(tx, orgId, tag, rowId));
  if (savedId === null) throw fieldError(pointer('youtube_video_url'), MSG.videos.alreadySaved);
  return (await findSavedVideo(deps.db, orgId, savedId))!;
}
