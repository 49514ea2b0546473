import type { SourcePackAttributes, SourcesSummary } from '../../../../common/schemas/sources';
import { apiFetch, type JsonApiResource } from '../../../lib/api';

export type { SourcePackAttributes, SourcesSummary };
export type SourcePack = SourcePackAttributes & { id: string };

export const SOURCE_PACKS_PATH = 'source_packs';
export const sourcePacksKey = [SOURCE_PACKS_PATH] as const;

export interface SourcePacks {
  packs: SourcePack[];
  summary: SourcesSummary;
}

/** The server's pack as the web keeps it (id beside the attributes). */
export const packOf = (r: JsonApiResource<SourcePackAttributes>): SourcePack => ({ id: r.id, ...r.attributes });

/**
 * GET source_packs: the directory's packs (English first, then by language name and category)
 * and the directory at a glance, as a query. A module of its own, without the packs' mutations:
 * the workspace gate (RequireSession) asks for it too.
 */
export function sourcePacksQuery(enabled: boolean) {
  return {
    queryKey: sourcePacksKey,
    queryFn: async (): Promise<SourcePacks> => {
      const doc = await apiFetch<{ data: JsonApiResource<SourcePackAttributes>[]; meta: SourcesSummary }>(SOURCE_PACKS_PATH);
      return { packs: doc.data.map(packOf), summary: doc.meta };
    },
    enabled,
    staleTime: 30_000,
  };
}
