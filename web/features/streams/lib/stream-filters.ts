import type { FilterValue } from '../../../components/data-table/use-list-query';

/** Feeds and saved lists open newest first (001 §9). */
export const DEFAULT_SORT = '-published_at';

/**
 * Filters of the stream feed (dates, follower or view bounds, languages, Twitch tags) and of
 * saved streams (dates, our tags, languages, follower bounds). Empty means "not filtered".
 */
export interface StreamFilters {
  /** YYYY-MM-DD, both set or both null (all time). */
  startDate: string | null;
  endDate: string | null;
  minFollowers: number | null;
  maxFollowers: number | null;
  minViews: number | null;
  maxViews: number | null;
  languages: string[];
  /** Feed: Twitch stream tags (any of). Saved: our tag ids. */
  tags: string[];
}

export const EMPTY_STREAM_FILTERS: StreamFilters = {
  startDate: null,
  endDate: null,
  minFollowers: null,
  maxFollowers: null,
  minViews: null,
  maxViews: null,
  languages: [],
  tags: [],
};

/** A bound pair is impossible when the minimum is above the maximum. */
export function boundsInvalid(min: number | null, max: number | null): boolean {
  return min !== null && max !== null && min > max;
}

export function filtersInvalid(f: StreamFilters): boolean {
  return boundsInvalid(f.minFollowers, f.maxFollowers) || boundsInvalid(f.minViews, f.maxViews);
}

/** Drops a half-chosen period and empty strings in the tag list. */
export function normalizeStreamFilters(f: StreamFilters): StreamFilters {
  const dated = !!f.startDate && !!f.endDate;
  return {
    ...f,
    startDate: dated ? f.startDate : null,
    endDate: dated ? f.endDate : null,
    languages: [...f.languages],
    tags: f.tags.map((t) => t.trim()).filter(Boolean),
  };
}

export function countStreamFilters(f: StreamFilters): number {
  return (
    (f.startDate ? 1 : 0) +
    (f.minFollowers !== null || f.maxFollowers !== null ? 1 : 0) +
    (f.minViews !== null || f.maxViews !== null ? 1 : 0) +
    (f.languages.length ? 1 : 0) +
    (f.tags.length ? 1 : 0)
  );
}

/** The plain query parameters of GET twitch_feed/{id} and GET saved_streams (contract "Streams"). */
export function streamFilterQuery(f: StreamFilters): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  if (f.startDate && f.endDate) {
    out.startDate = f.startDate;
    out.endDate = f.endDate;
  }
  if (f.minFollowers !== null) out.minFollowers = f.minFollowers;
  if (f.maxFollowers !== null) out.maxFollowers = f.maxFollowers;
  if (f.minViews !== null) out.minViews = f.minViews;
  if (f.maxViews !== null) out.maxViews = f.maxViews;
  if (f.languages.length) out.languages = f.languages.join(',');
  if (f.tags.length) out.tags = f.tags.join(',');
  return out;
}
