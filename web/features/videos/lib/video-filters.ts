import type { FilterValue } from '../../../components/data-table/use-list-query';

/** The feed's filters (filters modal): views range and publication days. Empty = not filtered. */
export interface FeedVideoFilters {
  minViews: number | null;
  maxViews: number | null;
  startDate: string | null;
  endDate: string | null;
}

export const EMPTY_FEED_FILTERS: FeedVideoFilters = { minViews: null, maxViews: null, startDate: null, endDate: null };

/** The saved videos' filters: days, tags, languages and channel subscribers. */
export interface SavedVideoFilters {
  startDate: string | null;
  endDate: string | null;
  tags: string[];
  languages: string[];
  minFollowers: number | null;
  maxFollowers: number | null;
}

export const EMPTY_SAVED_FILTERS: SavedVideoFilters = { startDate: null, endDate: null, tags: [], languages: [], minFollowers: null, maxFollowers: null };

/** GET youtube_feed/{id} parameters of the filters. */
export function feedFilterQuery(f: FeedVideoFilters): Record<string, FilterValue> {
  return { minViews: f.minViews, maxViews: f.maxViews, startDate: f.startDate, endDate: f.endDate };
}

/** GET saved_videos parameters of the filters (lists comma-separated). */
export function savedFilterQuery(f: SavedVideoFilters): Record<string, FilterValue> {
  return {
    startDate: f.startDate,
    endDate: f.endDate,
    tags: f.tags.length ? f.tags.join(',') : null,
    languages: f.languages.length ? f.languages.join(',') : null,
    minFollowers: f.minFollowers,
    maxFollowers: f.maxFollowers,
  };
}

/** How many filters are in force (a date range counts once), for the Filters button's badge. */
export function countFilters(f: Partial<FeedVideoFilters & SavedVideoFilters>): number {
  let n = 0;
  if (f.startDate || f.endDate) n += 1;
  for (const k of ['minViews', 'maxViews', 'minFollowers', 'maxFollowers'] as const) if (f[k] !== null && f[k] !== undefined) n += 1;
  if (f.tags?.length) n += 1;
  if (f.languages?.length) n += 1;
  return n;
}
