import { useQuery } from '@tanstack/react-query';
import { apiFetch, flatten, listQuery, type ListDocument } from '../../../lib/api';

/** Reference lists (docs/api.md "Reference lists"): they rarely change, so they are cached for the session. */
export interface Language {
  id: string;
  code: string;
  name: string;
}
export interface Region {
  id: string;
  name: string;
}
export interface Country {
  id: string;
  'iso-code': string;
  name: string;
  region: string;
}

async function fetchAll<A>(path: string, pageSize: number) {
  const doc = await apiFetch<ListDocument<A>>(path, { query: listQuery({ page: 1, pageSize }) });
  return doc.data.map((r) => flatten(r));
}

const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useLanguages(enabled = true) {
  return useQuery({ queryKey: ['languages'], queryFn: () => fetchAll<Omit<Language, 'id'>>('languages', 150), enabled, ...forever });
}

export function useRegions(enabled = true) {
  return useQuery({ queryKey: ['regions'], queryFn: () => fetchAll<Omit<Region, 'id'>>('regions', 150), enabled, ...forever });
}

export function useCountries(enabled = true) {
  return useQuery({ queryKey: ['countries'], queryFn: () => fetchAll<Omit<Country, 'id'>>('countries', 250), enabled, ...forever });
}
