import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpikeAttributes, SpikeListDocument, SpikeSettingsAttributes, SpikeSettingsDocument } from '../../../../common/schemas/spikes';
import { apiFetch } from '../../../lib/api';

export type { SpikeAttributes, SpikeSettingsAttributes };
export type Spike = SpikeAttributes & { id: string };

const settingsPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/spike-alerts`;
const spikesPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/spikes`;

export const spikeSettingsKey = (projectId: string) => ['spike-alerts', projectId] as const;
export const spikesKey = (projectId: string) => ['spikes', projectId] as const;

/** GET projects/{id}/spike-alerts: on or off, the window, the factor and the minimum matches. */
export function useSpikeSettings(projectId: string) {
  return useQuery({
    queryKey: spikeSettingsKey(projectId),
    queryFn: async ({ signal }) => (await apiFetch<SpikeSettingsDocument>(settingsPath(projectId), { signal })).data.attributes,
  });
}

/** GET projects/{id}/spikes: the last spikes, newest first. */
export function useSpikes(projectId: string) {
  return useQuery({
    queryKey: spikesKey(projectId),
    queryFn: async ({ signal }) => (await apiFetch<SpikeListDocument>(spikesPath(projectId), { signal })).data.map((r) => ({ id: r.id, ...r.attributes })),
    staleTime: 60_000,
  });
}

/** PATCH projects/{id}/spike-alerts. A refusal (422 at a field) is the caller's to show beside the field. */
export function useSaveSpikeSettings(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (values: SpikeSettingsAttributes) =>
      (
        await apiFetch<SpikeSettingsDocument>(settingsPath(projectId), {
          method: 'PATCH',
          body: { data: { type: 'spike-alerts', id: projectId, attributes: values } },
        })
      ).data.attributes,
    onSuccess: (saved) => qc.setQueryData(spikeSettingsKey(projectId), saved),
  });
}
