import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedVideoAttributes } from '../../../../common/schemas/videos';
import { apiFetch, type JsonApiResource } from '../../../lib/api';
import type { BulkAnswer } from './youtube-feed';

export type { SavedVideoAttributes };
export type SavedVideo = SavedVideoAttributes & { id: string };

export const SAVED_VIDEOS_PATH = 'saved_videos';
export const SAVED_DEFAULT_SORT = '-published_at';

/** Saved lists and feeds (their `saved` marks change with saved videos). */
function useInvalidateSaved() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === SAVED_VIDEOS_PATH || q.queryKey[0].startsWith('youtube_feed')),
    });
}

/** PATCH saved_videos/{id}: only the non-empty fields that changed; answers with the message to show. */
export function useUpdateSavedVideo() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      apiFetch<{ data: JsonApiResource<SavedVideoAttributes>; meta?: { message?: string } }>(`${SAVED_VIDEOS_PATH}/${id}`, { method: 'PATCH', body }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}

/** DELETE saved_videos. */
export function useDeleteSavedVideos() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await apiFetch<{ data: JsonApiResource<BulkAnswer> }>(SAVED_VIDEOS_PATH, { method: 'DELETE', body: { video_ids: ids } })).data.attributes,
    onSuccess: async () => {
      await invalidate();
    },
  });
}

/** POST saved_videos/save_missing_video: a video by its YouTube address, under a tag. */
export function useSaveMissingVideo() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: (body: { youtube_video_url: string; tag_id: string }) =>
      apiFetch<{ data: JsonApiResource<SavedVideoAttributes> }>(`${SAVED_VIDEOS_PATH}/save_missing_video`, { method: 'POST', body }),
    onSuccess: async () => {
      await invalidate();
    },
  });
}
