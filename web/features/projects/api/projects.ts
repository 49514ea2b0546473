import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import type { ClientAttributes } from '../../../../common/schemas/clients';
import { apiFetch, flatten, listQuery, type ListDocument } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../components/toasts';
import { decideWithCount } from '../../../lib/can';
import type { CurrentUser } from '../../../lib/session';
import { ALERTS_PATH, alertKey, type Alert, type AlertAttributes } from '../../alerts/api/alerts';

export const PROJECTS_PATH = 'projects';

export interface ProjectValues {
  name: string;
  clientId: string | null;
  avatar: string | null;
  /** Editing: the project's competitors (named Super Search queries), sent when given. */
  competitors?: { name: string; query: string }[];
}

/**
 * The request document of POST projects / PATCH projects/{id}: the brand is the `client`
 * relationship; an edit carries the competitors when the form has them (POST takes none).
 */
export function projectDocument(values: ProjectValues, id?: string) {
  const competitors = id && values.competitors ? { competitors: values.competitors.map((c) => ({ name: c.name.trim(), query: c.query.trim() })) } : {};
  return {
    data: {
      type: 'project' as const,
      ...(id ? { id } : {}),
      attributes: { name: values.name.trim(), avatar: values.avatar, ...competitors },
      relationships: values.clientId ? { client: { data: { type: 'client' as const, id: values.clientId } } } : {},
    },
  };
}

/** Projects show in the picker, the top bar and this table: refresh every view of them. */
function useInvalidateProjects() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [PROJECTS_PATH] });
}

export function useSaveProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ values, id }: { values: ProjectValues; id?: string }) =>
      apiFetch(id ? `${PROJECTS_PATH}/${id}` : PROJECTS_PATH, { method: id ? 'PATCH' : 'POST', body: projectDocument(values, id) }),
    onSuccess: async (_data, { id }) => {
      toastSuccess(id ? MSG.modal.projectEdited : MSG.modal.projectCreated);
      await invalidate();
    },
  });
}

/** Archive or re-activate; re-activating counts against the plan's limit (403 plan_limit). */
export function useSetProjectLocked() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      apiFetch(`${PROJECTS_PATH}/${id}`, { method: 'PATCH', body: { data: { type: 'project', id, attributes: { locked } } } }),
    onSuccess: async (_data, { locked }) => {
      toastSuccess(locked ? MSG.modal.projectArchived : MSG.modal.projectActivated);
      await invalidate();
    },
    onError: (err) => toastError(err),
  });
}

/** A brand of the brand select: the server's `client` attributes it uses. */
export type BrandOption = Pick<ClientAttributes, 'name' | 'locked'> & { id: string };

/** Active brands for the brand select (GET clients, whole list). Keyed under `clients` so brand changes refresh it. */
export function useActiveBrands(enabled: boolean) {
  return useQuery({
    queryKey: ['clients', 'options'],
    enabled,
    queryFn: async () => {
      const doc = await apiFetch<ListDocument<ClientAttributes>>('clients', {
        query: listQuery({ page: 1, pageSize: PAGE_SIZES.wholeList, sort: 'name', filter: { locked: false } }),
      });
      return doc.data.map((r) => flatten(r) as BrandOption);
    },
  });
}

/**
 * Why a new (or re-activated) project is not allowed, or null: the policy's `projects.create`
 * decided with the active projects the page lists (the server counts the same when it creates
 * one). A plan with projects whose number is reached says so; otherwise the refusal's sentence.
 */
export function projectLimitReason(user: CurrentUser | undefined, activeCount: number): string | null {
  const decision = decideWithCount(user, 'projects.create', { activeProjects: activeCount });
  if (decision.allowed) return null;
  return decision.limit !== undefined && activeCount >= decision.limit ? MSG.billing.projectLimit : decision.message;
}

/** The organization's alerts, under `alerts` so that a saved alert refreshes them (useSaveAlert). */
export const projectAlertsKey = [ALERTS_PATH, 'by-project'] as const;

/**
 * Every alert of the organization by project id, oldest first (GET alerts, one page of up to
 * 500; a project has several on plans with multiple alerts). The spec's startup loads this list;
 * the projects table reads it for its Alert column and "Edit alert". Each alert also fills its
 * own cache entry, so the feed or form it opens starts from it instead of waiting for GET alerts/{id}.
 */
export async function fetchProjectAlerts(qc: QueryClient): Promise<Record<string, Alert[]>> {
  const doc = await apiFetch<ListDocument<AlertAttributes>>(ALERTS_PATH, {
    query: listQuery({ page: 1, pageSize: PAGE_SIZES.wholeList, sort: 'inserted_at' }),
  });
  const byProject: Record<string, Alert[]> = {};
  for (const resource of doc.data) {
    const alert = flatten(resource);
    (byProject[String(alert.project_id)] ??= []).push(alert);
    qc.setQueryData(alertKey(alert.id), alert);
  }
  return byProject;
}

export function useProjectAlerts(enabled = true) {
  const qc = useQueryClient();
  return useQuery({ queryKey: projectAlertsKey, queryFn: () => fetchProjectAlerts(qc), enabled, staleTime: 30_000 });
}
