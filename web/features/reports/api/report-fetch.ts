import { LIMITS } from '../../../../common/limits';
import { apiFetch, flatten, type ListDocument } from '../../../lib/api';
import { prefix } from './report-query';
import type { ReportArticle, ReportStream, ReportVideo } from './types';

// A report's lists and its PDF, without TanStack Query: the public report (its own entry,
// web/public-report.tsx) loads no Query; reports.ts wraps these in its hooks for the workspace.

/** The wizard loads up to 5000 items (001 §9); a report's videos and streams are read as many at once. */
export const WIZARD_ITEMS = 5000;

/** The report's saved articles, newest first, all of them (a report holds at most 10000). */
export async function fetchReportArticles(id: string, isPublic: boolean, signal?: AbortSignal): Promise<ReportArticle[]> {
  const doc = await apiFetch<ListDocument<Omit<ReportArticle, 'id'>>>(`${prefix(isPublic)}articles`, {
    query: { 'filter[report_id]': id, page: 1, page_size: LIMITS.reportMaxArticles, sort: '-date' },
    public: isPublic,
    signal,
  });
  return doc.data.map((r) => flatten(r));
}

export type MediaOf<K extends 'videos' | 'streams'> = K extends 'videos' ? ReportVideo : ReportStream;

/** GET reports/{id}/videos or /streams: the report's saved videos or streams, newest first, all of them. */
export async function fetchReportMedia<K extends 'videos' | 'streams'>(id: string, kind: K, isPublic: boolean, signal?: AbortSignal): Promise<MediaOf<K>[]> {
  const doc = await apiFetch<ListDocument<Omit<MediaOf<K>, 'id'>>>(`${prefix(isPublic)}reports/${encodeURIComponent(id)}/${kind}`, {
    query: { page: 1, page_size: WIZARD_ITEMS, sortField: 'published_at', sortOrder: 'desc' },
    public: isPublic,
    signal,
  });
  return (doc.data ?? []).map((r) => flatten(r) as MediaOf<K>);
}

/** GET reports/{id}/pdf: the print of the public page, saved under the report's name. */
export async function downloadReportPdf(id: string, name: string, isPublic: boolean) {
  const res = await apiFetch<Response>(`${prefix(isPublic)}reports/${encodeURIComponent(id)}/pdf`, { public: isPublic, accept: 'application/pdf' });
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name.replace(/[^\p{L}\p{N} _.-]+/gu, '').trim() || 'report'}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
