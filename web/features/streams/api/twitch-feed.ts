import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { BulkResult } from '../../../../common/schemas/articles';
import type { StreamMetrics, TwitchFeedAttributes, TwitchFeedItemAttributes, ViewerPoint } from '../../../../common/schemas/streams';
import { ApiError, apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import { projectsAllKey } from '../../../lib/workspace';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { showNotificationTests, type WithNotificationTests } from '../../videos/api/notification-tests';

/** The Twitch feed's calls (contract "Streams"; spec 001 "Stream feed (Twitch)"). */
export type { TwitchFeedAttributes, TwitchFeedItemAttributes };
export type TwitchFeed = TwitchFeedAttributes & { id: string };
export type TwitchFeedItem = TwitchFeedItemAttributes & { id: string };

export const TWITCH_FEED_PATH = 'twitch_feed';
export const twitchFeedListPath = (feedId: string) => `${TWITCH_FEED_PATH}/${feedId}`;
const feedInfoKey = (feedId: string) => [TWITCH_FEED_PATH, 'info', feedId] as const;

/** Every Twitch feed query: the info, the previews and each feed's list (keyed `twitch_feed/{id}`). */
const anyFeedQuery = { predicate: (q: { queryKey: readonly unknown[] }) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(TWITCH_FEED_PATH) };

/** Spec 001 §9: the game lookup waits 500 ms and needs more than 2 characters. */
export const GAME_SEARCH_MIN = 3;
export const GAME_SEARCH_DEBOUNCE_MS = 500;
export const PREVIEW_DEBOUNCE_MS = 500;

export interface TwitchGame {
  id: string;
  name: string;
  box_art_url: string | null;
}

export interface Availability {
  available: boolean;
  reason: string | null;
  searches_left_today: number | null;
}

/** GET twitch_feed/availability: whether this server can reach Twitch now, and why not. */
export function useTwitchAvailability() {
  return useQuery({
    queryKey: [TWITCH_FEED_PATH, 'availability'],
    queryFn: async () => (await apiFetch<{ data: { attributes: Availability } }>(`${TWITCH_FEED_PATH}/availability`)).data.attributes,
    staleTime: 60_000,
  });
}

/** GET twitch_feed/{id}/info: the feed, its keyword, game, last pull and polling state. */
export function useTwitchFeedInfo(feedId: string | null) {
  return useQuery({
    queryKey: feedInfoKey(String(feedId)),
    enabled: feedId !== null,
    queryFn: async () => flatten((await apiFetch<{ data: JsonApiResource<TwitchFeedAttributes> }>(`${TWITCH_FEED_PATH}/${feedId}/info`)).data),
  });
}

/** GET twitch_feed/preview?searchTerm=: games whose name matches (more than 2 characters). */
export function useGameSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: [TWITCH_FEED_PATH, 'games', q.toLowerCase()],
    enabled: q.length >= GAME_SEARCH_MIN,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: TwitchGame[] | null }>(`${TWITCH_FEED_PATH}/preview`, { query: { searchTerm: q }, signal })).data ?? [],
  });
}

/** GET twitch_feed/preview_streams: what a feed with this keyword ('' : the whole game), game and minimum would find now (≤ 10). */
export function usePreviewStreams(keyword: string | null, gameId: string | null, minViewers: number | null = null) {
  return useQuery({
    queryKey: [TWITCH_FEED_PATH, 'preview_streams', keyword, gameId, minViewers],
    enabled: keyword !== null && gameId !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const doc = await apiFetch<{ data: (TwitchFeedItemAttributes & { id: string | number })[] }>(`${TWITCH_FEED_PATH}/preview_streams`, {
        query: { keyword, game_id: gameId, ...(minViewers !== null ? { min_viewers: minViewers } : {}) },
        signal,
      });
      return (doc.data ?? []).map((r) => ({ ...r, id: String(r.id) }));
    },
  });
}

/** The body fields of POST / PATCH twitch_feed (common/schemas/streams.ts). */
export interface TwitchFeedBody {
  keyword?: string;
  project_id?: string;
  game_id?: string;
  min_viewers?: number | null;
  is_enabled?: boolean;
  slack_webhook_url?: string | null;
  slack_min_followers_notification?: number | null;
  discord_webhook_url?: string | null;
  discord_min_followers_notification?: number | null;
}

/**
 * Create the project's feed (POST twitch_feed) or change it (PATCH twitch_feed/{id}, only what
 * changed). A new feed gives the project its `twitch-search-id`, so the projects are reloaded.
 */
export function useSaveTwitchFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TwitchFeedBody }) =>
      apiFetch<{ data: JsonApiResource<TwitchFeedAttributes> } & WithNotificationTests>(id ? `${TWITCH_FEED_PATH}/${id}` : TWITCH_FEED_PATH, {
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: async (doc, { id }) => {
      toastSuccess(id ? MSG.streams.updated : MSG.streams.created);
      // What Slack and Discord answered to the test message of a webhook this save set.
      showNotificationTests(doc);
      // A new keyword or game changes the list too (videos already in the feed stay).
      await Promise.all([qc.invalidateQueries({ queryKey: projectsAllKey }), qc.invalidateQueries(anyFeedQuery)]);
    },
  });
}

/** GET twitch_feed/{id}/refresh (platform operator): poll now, then reload the list after 2 s. */
export function useRefreshTwitchFeed(feedId: string, refetchAfterMs: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${TWITCH_FEED_PATH}/${feedId}/refresh`),
    onSuccess: () => {
      toastSuccess(MSG.streams.refreshQueued);
      // The poll runs in a worker: give it a moment before reading the list again.
      setTimeout(() => void qc.invalidateQueries(anyFeedQuery), refetchAfterMs);
    },
    onError: () => toastError(null, MSG.streams.refreshFailed),
  });
}

export type StreamBulkRequest = { kind: 'save'; ids: string[]; tagId: string } | { kind: 'delete'; ids: string[] };

/** The request of a bulk save (POST twitch_feed/save) or delete (DELETE twitch_feed). */
export function bulkRequest(feedId: string, req: StreamBulkRequest): { method: 'POST' | 'DELETE'; path: string; body: Record<string, unknown> } {
  if (req.kind === 'save') return { method: 'POST', path: `${TWITCH_FEED_PATH}/save`, body: { streams: req.ids, tag_id: req.tagId, keyword_id: feedId } };
  return { method: 'DELETE', path: TWITCH_FEED_PATH, body: { videos: req.ids, keyword_id: feedId } };
}

/** The toast of a bulk result: all done, some done (warning) or nothing done (error). */
export function bulkOutcome(kind: StreamBulkRequest['kind'], r: Pick<BulkResult, 'success' | 'failed'>) {
  if (r.success > 0 && r.failed === 0)
    return { level: 'success' as const, message: kind === 'save' ? MSG.streams.savedCount(r.success) : MSG.streams.deletedCount(r.success) };
  if (r.success > 0 && kind === 'save') return { level: 'warning' as const, message: MSG.streams.partialSave(r.success, r.failed) };
  if (kind === 'save') return { level: 'error' as const, message: MSG.streams.alreadySaved };
  return { level: 'error' as const, message: MSG.streams.deleteFailed };
}

/**
 * Save feed items to Saved Coverage under a tag, or delete them from the feed; then toast and
 * reload the feed (and the saved streams, whose list grows).
 */
export function useStreamsBulk(feedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: StreamBulkRequest) => {
      const { method, path, body } = bulkRequest(feedId, req);
      return (await apiFetch<{ data: { attributes: BulkResult } }>(path, { method, body })).data.attributes;
    },
    onSuccess: (result, req) => {
      const o = bulkOutcome(req.kind, result);
      if (o.level === 'success') toastSuccess(o.message);
      else if (o.level === 'warning') toastWarning(o.message);
      else toastError(null, o.message);
    },
    onError: (err, req) => {
      if (req.kind === 'delete') toastError(null, MSG.streams.deleteFailed);
      else if (err instanceof ApiError && err.errors[0]?.detail) toastError(null, MSG.streams.saveFailed(err.errors[0].detail));
      else toastError(err);
    },
    onSettled: async (_r, _e, req) => {
      await Promise.all([qc.invalidateQueries(anyFeedQuery), req.kind === 'save' ? qc.invalidateQueries({ queryKey: ['saved_streams'] }) : Promise.resolve()]);
    },
  });
}

/** GET twitch_feed/{id}/viewers/{itemId} or saved_streams/{id}/viewers: a stream's viewers over time and its metrics. */
export function useViewerSeries(path: string | null) {
  return useQuery({
    queryKey: [TWITCH_FEED_PATH, 'viewers', path],
    enabled: path !== null,
    staleTime: 60_000,
    queryFn: async ({ signal }) => await apiFetch<{ data: ViewerPoint[]; meta: StreamMetrics }>(path!, { signal }),
  });
}
