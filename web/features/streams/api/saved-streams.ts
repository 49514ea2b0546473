import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { BulkResult } from '../../../../common/schemas/articles';
import type { SavedStreamAttributes } from '../../../../common/schemas/streams';
import { apiFetch } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';

/** Saved streams (contract "Streams"; spec 000 "Saved streams", 001 "Saved videos and streams"). */
export type { SavedStreamAttributes };
export type SavedStream = SavedStreamAttributes & { id: string };

export const SAVED_STREAMS_PATH = 'saved_streams';

/** Saved streams lists, and the feeds whose "Saved" marks change with them. */
function useInvalidateSaved() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^(saved_streams|twitch_feed)/.test(q.queryKey[0]) });
}

/** The editable fields of a saved stream (000 §3), as the edit form holds them. */
export interface SavedStreamEditValues {
  tag_id: string | null;
  language: string | null;
  title: string;
  description: string;
  followers: number | '';
  view_count: number | '';
  /** YYYY-MM-DD */
  published_at: string | null;
}

export function editValuesOf(s: SavedStream): SavedStreamEditValues {
  return {
    tag_id: s.tag_id ? String(s.tag_id) : null,
    language: s.language,
    title: s.title,
    description: s.description ?? '',
    followers: s.followers,
    view_count: s.view_count,
    published_at: s.published_at ? s.published_at.slice(0, 10) : null,
  };
}

/**
 * PATCH saved_streams/{id} body (000 §5 "Edit video/stream sends only non-empty fields"): the
 * fields that changed and are not empty. Empty means "leave as it is", never "erase".
 */
export function savedStreamPatch(values: SavedStreamEditValues, before: SavedStreamEditValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const text = (k: 'title' | 'description' | 'language' | 'tag_id' | 'published_at') => {
    const v = (values[k] ?? '').trim();
    if (v && v !== (before[k] ?? '').trim()) out[k] = v;
  };
  text('tag_id');
  text('language');
  text('title');
  text('description');
  text('published_at');
  for (const k of ['followers', 'view_count'] as const) {
    const v = values[k];
    if (v !== '' && v !== before[k]) out[k] = v;
  }
  return out;
}

export function useUpdateSavedStream() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, string | number> }) =>
      apiFetch<{ meta?: { message?: string } }>(`${SAVED_STREAMS_PATH}/${id}`, { method: 'PATCH', body }),
    onSuccess: async (doc) => {
      toastSuccess(doc?.meta?.message ?? MSG.streams.streamEdited);
      await invalidate();
    },
  });
}

/** DELETE saved_streams {stream_ids}. */
export function useDeleteSavedStreams() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await apiFetch<{ data: { attributes: BulkResult } }>(SAVED_STREAMS_PATH, { method: 'DELETE', body: { stream_ids: ids } })).data.attributes,
    onSuccess: async (r) => {
      if (r.success > 0) toastSuccess(MSG.streams.deletedCount(r.success));
      else toastError(null, MSG.streams.savedDeleteFailed);
      await invalidate();
    },
    onError: () => toastError(null, MSG.streams.savedDeleteFailed),
  });
}

/** POST saved_streams/save_missing_stream: a stream or video by its Twitch address, under a tag. */
export function useSaveMissingStream() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: ({ url, tagId }: { url: string; tagId: string }) =>
      apiFetch(`${SAVED_STREAMS_PATH}/save_missing_stream`, { method: 'POST', body: { stream_url: url, tag_id: tagId } }),
    onSuccess: async () => {
      toastSuccess(MSG.streams.streamAdded);
      await invalidate();
    },
  });
}
