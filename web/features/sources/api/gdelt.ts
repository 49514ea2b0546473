import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GdeltAttributes } from '../../../../common/schemas/gdelt';
import { toastError } from '../../../components/toasts';
import { apiFetch, type JsonApiResource } from '../../../lib/api';

export type { GdeltAttributes };

export const GDELT_PATH = 'operator/gdelt';
export const gdeltKey = [GDELT_PATH] as const;

/** How often the panel asks again while discovery is on (requests in the last hour move). */
export const GDELT_POLL_MS = 60_000;

type GdeltDocument = { data: JsonApiResource<GdeltAttributes> };

/** GET operator/gdelt: GDELT discovery's switch and state. The platform operator's only (others get 404). */
export function useGdelt(enabled: boolean) {
  return useQuery({
    queryKey: gdeltKey,
    queryFn: async () => (await apiFetch<GdeltDocument>(GDELT_PATH)).data.attributes,
    enabled,
    refetchInterval: (q) => (q.state.data?.enabled ? GDELT_POLL_MS : false),
  });
}

/** PATCH operator/gdelt: discovery on or off. */
export function useSetGdeltEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (await apiFetch<GdeltDocument>(GDELT_PATH, { method: 'PATCH', body: { data: { type: 'gdelt', attributes: { enabled } } } })).data.attributes,
    onSuccess: (gdelt) => qc.setQueryData(gdeltKey, gdelt),
    onError: (err) => toastError(err),
  });
}
