import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { ApiError, apiFetch, flatten, type JsonApiResource, type ListDocument } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';
import { WIZARD_ITEMS, fetchReportArticles, fetchReportMedia, type MediaOf } from './report-fetch';
import { REPORTS_KEY, prefix, reportQuery } from './report-query';
import type { Report, ReportArticle, ReportAttributes, ReportFilters, ReportPreview, ReportStream, ReportVideo, ScreenshotAttributes } from './types';

export { REPORTS_KEY, WIZARD_ITEMS };
export { downloadReportPdf } from './report-fetch';
/** The spec's size of the reports list call (001 §9: "Reports list 50000"). */
const REPORTS_LIST_SIZE = 50000;

/** GET reports with project_id, page 0, size 50000: the whole list, searched and paged on screen. */
export function useReports(projectId: string) {
  return useQuery({
    queryKey: [REPORTS_KEY, 'list', projectId],
    queryFn: async ({ signal }): Promise<Report[]> => {
      const doc = await apiFetch<ListDocument<ReportAttributes>>('reports', {
        query: { 'filter[project_id]': projectId, page: 0, page_size: REPORTS_LIST_SIZE },
        signal,
      });
      return doc.data.map((r) => flatten(r));
    },
  });
}

export function useReport(id: string, isPublic: boolean) {
  return useQuery({
    ...reportQuery(id, isPublic),
    // Highlights whose screenshot is still being taken fill in by themselves (for a few minutes at most).
    refetchInterval: (q) => (q.state.data?.screenshots?.some((s) => s.status === 'pending' && !s.image_url) && q.state.dataUpdateCount < 60 ? 4000 : false),
  });
}

/** The report's saved articles, newest first, all of them (a report holds at most 10000). */
export function useReportArticles(id: string, isPublic: boolean, enabled = true) {
  return useQuery({
    queryKey: [REPORTS_KEY, 'articles', id, isPublic],
    enabled,
    queryFn: ({ signal }) => fetchReportArticles(id, isPublic, signal),
  });
}

/** GET reports/{id}/videos or /streams: the report's saved videos or streams, newest first, all of them. */
export function useReportMedia<K extends 'videos' | 'streams'>(id: string, kind: K, isPublic: boolean, enabled = true) {
  return useQuery({
    queryKey: [REPORTS_KEY, kind, id, isPublic],
    enabled,
    queryFn: ({ signal }): Promise<MediaOf<K>[]> => fetchReportMedia(id, kind, isPublic, signal),
  });
}

export function useRenameReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch(`reports/${encodeURIComponent(id)}`, { method: 'PATCH', body: { data: { type: 'report', id, attributes: { name } } } }),
    onSuccess: async () => {
      toastSuccess(MSG.reports.nameUpdated);
      await qc.invalidateQueries({ queryKey: [REPORTS_KEY] });
    },
  });
}

export function useDeleteReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`reports/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toastSuccess(MSG.reports.deleted);
      await qc.invalidateQueries({ queryKey: [REPORTS_KEY] });
    },
    onError: (err) => toastError(err),
  });
}

const list = (ids: string[]) => (ids.length ? ids.join(',') : undefined);

/** POST reports/preview: the count, totals and charts of the wizard's filters. */
export async function fetchPreview(f: ReportFilters, signal?: AbortSignal): Promise<ReportPreview> {
  const doc = await apiFetch<{ data: ReportPreview }>('reports/preview', {
    method: 'POST',
    signal,
    body: {
      project_id: f.project_id,
      date_range: [f.date_start, f.date_end],
      tags_id: f.tags_id,
      tags_not: f.tags_not,
      languages: f.languages,
      languages_not: f.languages_not,
    },
  });
  return doc.data;
}

/** The articles the report will hold, newest first, up to 5000 (the wizard previews 10 a page). */
export async function fetchPreviewArticles(f: ReportFilters, signal?: AbortSignal): Promise<ReportArticle[]> {
  const doc = await apiFetch<ListDocument<Omit<ReportArticle, 'id'>>>('articles', {
    signal,
    query: {
      'filter[project_id]': f.project_id,
      'filter[date_range]': `${f.date_start},${f.date_end}`,
      'filter[tags]': list(f.tags_id),
      'filter[tags_not]': list(f.tags_not),
      'filter[languages]': list(f.languages),
      'filter[languages_not]': list(f.languages_not),
      page: 1,
      page_size: WIZARD_ITEMS,
      sort: '-date',
    },
  });
  return doc.data.map((r) => flatten(r));
}

/** The largest page the saved videos and saved streams lists give. */
const MEDIA_PAGE_SIZE = 100;

/** The videos and streams a report with these filters would hold. */
export interface WizardMedia {
  videos: ReportVideo[];
  streams: ReportStream[];
}

/**
 * The project's saved videos or streams of the period with the wizard's tag and language filters:
 * the list calls take the tags and languages to keep; the ones to leave out are applied here
 * (a video's language is its channel's).
 */
export async function fetchWizardMedia(f: ReportFilters, signal?: AbortSignal): Promise<WizardMedia> {
  const load = async <T extends ReportVideo | ReportStream>(path: 'saved_videos' | 'saved_streams', languageOf: (x: T) => string | null) => {
    const rows: T[] = [];
    // The saved lists give at most MEDIA_PAGE_SIZE a page: read pages until the last (or WIZARD_ITEMS).
    for (let page = 1; rows.length < WIZARD_ITEMS; page++) {
      const doc = await apiFetch<ListDocument<Omit<T, 'id'>>>(path, {
        signal,
        query: {
          project_id: f.project_id,
          startDate: f.date_start,
          endDate: f.date_end,
          tags: list(f.tags_id),
          languages: list(f.languages),
          page,
          sizePerPage: MEDIA_PAGE_SIZE,
          sortField: 'published_at',
          sortOrder: 'desc',
        },
      });
      rows.push(...(doc.data ?? []).map((r) => flatten(r) as T));
      if ((doc.data ?? []).length < MEDIA_PAGE_SIZE || page >= (doc.meta?.last_page ?? page)) break;
    }
    const tagsNot = new Set(f.tags_not);
    const languagesNot = new Set(f.languages_not);
    return rows.filter((x) => !tagsNot.has(String(x.tag_id)) && !languagesNot.has(languageOf(x) ?? ''));
  };
  // A plan without video (stream) monitoring answers 403: its reports simply have none.
  const none = (err: unknown): never[] => {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return [];
    throw err;
  };
  const [videos, streams] = await Promise.all([
    load<ReportVideo>('saved_videos', (v) => v.channel_language).catch(none),
    load<ReportStream>('saved_streams', (s) => s.language).catch(none),
  ]);
  return { videos, streams };
}

export interface NewReport {
  filters: ReportFilters;
  name: string;
  descriptionHTML: string;
  section1_title: string;
  section1_subtitle: string;
  section2_title: string;
  section2_subtitle: string;
  table_type: 0 | 1;
  table_template: string;
  screenshots: { article_id: string; article_url: string }[];
  videos: string[];
  saved_streams: string[];
}

/** The POST reports document (001 §5): published with status 0. */
export function reportDocument(r: NewReport) {
  const { project_id, ...filters } = r.filters;
  return {
    data: {
      type: 'report',
      attributes: {
        name: r.name.trim(),
        descriptionHTML: r.descriptionHTML,
        section1_title: r.section1_title,
        section1_subtitle: r.section1_subtitle,
        section2_title: r.section2_title,
        section2_subtitle: r.section2_subtitle,
        table_type: r.table_type,
        table_template: r.table_template,
        status: 0,
        ...filters,
        screenshots: r.screenshots,
        videos: r.videos,
        saved_streams: r.saved_streams,
      },
      relationships: { project: { data: { type: 'project', id: project_id } } },
    },
  };
}

export async function createReport(r: NewReport): Promise<Report> {
  return flatten((await apiFetch<{ data: JsonApiResource<ReportAttributes> }>('reports', { method: 'POST', body: reportDocument(r) })).data);
}

/** POST screenshots: highlight an article (its picture is taken in the background). */
export async function requestScreenshot(articleId: string, articleUrl: string): Promise<ScreenshotAttributes> {
  const doc = await apiFetch<{ data: JsonApiResource<ScreenshotAttributes> }>('screenshots', {
    method: 'POST',
    body: { article_id: articleId, article_url: articleUrl },
  });
  return doc.data.attributes;
}

export async function fetchScreenshot(articleId: string, isPublic = false): Promise<ScreenshotAttributes> {
  const doc = await apiFetch<{ data: JsonApiResource<ScreenshotAttributes> }>(`${prefix(isPublic)}screenshots/${encodeURIComponent(articleId)}`, {
    public: isPublic,
  });
  return doc.data.attributes;
}
