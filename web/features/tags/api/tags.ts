import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { TagAttributes } from '../../../../common/schemas/tags';
import { apiFetch } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';

export type { TagAttributes };
export type Tag = TagAttributes & { id: string };

export const TAGS_PATH = 'tags';

export interface TagValues {
  name: string;
  hasHighlight: boolean;
  /** YYYY-MM-DD, or null. */
  highlightDate: string | null;
}

/** The request document of POST projects/{projectId}/tags / PATCH tags/{id}. */
export function tagDocument(values: TagValues, id?: string) {
  return {
    data: {
      type: 'tag' as const,
      ...(id ? { id } : {}),
      attributes: {
        name: values.name.trim(),
        has_highlight: values.hasHighlight,
        highlight_date: values.hasHighlight ? values.highlightDate : null,
      },
    },
  };
}

function useInvalidateTags() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [TAGS_PATH] });
}

export function useSaveTag(projectId: string) {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ values, id }: { values: TagValues; id?: string }) =>
      id
        ? apiFetch(`${TAGS_PATH}/${id}`, { method: 'PATCH', body: tagDocument(values, id) })
        : apiFetch(`projects/${projectId}/tags`, { method: 'POST', body: tagDocument(values) }),
    onSuccess: async (_data, { id }) => {
      toastSuccess(id ? MSG.modal.tagEdited : MSG.modal.tagCreated);
      await invalidate();
    },
  });
}

export function useSetTagLocked() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      apiFetch(`${TAGS_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'tag', id, attributes: { locked } } } }),
    onSuccess: async (_data, { locked }) => {
      toastSuccess(locked ? MSG.modal.tagArchived : MSG.modal.tagActivated);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

/** The highlight switch of a row: PATCH has_highlight (today's date when turned on without one). */
export function useSetTagHighlight() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ tag, on }: { tag: Tag; on: boolean }) =>
      apiFetch(`${TAGS_PATH}/${tag.id}`, {
        method: 'PATCH',
        body: {
          data: {
            type: 'tag',
            id: tag.id,
            attributes: { has_highlight: on, highlight_date: on ? (tag['highlight-date'] ?? new Date().toISOString().slice(0, 10)) : tag['highlight-date'] },
          },
        },
      }),
    onSuccess: async () => {
      toastSuccess(MSG.modal.tagEdited);
      await invalidate();
    },
  });
}
