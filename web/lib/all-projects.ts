import { PAGE_SIZES } from '../../common/limits';
import type { ProjectAttributes } from '../../common/schemas/projects';
import { apiFetch, flatten, listQuery, type ListDocument } from './api';
import type { Project } from './workspace';

// `GET projects`, without TanStack Query: the entry asks for it before Query is loaded
// (app/query-bridge.ts). The hook that caches it, useAllProjects, is in workspace.ts, which re-exports these.

export const projectsAllKey = ['projects', 'all'] as const;

/** Every project of the organization (archived too), in one page of up to 500 (spec: GET projects size 500). */
export async function fetchAllProjects(): Promise<Project[]> {
  const doc = await apiFetch<ListDocument<ProjectAttributes>>('projects', {
    query: listQuery({ page: 1, pageSize: PAGE_SIZES.wholeList, sort: 'name' }),
  });
  return doc.data.map((r) => flatten(r));
}
