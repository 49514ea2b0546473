import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../common/messages';
import { languageName } from '../../../../common/reference';
import { toastError, toastSuccess } from '../../../components/toasts';
import { apiFetch, type JsonApiResource } from '../../../lib/api';
import { WEBSITES_PATH } from '../../websites/api/websites';
import {
  SOURCE_PACKS_PATH,
  packOf,
  sourcePacksKey,
  sourcePacksQuery,
  type SourcePack,
  type SourcePackAttributes,
  type SourcePacks,
} from './source-packs-query';
import { SOURCES_STATUS_PATH } from './sources-status';

export { SOURCE_PACKS_PATH, sourcePacksKey };
export type { SourcePack, SourcePackAttributes, SourcePacks, SourcesSummary } from './source-packs-query';

const SET_PACK_KEY = [SOURCE_PACKS_PATH, 'set'] as const;

/**
 * GET source_packs: the directory's packs (English first, then by language name and category)
 * and the directory at a glance. Only the platform operator may ask: for everybody else the
 * query never runs, so no request reveals the route.
 */
export function useSourcePacks(enabled: boolean) {
  return useQuery(sourcePacksQuery(enabled));
}

export interface LanguageGroup {
  language: string;
  name: string;
  packs: SourcePack[];
}

/** Packs by language, in the server's order (English first, then by language name). */
export function groupByLanguage(packs: readonly SourcePack[]): LanguageGroup[] {
  const groups = new Map<string, LanguageGroup>();
  for (const p of packs) {
    const g = groups.get(p.language) ?? { language: p.language, name: languageName(p.language), packs: [] };
    g.packs.push(p);
    groups.set(p.language, g);
  }
  return [...groups.values()];
}

/** PATCH source_packs/{id}: switches a pack (and its directory feeds) on or off. */
export async function setPackEnabled(id: string, enabled: boolean): Promise<SourcePack> {
  const doc = await apiFetch<{ data: JsonApiResource<SourcePackAttributes> }>(`${SOURCE_PACKS_PATH}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { data: { type: 'source_pack', id, attributes: { enabled } } },
  });
  return packOf(doc.data);
}

/** The cached packs with one pack's switch moved (the summary's count follows). */
function withPack(data: SourcePacks | undefined, id: string, patch: Partial<SourcePack>): SourcePacks | undefined {
  if (!data) return data;
  const before = data.packs.find((p) => p.id === id);
  if (!before) return data;
  const packs = data.packs.map((p) => (p.id === id ? { ...p, ...patch } : p));
  return { packs, summary: { ...data.summary, enabled_packs: packs.filter((p) => p.enabled).length } };
}

/** After packs change: the directory, what everybody is watching, and the outlets list. */
export function invalidateSources(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: sourcePacksKey }),
    qc.invalidateQueries({ queryKey: [SOURCES_STATUS_PATH] }),
    qc.invalidateQueries({ queryKey: [WEBSITES_PATH] }),
  ]);
}

/**
 * One pack's switch, applied to the screen at once and taken back (with an error toast) when
 * the server refuses.
 */
export function useSetPackEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: SET_PACK_KEY,
    mutationFn: ({ pack, enabled }: { pack: SourcePack; enabled: boolean }) => setPackEnabled(pack.id, enabled),
    onMutate: async ({ pack, enabled }) => {
      await qc.cancelQueries({ queryKey: sourcePacksKey });
      const before = qc.getQueryData<SourcePacks>(sourcePacksKey);
      qc.setQueryData<SourcePacks>(sourcePacksKey, (d) => withPack(d, pack.id, { enabled }));
      return { before };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(sourcePacksKey, ctx.before);
      toastError(err);
    },
    onSuccess: (saved) => {
      qc.setQueryData<SourcePacks>(sourcePacksKey, (d) => withPack(d, saved.id, saved));
      toastSuccess(saved.enabled ? MSG.outlets.packOn(saved.name) : MSG.outlets.packOff(saved.name));
    },
    onSettled: () => invalidateSources(qc),
  });
}

/** The ids of the packs whose switch is on its way to the server. */
export function usePendingPackIds(): string[] {
  return useMutationState({
    filters: { mutationKey: SET_PACK_KEY, status: 'pending' },
    select: (m) => (m.state.variables as { pack: SourcePack } | undefined)?.pack.id ?? '',
  });
}
