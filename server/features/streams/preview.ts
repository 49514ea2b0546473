import type { TwitchClient } from '../../integrations/twitch/client.js';
import { streamItem, videoItem } from './helix-items.js';
import { feedFilter, feedTakes, foldText } from './match.js';
import type { FeedItemRow } from './presenter.js';

/**
 * What a feed would find now: one page of the game's live streams and one of its videos of the
 * week, matched against the keyword as a poll would (≤ 10, newest first). Costs 2–3 points.
 */
export async function previewStreams(
  client: TwitchClient,
  keyword: string,
  gameId: string,
  now = new Date(),
  minViewers: number | null = null,
): Promise<{ key: string; row: Omit<FeedItemRow, 'id'> }[]> {
  const filter = feedFilter({ keyword, minViewers });
  const [streams, videos] = await Promise.all([
    client.getStreams({ gameId, first: 100 }),
    client.getVideos({ gameId, sort: 'time', period: 'week', type: 'all', first: 100 }),
  ]);
  const items = [...streams.data.map((s) => streamItem(s, gameId, now)), ...videos.data.map((v) => videoItem(v, gameId, now))]
    .filter((i) => feedTakes(filter, { kind: i.values.kind, viewers: Number(i.values.viewCount ?? 0) }, foldText(i.text)))
    .sort((a, b) => (b.values.publishedAt as Date).getTime() - (a.values.publishedAt as Date).getTime())
    .slice(0, 10);
  const users = new Map((await client.getUsers(items.map((i) => i.values.broadcasterId))).map((u) => [u.id, u]));
  return items.map((i) => {
    const v = i.values;
    const user = users.get(v.broadcasterId);
    return {
      key: `${v.kind}:${v.twitchId}`,
      row: {
        kind: v.kind,
        twitchVideoId: v.twitchVideoId ?? null,
        twitchStreamId: v.twitchStreamId ?? null,
        title: v.title ?? '',
        description: v.description ?? '',
        publishedAt: v.publishedAt as Date,
        url: v.url ?? null,
        thumbnailUrl: v.thumbnailUrl ?? null,
        viewCount: v.viewCount ?? 0,
        language: v.language ?? null,
        duration: v.duration ?? null,
        tags: v.tags ?? [],
        live: v.live ?? false,
        broadcasterId: v.broadcasterId,
        broadcasterName: user?.display_name || i.broadcasterName,
        broadcasterLogin: user?.login || i.broadcasterLogin,
        profileImageUrl: user?.profile_image_url || null,
        followers: null,
        saved: false,
        metrics: null,
      },
    };
  });
}
