import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ARTICLE_DEFAULTS, isBulkLink, parseBulkLinks, type ArticleAttributes, type BulkResult } from '../../../../common/schemas/articles';
import type { FeedArticleAttributes } from '../../../../common/schemas/articles-feed';
import { normalizeUserUrl } from '../../../../common/url';
import { LANGUAGES, type Language } from '../../../../common/reference';
import { MSG } from '../../../../common/messages';
import { apiFetch, flatten, listQuery, type JsonApiResource, type ListDocument } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';

/** A saved article as `GET articles` describes it (docs/api.md "Saved coverage"). */
export type SavedArticleAttributes = ArticleAttributes;
export type SavedArticle = SavedArticleAttributes & { id: string };

export const SAVED_ARTICLES_PATH = 'articles';
export const BULK_CHUNK_SIZE = 10;

/** The form's date default (2010-01-01) marks "no date was found" rather than a real date. */
const DEFAULT_DAY = ARTICLE_DEFAULTS.date.slice(0, 10);

/** Spec row warning: the title is empty, the language unknown or the date the default one. */
export function isMissingData(a: Pick<SavedArticleAttributes, 'title' | 'language' | 'date'>): boolean {
  return !a.title?.trim() || !a.language || a.language === ARTICLE_DEFAULTS.language || !a.date || a.date.slice(0, 10) === DEFAULT_DAY;
}

export interface ParsedLinks {
  /** Valid links, each once, in the order pasted. */
  ready: string[];
  /** Lines that are not links with http(s) and a real host (spec: "URL without http invalid"). */
  invalid: string[];
  duplicates: number;
  /** 'No links were found.' / 'Importing articles is limited to a maximum of 1000.', else null. */
  error: string | null;
}

/** Reads the bulk-import text area: one link per line (spec 000 §5). */
export function parseLinkLines(text: string): ParsedLinks {
  const { links, error } = parseBulkLinks(text);
  const seen = new Set<string>();
  const ready: string[] = [];
  const invalid: string[] = [];
  let duplicates = 0;
  for (const link of links) {
    if (!isBulkLink(link) || normalizeUserUrl(link) === null) invalid.push(link);
    else if (seen.has(link)) duplicates += 1;
    else {
      seen.add(link);
      ready.push(link);
    }
  }
  return { ready, invalid, duplicates, error };
}

export type { BulkResult };

const tagRel = (tagId: string) => ({ tag: { data: { type: 'tag' as const, id: tagId } } });

/** Saved-coverage lists and every feed list (their `saved` marks change too). */
export function useInvalidateArticles() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^(csv\/)?articles(_feed|$|\/)/.test(q.queryKey[0]) });
}

/** POST articles: the server reads title, date and language from the page when it can. */
export function useCreateArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: ({ url, tagId }: { url: string; tagId: string }) =>
      apiFetch(SAVED_ARTICLES_PATH, { method: 'POST', body: { data: { type: 'article', attributes: { url }, relationships: tagRel(tagId) } } }),
    onSuccess: async () => {
      toastSuccess(MSG.articles.created);
      await invalidate();
    },
  });
}

export interface ArticleEditValues {
  title: string;
  tagId: string | null;
  reach: number;
  /** YYYY-MM-DD */
  date: string | null;
  language: string | null;
}

export function articleUpdateDocument(id: string, v: ArticleEditValues) {
  return {
    data: {
      type: 'article' as const,
      id,
      attributes: {
        title: v.title.trim(),
        reach: v.reach,
        ...(v.date ? { date: v.date } : {}),
        ...(v.language ? { language: v.language } : {}),
      },
      ...(v.tagId ? { relationships: tagRel(v.tagId) } : {}),
    },
  };
}

export function useUpdateArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ArticleEditValues }) =>
      apiFetch(`${SAVED_ARTICLES_PATH}/${id}`, { method: 'PATCH', body: articleUpdateDocument(id, values) }),
    onSuccess: async () => {
      toastSuccess(MSG.articles.edited);
      await invalidate();
    },
  });
}

export function useSetArticleLocked() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      apiFetch(`${SAVED_ARTICLES_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'article', id, attributes: { locked } } } }),
    onSuccess: async (_d, { locked }) => {
      toastSuccess(locked ? MSG.savedArticles.archived : MSG.savedArticles.activated);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

export function useDeleteArticle() {
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${SAVED_ARTICLES_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toastSuccess(MSG.savedArticles.deleted);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

async function postBulk(type: string, attributes: Record<string, unknown>): Promise<BulkResult> {
  const doc = await apiFetch<{ data: { attributes: BulkResult } }>('bulk/articles', { method: 'POST', body: { data: { type, attributes } } });
  return doc.data.attributes;
}

/** POST bulk/articles `bulk_articles`: one chunk of links under a tag. */
export const importLinks = (urls: string[], tagId: string) => postBulk('bulk_articles', { urls, tag_id: tagId });

/** POST bulk/articles `articles_rss_ids`: save articles of the alert's feed under a tag. */
export const saveFeedArticles = (ids: string[], tagId: string, alertId: string) => postBulk('articles_rss_ids', { ids, tag_id: tagId, alert_id: alertId });

export type LinkState = 'loading' | 'ok' | 'ko';
export interface LinkStatus {
  url: string;
  state: LinkState;
  reason?: string | null;
}

/**
 * Imports `urls` in chunks of 10 (one request each, so progress moves and one slow page does
 * not hold the whole batch), reporting every link's state after each chunk. A chunk that fails
 * as a whole marks its links KO with the error and the import goes on with the next chunk.
 */
export async function importLinksInChunks(urls: string[], tagId: string, onUpdate: (statuses: LinkStatus[], done: number) => void) {
  const statuses: LinkStatus[] = urls.map((url) => ({ url, state: 'loading' }));
  let done = 0;
  onUpdate([...statuses], done);
  for (let start = 0; start < urls.length; start += BULK_CHUNK_SIZE) {
    const chunk = urls.slice(start, start + BULK_CHUNK_SIZE);
    try {
      const result = await importLinks(chunk, tagId);
      chunk.forEach((url, i) => {
        const row = result.results.find((r) => r.url === url) ?? result.results[i];
        statuses[start + i] = {
          url,
          state: row?.status === 'OK' ? 'ok' : 'ko',
          reason: row?.status === 'OK' ? row.warning : (row?.reason ?? MSG.articles.bulkFailed),
        };
      });
    } catch (err) {
      const reason = (err as Error).message || MSG.articles.bulkFailed;
      chunk.forEach((url, i) => (statuses[start + i] = { url, state: 'ko', reason }));
    }
    done += chunk.length;
    onUpdate([...statuses], done);
  }
  return { success: statuses.filter((s) => s.state === 'ok').length, failed: statuses.filter((s) => s.state === 'ko').length, statuses };
}

/** GET languages (one page); the shared list stands in while it loads or if the call fails. */
export function useLanguages() {
  return useQuery({
    queryKey: ['languages'],
    queryFn: async (): Promise<Language[]> => {
      const doc = await apiFetch<ListDocument<Language>>('languages', { query: listQuery({ page: 1, pageSize: 150 }) });
      return doc.data.map((r) => ({ code: r.attributes.code ?? r.id, name: r.attributes.name }));
    },
    placeholderData: [...LANGUAGES],
    staleTime: Infinity,
  });
}

/** An article of the alert's feed, as `GET articles_feed/:alert_id` lists it. */
export type FeedArticle = FeedArticleAttributes & { id: string };

export const FEED_IMPORT_PAGE_SIZE = 50;

/** The first page of the alert's feed, newest first, optionally searched. */
export function useFeedArticles(alertId: string | null, search: string) {
  return useQuery({
    queryKey: ['articles_feed', alertId, 'import', search],
    enabled: alertId !== null,
    queryFn: async ({ signal }) => {
      const doc = await apiFetch<ListDocument<FeedArticleAttributes>>(`articles_feed/${alertId}`, {
        query: listQuery({ page: 1, pageSize: FEED_IMPORT_PAGE_SIZE, sort: '-pub_date', filter: { searchTerm: search.trim() || undefined } }),
        signal,
      });
      return { rows: doc.data.map((r: JsonApiResource<FeedArticleAttributes>) => flatten(r)), total: doc.meta.total_entries };
    },
  });
}
