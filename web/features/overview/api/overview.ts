import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OverviewAttributes, OverviewDocument } from '../../../../common/schemas/projects-overview';
import { apiFetch } from '../../../lib/api';
import { PROJECTS_PATH } from '../../projects/api/projects';

export type { OverviewAttributes };

export interface Period {
  from: string;
  to: string;
}

/** Under the projects' key: saving a project (its competitors) refreshes its overview. */
export const overviewKey = (projectId: string, period: Period) => [PROJECTS_PATH, projectId, 'overview', period.from, period.to] as const;

/** GET projects/{id}/overview: every figure of the overview cards over a period (docs/api.md "Project overview"). */
export async function fetchOverview(projectId: string, period: Period, signal?: AbortSignal): Promise<OverviewAttributes> {
  const doc = await apiFetch<OverviewDocument>(`projects/${encodeURIComponent(projectId)}/overview`, {
    query: { 'filter[from]': period.from, 'filter[to]': period.to },
    signal,
  });
  return doc.data.attributes;
}

/** The overview's figures; the last period's stay on screen while the next one loads. */
export function useOverview(projectId: string, period: Period) {
  return useQuery({
    queryKey: overviewKey(projectId, period),
    queryFn: ({ signal }) => fetchOverview(projectId, period, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
