import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YoutubeFeedAttributes, YoutubeFeedVideoAttributes, YoutubePreviewVideo } from '../../../../common/schemas/videos';
import { apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { projectsAllKey } from '../../../lib/workspace';
import type { WithNotificationTests } from './notification-tests';

export type { YoutubeFeedAttributes, YoutubeFeedVideoAttributes, YoutubePreviewVideo };
export type YoutubeFeed = YoutubeFeedAttributes & { id: string };
export type FeedVideo = YoutubeFeedVideoAttributes & { id: string };

export const YOUTUBE_FEED_PATH = 'youtube_feed';
/** The feed's videos (GET youtube_feed/{id}). */
export const feedVideosPath = (feedId: string) => `${YOUTUBE_FEED_PATH}/${feedId}`;
/** Newest first (spec 001: sortField published_at). */
export const FEED_DEFAULT_SORT = '-published_at';

/** GET youtube_feed/availability. */
export interface YoutubeAvailability {
  available: boolean;
  /** The not-connected sentence or the quota state, null when all is well. */
  reason: string | null;
  searches_left_today: number | null;
}

/** One row of a bulk answer (save, delete). */
export interface BulkRow {
  id: string | number;
  status: 'OK' | 'KO';
  reason: string | null;
}
export interface BulkAnswer {
  success: number;
  failed: number;
  results: BulkRow[];
}

/** Every cached view of YouTube feeds (lists, info, availability) starts with `youtube_feed`. */
const isFeedKey = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith(YOUTUBE_FEED_PATH);

export function useYoutubeAvailability() {
  return useQuery({
    queryKey: [YOUTUBE_FEED_PATH, 'availability'],
    queryFn: async () => (await apiFetch<{ data: JsonApiResource<YoutubeAvailability> }>(`${YOUTUBE_FEED_PATH}/availability`)).data.attributes,
    staleTime: 60_000,
  });
}

export function useYoutubeFeedInfo(feedId: string) {
  return useQuery({
    queryKey: [YOUTUBE_FEED_PATH, 'info', feedId],
    queryFn: async () => flatten((await apiFetch<{ data: JsonApiResource<YoutubeFeedAttributes> }>(`${YOUTUBE_FEED_PATH}/${feedId}/info`)).data),
  });
}

/** The body of POST youtube_feed (plain JSON with the spec's field names). */
export interface FeedCreateBody {
  keyword: string;
  project_id: string;
  slack_webhook_url?: string;
  slack_min_subs_notification?: number | null;
  discord_webhook_url?: string;
  discord_min_subs_notification?: number | null;
}

/** The body of PATCH youtube_feed/{id}: only what changed. */
export type FeedUpdateBody = Partial<{
  keyword: string;
  slack_webhook_url: string | null;
  slack_min_subs_notification: number | null;
  discord_webhook_url: string | null;
  discord_min_subs_notification: number | null;
  is_enabled: boolean;
}>;

/** POST youtube_feed; the project now names its feed (youtube-search-id), so the projects reload. */
export function useCreateYoutubeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedCreateBody) =>
      apiFetch<{ data: JsonApiResource<YoutubeFeedAttributes> } & WithNotificationTests>(YOUTUBE_FEED_PATH, { method: 'POST', body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: projectsAllKey });
    },
  });
}

export function useUpdateYoutubeFeed(feedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedUpdateBody) =>
      apiFetch<{ data: JsonApiResource<YoutubeFeedAttributes> } & WithNotificationTests>(`${YOUTUBE_FEED_PATH}/${feedId}`, { method: 'PATCH', body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ predicate: (q) => isFeedKey(q.queryKey) });
    },
  });
}

/** POST youtube_feed/preview: the newest videos a keyword finds now (≤ 10). */
export async function fetchPreview(keyword: string, signal?: AbortSignal): Promise<YoutubePreviewVideo[]> {
  const doc = await apiFetch<{ data: YoutubePreviewVideo[] }>(`${YOUTUBE_FEED_PATH}/preview`, { method: 'POST', body: { keyword }, signal });
  return doc.data;
}

/** The live preview of a (debounced) keyword; nothing is asked below the keyword's minimum length. */
export function useYoutubePreview(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [YOUTUBE_FEED_PATH, 'preview', keyword],
    queryFn: ({ signal }) => fetchPreview(keyword, signal),
    enabled,
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** POST youtube_feed/save: feed videos to saved coverage under a tag. */
export function useSaveFeedVideos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, tagId }: { ids: string[]; tagId: string }) => {
      const doc = await apiFetch<{ data: JsonApiResource<BulkAnswer> }>(`${YOUTUBE_FEED_PATH}/save`, {
        method: 'POST',
        body: { youtube_videos: ids.map((id) => ({ video_id: id, tag_id: tagId })) },
      });
      return doc.data.attributes;
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ predicate: (q) => isFeedKey(q.queryKey) || q.queryKey[0] === 'saved_videos' });
    },
  });
}

/** DELETE youtube_feed: the videos leave the feed for good. */
export function useDeleteFeedVideos(feedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const doc = await apiFetch<{ data: JsonApiResource<BulkAnswer> }>(YOUTUBE_FEED_PATH, {
        method: 'DELETE',
        body: { videos: ids, keyword_id: feedId },
      });
      return doc.data.attributes;
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ predicate: (q) => isFeedKey(q.queryKey) });
    },
  });
}

/** GET youtube_feed/{id}/refresh (platform operator): polls the feed's search now. */
export function useRefreshYoutubeFeed(feedId: string) {
  return useMutation({ mutationFn: () => apiFetch(`${YOUTUBE_FEED_PATH}/${feedId}/refresh`) });
}

/** Refetches the feed's videos and state (after a refresh had time to land). */
export function useInvalidateYoutubeFeed() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => isFeedKey(q.queryKey) });
}
