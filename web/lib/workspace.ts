import { useQuery } from '@tanstack/react-query';
import type { ProjectAttributes } from '../../common/schemas/projects';
import { fetchAllProjects, projectsAllKey } from './all-projects';
import { tokenStore } from './api';

export { fetchAllProjects, projectsAllKey } from './all-projects';

/** A project as `GET projects` describes it (docs/api.md). */
export type { ProjectAttributes };
export type Project = ProjectAttributes & { id: string };

/** Shown in paths when the organization has no project yet (pages then offer to create one). */
export const NO_PROJECT = '0';

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
