import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { FeedMoveAttributes } from '../../../../common/schemas/sources';
import type {
  FeedAttributes,
  OpmlImportAttributes,
  TwitterAccountAttributes,
  WebsiteArticleAttributes,
  WebsiteAttributes,
  WebsiteAuthorAttributes,
  FeedType,
} from '../../../../common/schemas/websites';
import { apiFetch, flatten, type JsonApiResource, type ListDocument } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';

export type { FeedAttributes, WebsiteArticleAttributes, WebsiteAttributes };

export const WEBSITES_PATH = 'websites';
export const FEEDS_PATH = 'feeds';

export type Website = WebsiteAttributes & { id: string };

export type Feed = FeedAttributes & { id: string };

/** A feed's move to a new address (newest first, at most 20). */
export type FeedMove = FeedMoveAttributes & { id: string };

export interface WebsiteDetail {
  website: Website;
  feeds: Feed[];
  authors: (WebsiteAuthorAttributes & { id: string })[];
  accounts: (TwitterAccountAttributes & { id: string })[];
  moves: FeedMove[];
}

export const websiteKey = (idOrDomain: string) => [WEBSITES_PATH, 'one', idOrDomain];

/** GET websites/{domain}: the website with its feeds, authors and Twitter accounts. */
export function useWebsite(domain: string) {
  return useQuery({
    queryKey: websiteKey(domain),
    queryFn: async (): Promise<WebsiteDetail> => {
      const doc = await apiFetch<{ data: JsonApiResource<WebsiteAttributes>; included?: JsonApiResource[] }>(`${WEBSITES_PATH}/${encodeURIComponent(domain)}`);
      const included = doc.included ?? [];
      const of = <A>(type: string) => included.filter((r) => r.type === type).map((r) => flatten(r as JsonApiResource<A>));
      return {
        website: flatten(doc.data),
        feeds: of<FeedAttributes>('feed'),
        authors: of<WebsiteAuthorAttributes>('website_author'),
        accounts: of<TwitterAccountAttributes>('twitter_account'),
        moves: of<FeedMoveAttributes>('feed_move'),
      };
    },
  });
}

export interface Option {
  value: string;
  label: string;
}

/** A whole reference list as select options (the lists fit one page: 001 §7 page sizes). */
function useReferenceOptions(path: string, pageSize: number, toOption: (r: { id: string } & Record<string, unknown>) => Option) {
  return useQuery({
    queryKey: ['reference', path],
    queryFn: async () => {
      const doc = await apiFetch<ListDocument<Record<string, unknown>>>(path, { query: { 'page[page]': 1, 'page[page_size]': pageSize } });
      return doc.data.map((r) => toOption(flatten(r)));
    },
    staleTime: Infinity,
  });
}

export const useLanguageOptions = () => useReferenceOptions('languages', 150, (l) => ({ value: l.id, label: String(l.name) }));
export const useMediatypeOptions = () => useReferenceOptions('mediatypes', 150, (m) => ({ value: m.id, label: String(m.name) }));

export interface NewWebsiteValues {
  domain: string;
  feed: string;
  /** Empty: the server scores the website from the traffic ranking. */
  reach: number | '';
  language: string | null;
  /** 1 when the feed is a news sitemap chosen from feed discovery; 0 (a feed) otherwise. */
  feedType?: FeedType;
}

export const websiteDocument = (v: NewWebsiteValues) => ({
  data: { type: 'website' as const, attributes: { domain: v.domain.trim(), reach: v.reach === '' ? undefined : v.reach, language: v.language ?? '' } },
});

export const feedDocument = (v: { feed: string; websiteId: string; language?: string | null; reach?: number | null; type?: FeedType }) => ({
  data: {
    type: 'feed' as const,
    attributes: { feed: v.feed.trim(), website_id: v.websiteId, language: v.language ?? null, reach: v.reach ?? null, type: v.type ?? 0 },
  },
});

function useInvalidateWebsites() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: [WEBSITES_PATH] }), qc.invalidateQueries({ queryKey: [FEEDS_PATH] })]);
}

/** The feed step of the add-website save failed after the website was created. */
export class FeedStepError extends Error {
  constructor(
    readonly websiteId: string,
    readonly reason: unknown,
  ) {
    super('The feed could not be added');
  }
}

/**
 * The add-website modal's save: POST websites, then POST feeds for it. Each 201 has its
 * catalogue toast; the modal closes only when both succeeded (000 §4). When the feed fails
 * after the website was created, a FeedStepError carries the website's id so that the retry
 * only posts the feed.
 */
export function useAddWebsite() {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: async ({ values, websiteId }: { values: NewWebsiteValues; websiteId?: string }) => {
      let id = websiteId;
      if (!id) {
        const created = await apiFetch<{ data: JsonApiResource<WebsiteAttributes> }>(WEBSITES_PATH, { method: 'POST', body: websiteDocument(values) });
        id = created.data.id;
        toastSuccess(MSG.websites.added);
      }
      try {
        await apiFetch(FEEDS_PATH, {
          method: 'POST',
          body: feedDocument({
            feed: values.feed,
            websiteId: id,
            language: values.language,
            reach: values.reach === '' ? null : values.reach,
            type: values.feedType,
          }),
        });
      } catch (err) {
        throw new FeedStepError(id, err);
      }
      toastSuccess(MSG.websites.feedAdded);
      return id;
    },
    onSettled: () => invalidate(),
  });
}

export function useAddFeed(websiteId: string) {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: (feed: string) => apiFetch(FEEDS_PATH, { method: 'POST', body: feedDocument({ feed, websiteId }) }),
    onSuccess: async () => {
      toastSuccess(MSG.websites.feedAdded);
      await invalidate();
    },
  });
}

export function useSetFeedDisabled() {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      apiFetch(`${FEEDS_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'feed', id, attributes: { disabled } } } }),
    onSuccess: async () => {
      toastSuccess(MSG.websites.feedUpdated);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

export function useDeleteFeed() {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${FEEDS_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toastSuccess(MSG.websites.feedDeleted);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

/**
 * PATCH websites/{id}: `reach` types the score (kept across ranking imports), `reach_manual:
 * false` goes back to the ranking's; `muv: null` goes back to SimilarWeb's figure or the estimate.
 */
export interface WebsiteEdit {
  reach?: number;
  reach_manual?: boolean;
  muv?: number | null;
  mediatype_id?: string | null;
  is_metacritic?: boolean;
  is_ea?: boolean;
}

export function useUpdateWebsite(id: string) {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: (attributes: WebsiteEdit) => apiFetch(`${WEBSITES_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'website', id, attributes } } }),
    onSuccess: async () => {
      toastSuccess(MSG.websites.websiteUpdated);
      await invalidate();
    },
  });
}

export type OpmlImportResult = OpmlImportAttributes;

/** POST feeds/opml with the chosen file (multipart field `file`). */
export function useImportOpml() {
  const invalidate = useInvalidateWebsites();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const doc = await apiFetch<{ data: { attributes: OpmlImportResult } }>(`${FEEDS_PATH}/opml`, { method: 'POST', body: form });
      return doc.data.attributes;
    },
    onSuccess: async (r) => {
      toastSuccess(MSG.websites.opmlImported(r.created, r.skipped, r.invalid.length));
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

/** GET feeds/opml, saved as a file. */
export async function downloadOpml() {
  const res = await apiFetch<Response>(`${FEEDS_PATH}/opml`, { accept: 'text/x-opml' });
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `coverwatch-feeds-${new Date().toISOString().slice(0, 10)}.opml`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
