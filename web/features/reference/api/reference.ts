import { useQuery } from '@tanstack/react-query';
import type { CountryAttributes, LanguageAttributes, RegionAttributes } from '../../../../common/schemas/reference';
import { apiFetch, flatten, listQuery, type ListDocument } from '../../../lib/api';

/** Reference lists (docs/api.md "Reference lists"): they rarely change, so they are cached for the session. */
export type Language = LanguageAttributes & { id: string };
export type Region = RegionAttributes & { id: string };
export type Country = CountryAttributes & { id: string };

async function fetchAll<A>(path: string, pageSize: number) {
  const doc = await apiFetch<ListDocument<A>>(path, { query: listQuery({ page: 1, pageSize }) });
  return doc.data.map((r) => flatten(r));
}

const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useLanguages(enabled = true) {
  return useQuery({ queryKey: ['languages'], queryFn: () => fetchAll<LanguageAttributes>('languages', 150), enabled, ...forever });
}

export function useRegions(enabled = true) {
  return useQuery({ queryKey: ['regions'], queryFn: () => fetchAll<RegionAttributes>('regions', 150), enabled, ...forever });
}

export function useCountries(enabled = true) {
  return useQuery({ queryKey: ['countries'], queryFn: () => fetchAll<CountryAttributes>('countries', 250), enabled, ...forever });
}
