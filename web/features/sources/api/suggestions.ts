import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { SuggestionStatus, WebsiteSuggestionAttributes } from '../../../../common/schemas/sources';
import { toastError, toastSuccess } from '../../../components/toasts';
import { apiFetch, listQuery, type JsonApiResource, type ListDocument, type ListMeta } from '../../../lib/api';
import { invalidateSources } from './source-packs';

export type { SuggestionStatus, WebsiteSuggestionAttributes };
export type Suggestion = WebsiteSuggestionAttributes & { id: string };

export const SUGGESTIONS_PATH = 'website_suggestions';
export const SUGGESTIONS_PAGE_SIZE = 10;

/** GET website_suggestions of a status, newest first (the operator sees every organization's). */
export function useSuggestions(status: SuggestionStatus, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [SUGGESTIONS_PATH, status, page],
    queryFn: async (): Promise<{ rows: Suggestion[]; meta: ListMeta }> => {
      const doc = await apiFetch<ListDocument<WebsiteSuggestionAttributes>>(SUGGESTIONS_PATH, {
        query: listQuery({ page, pageSize: SUGGESTIONS_PAGE_SIZE, sort: '-created_at', filter: { status } }),
      });
      return { rows: doc.data.map((r) => ({ id: r.id, ...r.attributes })), meta: doc.meta };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The organization's own suggestions, whatever their status, newest first (the organization page). */
export function useOwnSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: [SUGGESTIONS_PATH, 'own'],
    queryFn: async (): Promise<Suggestion[]> => {
      const doc = await apiFetch<ListDocument<WebsiteSuggestionAttributes>>(SUGGESTIONS_PATH, {
        query: listQuery({ page: 1, pageSize: SUGGESTIONS_PAGE_SIZE, sort: '-created_at' }),
      });
      return doc.data.map((r) => ({ id: r.id, ...r.attributes }));
    },
    enabled,
  });
}

/** PATCH website_suggestions/{id}: the operator approves (the outlet is created and fetched) or rejects. */
export function useDecideSuggestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ suggestion, status }: { suggestion: Suggestion; status: 'approved' | 'rejected' }) => {
      const doc = await apiFetch<{ data: JsonApiResource<WebsiteSuggestionAttributes> }>(`${SUGGESTIONS_PATH}/${suggestion.id}`, {
        method: 'PATCH',
        body: { data: { type: 'website_suggestion', id: suggestion.id, attributes: { status } } },
      });
      return { id: doc.data.id, ...doc.data.attributes };
    },
    onSuccess: (s) => toastSuccess(s.status === 'approved' ? MSG.outlets.suggestionApproved(s.domain) : MSG.outlets.suggestionRejected(s.domain)),
    onError: (err) => toastError(err),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: [SUGGESTIONS_PATH] }), invalidateSources(qc)]),
  });
}

/** What POST website_suggestions answered: the suggestion, and whether it is a new one (201). */
export interface SuggestResult {
  suggestion: Suggestion;
  created: boolean;
}

/**
 * POST website_suggestions `{url}`: discovery runs inside the request (up to ~25 s). A 200 means
 * the domain was already known (an outlet, or an open suggestion of the same organization).
 */
export function useSuggestOutlet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (url: string): Promise<SuggestResult> => {
      let status = 0;
      const doc = await apiFetch<{ data: JsonApiResource<WebsiteSuggestionAttributes> }>(SUGGESTIONS_PATH, {
        method: 'POST',
        body: { data: { type: 'website_suggestion', attributes: { url: url.trim() } } },
        onStatus: (s) => (status = s),
      });
      return { suggestion: { id: doc.data.id, ...doc.data.attributes }, created: status === 201 };
    },
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: [SUGGESTIONS_PATH] }), invalidateSources(qc)]),
  });
}

export type SuggestOutcome = 'added' | 'monitored' | 'in_directory' | 'already_asked' | 'found' | 'no_feed';

/** Which of the answers a person reads after suggesting an outlet. */
export function suggestOutcome({ suggestion: s, created }: SuggestResult): SuggestOutcome {
  if (s.existing) return s.monitored ? 'monitored' : 'in_directory';
  if (s.status === 'approved') return 'added';
  if (!created) return 'already_asked';
  return s.feeds.length > 0 ? 'found' : 'no_feed';
}

/** The sentence for an outcome. */
export function outcomeMessage(outcome: SuggestOutcome, s: Suggestion): string {
  const M = MSG.outlets;
  switch (outcome) {
    case 'added':
      return M.suggestAdded(s.domain);
    case 'monitored':
      return M.suggestMonitored(s.domain);
    case 'in_directory':
      return M.suggestInDirectory(s.domain);
    case 'already_asked':
      return M.suggestAlreadyAsked(s.domain);
    case 'found':
      return M.suggestFound(s.feeds.length, s.domain);
    case 'no_feed':
      return M.suggestNoFeed(s.domain);
  }
}
