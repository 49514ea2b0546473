import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COVERAGE_DEFAULT_DAYS, type CoverageAttributes, type CoverageDocument } from '../../../../common/schemas/coverage';
import { dayNumber, dayText } from '../../../../common/period';
import { apiFetch } from '../../../lib/api';

export type { CoverageAttributes };

export interface Period {
  from: string;
  to: string;
}

/** The overview's default period: the COVERAGE_DEFAULT_DAYS days up to today (UTC, as the API counts). */
export function defaultCoveragePeriod(today = new Date().toISOString().slice(0, 10)): Period {
  return { from: dayText(dayNumber(today) - (COVERAGE_DEFAULT_DAYS - 1)), to: today };
}

export const coverageKey = (projectId: string, period: Period) => ['coverage', projectId, period.from, period.to] as const;

/** GET projects/{id}/coverage: every day of the period, each source's count (docs/api.md "Coverage"). */
export async function fetchCoverage(projectId: string, period: Period, signal?: AbortSignal): Promise<CoverageAttributes> {
  const doc = await apiFetch<CoverageDocument>(`projects/${encodeURIComponent(projectId)}/coverage`, {
    query: { 'filter[from]': period.from, 'filter[to]': period.to },
    signal,
  });
  return doc.data.attributes;
}

/** The project's coverage over a period; the last period's figures stay on screen while the next one loads. */
export function useCoverage(projectId: string, period: Period) {
  return useQuery({
    queryKey: coverageKey(projectId, period),
    queryFn: ({ signal }) => fetchCoverage(projectId, period, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
