import { ApiError, apiFetch, flatten, type JsonApiResource } from '../../../lib/api';
import type { ReportDetail, ReportDetailAttributes } from './types';

export const REPORTS_KEY = 'reports';

/** Public pages call the `p/` variant without a token (001 §3). */
export const prefix = (isPublic: boolean) => (isPublic ? 'p/' : '');

/**
 * GET reports/{id} (GET p/reports/{id} on the public page) as a query: useReport's, and what the
 * app asks for before the public page's chunk is in (app.tsx), so the two share one request.
 */
export function reportQuery(id: string, isPublic: boolean) {
  return {
    queryKey: [REPORTS_KEY, 'detail', id, isPublic] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ReportDetail> =>
      flatten(
        (
          await apiFetch<{ data: JsonApiResource<ReportDetailAttributes> }>(`${prefix(isPublic)}reports/${encodeURIComponent(id)}`, {
            public: isPublic,
            signal,
          })
        ).data,
      ),
    // A missing report is an answer, not a hiccup to retry.
    retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2,
  };
}
