import { MSG } from '../../../common/messages.js';
import { parseTwitchUrl } from '../../../common/schemas/streams.js';
import type { Db } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import type { HelixVideo, TwitchClient } from '../../integrations/twitch/client.js';
import { findTag } from '../tags/service.js';
import { findSavedStream, insertSavedStream, type SavedValues } from './saved-repo.js';
import type { SavedStreamRow } from './presenter.js';

const videoValues = (v: HelixVideo): Omit<SavedValues, 'projectId' | 'tagId' | 'followers'> => ({
  twitchVideoId: v.id,
  title: v.title || '(untitled)',
  description: v.description,
  viewCount: v.view_count,
  publishedAt: new Date(Date.parse(v.published_at || v.created_at) || Date.now()),
  language: v.language || null,
  broadcasterId: v.user_id,
  broadcasterName: v.user_name || v.user_login,
  thumbnailUrl: v.thumbnail_url || null,
  url: v.url || `https://www.twitch.tv/videos/${v.id}`,
});

/**
 * Adds a stream or video by its Twitch address (spec 000 §5) under a tag: `/videos/{id}` is that
 * video; `/{login}` is the channel's live stream, else its latest archived broadcast. Nothing
 * there → 422 at `pointer`; already saved in the tag's project → 422 with the catalogue's message.
 */
export async function saveMissingStream(
  db: Db,
  orgId: number,
  input: { streamUrl: string; tagId: number },
  client: TwitchClient,
  pointer: (field: string) => string,
): Promise<SavedStreamRow> {
  const tag = await findTag(db, orgId, input.tagId);
  if (!tag) throw notFound('tag');
  const target = parseTwitchUrl(input.streamUrl);
  const missing = () => fieldError(pointer('stream_url'), MSG.streams.notFoundAtUrl);
  if (!target) throw missing();

  let values: Omit<SavedValues, 'projectId' | 'tagId' | 'followers'> | null = null;
  if ('video' in target) {
    const [video] = (await client.getVideos({ ids: [target.video] })).data;
    if (video) values = videoValues(video);
  } else {
    const [user] = await client.getUsersByLogin([target.login]);
    if (user) {
      const [live] = (await client.getStreams({ userIds: [user.id], first: 1 })).data;
      if (live) {
        values = {
          twitchVideoId: `stream:${live.id}`,
          title: live.title || '(untitled)',
          description: '',
          viewCount: live.viewer_count,
          publishedAt: new Date(Date.parse(live.started_at) || Date.now()),
          language: live.language || null,
          broadcasterId: user.id,
          broadcasterName: user.display_name || user.login,
          thumbnailUrl: live.thumbnail_url || null,
          url: `https://www.twitch.tv/${user.login}`,
        };
      } else {
        const [latest] = (await client.getVideos({ userId: user.id, type: 'archive', sort: 'time', period: 'all', first: 1 })).data;
        if (latest) values = videoValues(latest);
      }
    }
  }
  if (!values) throw missing();
  const followers = values.broadcasterId ? ((await client.getFollowerTotal(values.broadcasterId)) ?? 0) : 0;
  const id = await insertSavedStream(db, orgId, { ...values, projectId: tag.projectId, tagId: tag.id, followers });
  if (id === undefined) throw fieldError(pointer('stream_url'), MSG.streams.alreadySaved);
  return (await findSavedStream(db, orgId, id))!;
}
