import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES } from '../../../../common/reference';
import type {
  SupersearchArticleAttributes,
  SupersearchResultsMeta,
  SupersearchSaveResult,
  SupersearchVolumeMeta,
  SupersearchVolumePoint,
} from '../../../../common/schemas/supersearch';
import { apiFetch, flatten, listQuery, type ListDocument } from '../../../lib/api';
import type { CursorPages } from '../lib/cursor-pages';
import { currentCursor } from '../lib/cursor-pages';
import { SORTS, type AppliedCompetitor, type SearchFilters } from '../lib/search-form';
import type { VolumeInterval, VolumePoint } from '../lib/volume';

/** One search as it was run: a new search gets a new id, so nothing of the previous one is reused. */
export interface SearchRun {
  id: number;
  filters: SearchFilters;
  competitors: AppliedCompetitor[];
}

/** A result row: the server's `supersearch_article` attributes and its id. */
export type SupersearchArticle = SupersearchArticleAttributes & { id: string };

/** Super Search pagination (000 §Super Search result): page numbers and the next page's cursor. */
export type ResultsMeta = SupersearchResultsMeta;

interface ResultsDocument {
  data: { type: string; id: string; attributes: SupersearchArticleAttributes }[];
  meta: ResultsMeta;
}

export interface VolumeResult {
  points: VolumePoint[];
  interval: VolumeInterval;
  total: number;
  competitorIndex: number | null;
}

export const SUPERSEARCH_KEY = 'supersearch';

/** POST supersearch: one page of results. */
export async function searchArticles(run: SearchRun, pages: CursorPages, signal?: AbortSignal) {
  const sort = SORTS[pages.sort];
  const doc = await apiFetch<ResultsDocument>('supersearch', {
    method: 'POST',
    signal,
    body: {
      ...run.filters,
      page_size: pages.pageSize,
      search_after: currentCursor(pages),
      sort_fields: sort.sort_fields,
      sort_order: sort.sort_order,
    },
  });
  return { rows: doc.data.map((r) => ({ id: String(r.id), ...r.attributes })), meta: doc.meta };
}

/** POST supersearch/volume for the main query (no index) or a competitor (1-5). */
export async function fetchVolume(filters: SearchFilters, competitorIndex: number | null, signal?: AbortSignal): Promise<VolumeResult> {
  const body: Record<string, unknown> = {
    search: filters.search,
    from_date: filters.from_date,
    to_date: filters.to_date,
    organization_id: filters.organization_id,
    languages: filters.languages,
    media_score: filters.media_score,
  };
  if (competitorIndex !== null) body.competitorIndex = competitorIndex;
  const doc = await apiFetch<{ data: SupersearchVolumePoint[]; meta: SupersearchVolumeMeta }>('supersearch/volume', { method: 'POST', body, signal });
  return { points: doc.data, interval: doc.meta.interval, total: doc.meta.total, competitorIndex: doc.meta.competitorIndex ?? competitorIndex };
}

/** The results table of a run, one page at a time; the previous page stays shown while the next loads. */
export function useSearchResults(run: SearchRun | null, pages: CursorPages) {
  return useQuery({
    queryKey: [SUPERSEARCH_KEY, 'results', run?.id ?? 0, pages.sort, pages.pageSize, currentCursor(pages)],
    queryFn: ({ signal }) => searchArticles(run!, pages, signal),
    enabled: run !== null,
    // Only within the same run: a new search starts from an empty table (000 §4).
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === run?.id ? keepPreviousData(prev) : undefined),
    staleTime: 60_000,
    retry: false,
  });
}

/** The main query's volume and, when the plan allows, each competitor's. */
export function useVolumes(run: SearchRun | null, withCompetitors: boolean) {
  const lines = run ? [null, ...(withCompetitors ? run.competitors.map((c) => c.index) : [])] : [];
  return useQueries({
    queries: lines.map((index) => ({
      queryKey: [SUPERSEARCH_KEY, 'volume', run!.id, index ?? 0],
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const competitor = index === null ? null : run!.competitors.find((c) => c.index === index)!;
        return fetchVolume(competitor ? { ...run!.filters, search: competitor.search } : run!.filters, index, signal);
      },
      staleTime: 60_000,
      retry: false,
    })),
  });
}

export type BulkSaveResult = SupersearchSaveResult;

export interface BulkSaveRequest {
  articles: string[];
  tag_id: string;
  project_id: string;
  organization_id: string;
  user_id: string;
}

/** POST supersearch/bulk; the saved coverage screens are refreshed afterwards. */
export function useBulkSave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: BulkSaveRequest) => (await apiFetch<{ data: BulkSaveResult }>('supersearch/bulk', { method: 'POST', body: req })).data,
    onSuccess: () =>
      // The saved articles list and its exports are cached under keys starting with "articles".
      qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^(csv\/)?articles(_feed|$|\/)/.test(q.queryKey[0]) }),
  });
}

export interface ExportRequest {
  organization_id: string;
  search: string;
  from_date: string;
  to_date: string;
  to_email: string;
  languages: string[];
  media_score: SearchFilters['media_score'];
}

/** POST supersearch/export_csv: the export is queued and mailed (202). */
export function useEmailExport() {
  return useMutation({
    mutationFn: async (req: ExportRequest) =>
      (
        await apiFetch<{ data: { type: 'export'; id: string; attributes: { status: string; message?: string } } }>('supersearch/export_csv', {
          method: 'POST',
          body: req,
        })
      ).data,
  });
}

/** GET languages (the reference list), with the built-in list shown until it answers. */
export function useSearchLanguages() {
  return useQuery({
    queryKey: ['supersearch-languages'],
    queryFn: async () => {
      const doc = await apiFetch<ListDocument<{ code: string; name: string }>>('languages', { query: listQuery({ page: 1, pageSize: 150 }) });
      return doc.data.map((r) => flatten(r)).map((l) => ({ code: l.code, name: l.name }));
    },
    placeholderData: LANGUAGES.map((l) => ({ code: l.code, name: l.name })),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
