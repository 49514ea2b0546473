import { useQuery } from '@tanstack/react-query';
import type { TierAttributes } from '../../common/schemas/users';
import { apiFetch, flatten, tokenStore, type ListDocument } from './api';

export const tiersQueryKey = ['tiers'] as const;

/** Tier names by id, as `GET tiers` lists them (the server's names, not a copy kept here). */
export async function fetchTiers(): Promise<Record<string, string>> {
  const doc = await apiFetch<ListDocument<TierAttributes>>('tiers');
  return Object.fromEntries(doc.data.map((r) => flatten(r)).map((t) => [t.id, t.name]));
}

/** The tiers of the spec's startup: they change only with a release, so once per session is enough. */
export function useTiers(enabled = true) {
  return useQuery({ queryKey: tiersQueryKey, queryFn: fetchTiers, enabled: enabled && tokenStore.get() !== null, staleTime: Infinity });
}

/** The name of a user's tier, or null while the list loads or for an unknown id. */
export function tierName(tiers: Record<string, string> | undefined, tierId: number | string | null | undefined): string | null {
  if (tierId == null || !tiers) return null;
  return tiers[String(tierId)] ?? null;
}
