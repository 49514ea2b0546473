import { useMutation, useQuery } from '@tanstack/react-query';
import type { HeadlineToolsStatus, Sentiment, SentimentResult, TranslationResult } from '../../../../common/schemas/articles';
import type { ExtractionAttributes } from '../../../../common/schemas/extraction';
import { apiFetch, ApiError } from '../../../lib/api';

/** What the extraction service read from an article's page (GET extract). */
export type Extraction = ExtractionAttributes;

type MaybeResource<A> = { data: A | { attributes: A } };
const attributesOf = <A>(doc: MaybeResource<A>): A =>
  doc.data && typeof doc.data === 'object' && 'attributes' in (doc.data as object) ? (doc.data as { attributes: A }).attributes : (doc.data as A);

export async function fetchExtraction(id: string, url: string, signal?: AbortSignal): Promise<Extraction | null> {
  try {
    return attributesOf(await apiFetch<MaybeResource<Extraction>>('extract', { query: { id, url }, signal }));
  } catch (err) {
    // 404: nothing readable on the page; the modal says so instead of failing.
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The article preview: loaded while the preview modal is open. */
export function useExtraction(article: { id: string; url: string } | null) {
  return useQuery({
    queryKey: ['extract', article?.id, article?.url],
    queryFn: ({ signal }) => fetchExtraction(article!.id, article!.url, signal),
    enabled: article !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export type { Sentiment, SentimentResult };

/** What the headline tools can do on this server (GET headline_tools). */
export type { HeadlineToolsStatus };

/** Loaded once per session by rows that show the tools: the translate button says when translation is not set up. */
export function useHeadlineToolsStatus() {
  return useQuery({
    queryKey: ['headline_tools'],
    queryFn: async ({ signal }) => attributesOf(await apiFetch<MaybeResource<HeadlineToolsStatus>>('headline_tools', { signal })),
    staleTime: Infinity,
    retry: false,
  });
}
export type { TranslationResult };

/** POST translations (organizations with ai_headline_tools). */
export function useTranslateHeadline() {
  return useMutation({
    mutationFn: async (a: { title: string; url: string }) =>
      attributesOf(
        await apiFetch<MaybeResource<TranslationResult>>('translations', { method: 'POST', body: { article_title: a.title, article_url: a.url } }),
      ),
  });
}

/** POST sentiment (organizations with ai_headline_tools). */
export function useHeadlineSentiment() {
  return useMutation({
    mutationFn: async (a: { title: string; url: string; language?: string }) =>
      attributesOf(
        await apiFetch<MaybeResource<SentimentResult>>('sentiment', {
          method: 'POST',
          body: { article_url: a.url, article_title: a.title, ...(a.language ? { language: a.language } : {}) },
        }),
      ),
  });
}

/** The sentiment dot's colour (000 §4): neutral orange, positive green, negative red, controversial purple, else grey. */
export function sentimentColor(s: string | null | undefined): string {
  switch (s) {
    case 'neutral':
      return 'orange';
    case 'positive':
      return 'green';
    case 'negative':
      return 'red';
    case 'controversial':
      return 'grape';
    default:
      return 'gray';
  }
}
