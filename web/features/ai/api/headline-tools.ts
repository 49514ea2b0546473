import { useMutation, useQuery } from '@tanstack/react-query';
import type { HeadlineToolsStatus, SentimentResult, TranslationResult } from '../../../../common/schemas/ai';
import type { Sentiment } from '../../../../common/schemas/articles';
import { apiFetch, attributesOf, type MaybeResource } from '../../../lib/api';

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
      attributesOf(await apiFetch<MaybeResource<TranslationResult>>('translations', { method: 'POST', body: { article_title: a.title, article_url: a.url } })),
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
