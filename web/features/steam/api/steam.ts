import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import type { SteamSummaryAttributes, SteamSummaryDocument } from '../../../../common/schemas/steam';
import { toastSuccess } from '../../../components/toasts';
import { apiFetch } from '../../../lib/api';
import { PROJECTS_PATH, projectDocument, type ProjectValues } from '../../projects/api/projects';
import type { Period } from './coverage';

export type { SteamSummaryAttributes };

export const STEAM_KEY = 'steam';
export const steamKey = (projectId: string, period: Period) => [STEAM_KEY, projectId, period.from, period.to] as const;

/** GET projects/{id}/steam: the followed apps, their announcements and each day's reviews over the period. */
export async function fetchSteamSummary(projectId: string, period: Period, signal?: AbortSignal): Promise<SteamSummaryAttributes> {
  const doc = await apiFetch<SteamSummaryDocument>(`projects/${encodeURIComponent(projectId)}/steam`, {
    query: { 'filter[from]': period.from, 'filter[to]': period.to },
    signal,
  });
  return doc.data.attributes;
}

/**
 * The project's Steam summary, asked only while it follows an app (`enabled`). While an app is
 * still being read (`pending`) it is asked again each minute, so the first figures appear by themselves.
 */
export function useSteamSummary(projectId: string, period: Period, enabled: boolean) {
  return useQuery({
    queryKey: steamKey(projectId, period),
    queryFn: ({ signal }) => fetchSteamSummary(projectId, period, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.data?.apps.some((a) => a.state === 'pending') ? 60_000 : false),
  });
}

/**
 * PATCH projects/{id} with the edit form's values and `steam_app_ids` in one document (one
 * request: the name and the games are saved together or not at all), as useSaveProject does for
 * the rest. The project's Steam summaries are asked again: the apps changed.
 */
export function useSaveProjectWithSteam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id, steamAppIds }: { values: ProjectValues; id: string; steamAppIds: number[] }) => {
      const doc = projectDocument(values, id);
      return apiFetch(`${PROJECTS_PATH}/${id}`, {
        method: 'PATCH',
        body: { data: { ...doc.data, attributes: { ...doc.data.attributes, steam_app_ids: steamAppIds } } },
      });
    },
    onSuccess: async (_data, { id }) => {
      toastSuccess(MSG.modal.projectEdited);
      await Promise.all([qc.invalidateQueries({ queryKey: [PROJECTS_PATH] }), qc.invalidateQueries({ queryKey: [STEAM_KEY, id] })]);
    },
  });
}
