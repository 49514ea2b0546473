import { useQuery } from '@tanstack/react-query';
import type { ExtractionAttributes } from '../../../../common/schemas/extraction';
import { apiFetch, ApiError, attributesOf, type MaybeResource } from '../../../lib/api';

/** What the extraction service read from an article's page (GET extract). */
export type Extraction = ExtractionAttributes;

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
