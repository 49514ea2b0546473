import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '../../common/limits';
import type { ProjectAttributes } from '../../common/schemas/projects';
import { apiFetch, flatten, listQuery, tokenStore, type ListDocument } from './api';

/** A project as `GET projects` describes it (docs/api.md). */
export type { ProjectAttributes };
export type Project = ProjectAttributes & { id: string };

/** Shown in paths when the organization has no project yet (pages then offer to create one). */
export const NO_PROJECT = '0';

export const projectsAllKey = ['projects', 'all'] as const;

/** Every project of the organization (archived too), in one page of up to 500 (spec: GET projects size 500). */
export async function fetchAllProjects(): Promise<Project[]> {
  const doc = await apiFetch<ListDocument<ProjectAttributes>>('projects', {
    query: listQuery({ page: 1, pageSize: PAGE_SIZES.wholeList, sort: 'name' }),
  });
  return doc.data.map((r) => flatten(r));
}

export function useAllProjects(enabled = true) {
  return useQuery({ queryKey: projectsAllKey, queryFn: fetchAllProjects, enabled: enabled && tokenStore.get() !== null, staleTime: 30_000 });
}

/** Active projects sorted by name, as the project picker lists them. */
export function activeProjects(projects: readonly Project[]): Project[] {
  return projects.filter((p) => !p.locked).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The project of a route (from the cached list), or undefined while loading or when unknown. */
export function useProject(projectId: string | undefined) {
  const all = useAllProjects(projectId !== undefined && projectId !== NO_PROJECT);
  return { project: all.data?.find((p) => p.id === projectId), isPending: all.isPending && all.fetchStatus !== 'idle' };
}
