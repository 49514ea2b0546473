import { ApiError } from '../../../lib/api';
import type { ResultsMeta, VolumeResult } from '../api/supersearch';

/**
 * What the screen knows of a search's total: the page's exact total, else the volume call's
 * (the page is sent without it when counting takes longer than the page: `meta.counting`),
 * still counting, or not counted because the volume call ran past its time.
 */
export type ResultsTotal = { state: 'known'; total: number } | { state: 'counting' } | { state: 'timeout' } | { state: 'failed' };

/** The total of the results on screen (null before the first page). */
export function resultsTotal(meta: ResultsMeta | undefined, volume: { data?: VolumeResult; error: unknown } | undefined): ResultsTotal | null {
  if (!meta) return null;
  if (meta.total !== null) return { state: 'known', total: meta.total };
  if (volume?.data) return { state: 'known', total: volume.data.total };
  if (isCountTimeout(volume?.error)) return { state: 'timeout' };
  if (volume?.error) return { state: 'failed' };
  return { state: 'counting' };
}

/** The volume call's 503 search_timeout: the count, not the search, took too long. */
export function isCountTimeout(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'search_timeout';
}
