import dayjs from 'dayjs';
import type { FilterValue } from '../../../components/data-table/use-list-query';

/**
 * The filters of the articles feed (filters modal). Empty means "not filtered": the full score
 * range 0 to 10 is stored empty (000 §4), and All time has no dates.
 */
export interface FeedFilters {
  /** YYYY-MM-DD, both set or both null (All time). */
  startDate: string | null;
  endDate: string | null;
  languages: string[];
  metacritic: boolean;
  minScore: number | null;
  maxScore: number | null;
  regions: string[];
  countries: string[];
  /** The EA outlet list (`ea_only`): -1 off, 1 only its outlets, 0 without them. */
  eaOnly: EaOnly;
}

export type EaOnly = -1 | 0 | 1;

export const EMPTY_FILTERS: FeedFilters = {
  startDate: null,
  endDate: null,
  languages: [],
  metacritic: false,
  minScore: null,
  maxScore: null,
  regions: [],
  countries: [],
  eaOnly: -1,
};

/** Score filter choices (001 §9): minimum 0.1 and 1 to 10, maximum 0 to 10. */
export const MIN_SCORE_CHOICES = [0.1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const MAX_SCORE_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const DAY = 'YYYY-MM-DD';
const day = (d: dayjs.Dayjs) => d.format(DAY);

/** The Specific Period default: start of month to today (000 §4). */
export function defaultPeriod(now = dayjs()): [string, string] {
  return [day(now.startOf('month')), day(now)];
}

/** Date presets of the feed's filters (001 §9). */
export function datePresets(now = dayjs()): { label: string; value: [string, string] }[] {
  const lastMonth = now.subtract(1, 'month');
  return [
    { label: 'Last Week', value: [day(now.subtract(6, 'day')), day(now)] },
    { label: 'This Month', value: [day(now.startOf('month')), day(now)] },
    { label: 'Last Month', value: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
    { label: 'Last 6 Month', value: [day(now.subtract(6, 'month')), day(now)] },
    { label: 'Last 18 Month', value: [day(now.subtract(18, 'month')), day(now)] },
  ];
}

/**
 * Drops what filters nothing: a minimum at the floor (0.1 or less), a maximum of 10, a
 * half-chosen period, and countries without regions (they are chosen within regions).
 */
export function normalizeFilters(f: FeedFilters): FeedFilters {
  const minScore = f.minScore !== null && f.minScore > 0.1 ? f.minScore : null;
  const maxScore = f.maxScore !== null && f.maxScore < 10 ? f.maxScore : null;
  const dated = !!f.startDate && !!f.endDate;
  return {
    startDate: dated ? f.startDate : null,
    endDate: dated ? f.endDate : null,
    languages: [...f.languages],
    metacritic: f.metacritic,
    minScore,
    maxScore,
    regions: [...f.regions],
    countries: f.regions.length ? [...f.countries] : [],
    eaOnly: f.eaOnly,
  };
}

/** True when the score range is impossible (000 §5: min must be below max). */
export function scoreRangeInvalid(f: Pick<FeedFilters, 'minScore' | 'maxScore'>): boolean {
  return f.minScore !== null && f.maxScore !== null && f.minScore >= f.maxScore;
}

export function countFilters(f: FeedFilters): number {
  return (
    (f.startDate ? 1 : 0) +
    (f.languages.length ? 1 : 0) +
    (f.metacritic ? 1 : 0) +
    (f.minScore !== null || f.maxScore !== null ? 1 : 0) +
    (f.regions.length ? 1 : 0) +
    (f.countries.length ? 1 : 0) +
    (f.eaOnly !== -1 ? 1 : 0)
  );
}

/** The `filter[...]` parameters of GET articles_feed/:alert_id (docs/api.md "Alerts and the articles feed"). */
export function feedFilterQuery(f: FeedFilters, regional: boolean): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  if (f.startDate && f.endDate) {
    out.startDate = f.startDate;
    out.endDate = f.endDate;
  }
  if (f.languages.length) out.languages = f.languages.join(',');
  if (f.metacritic) out.metacritic = true;
  if (f.minScore !== null) out.minScore = f.minScore;
  if (f.maxScore !== null) out.maxScore = f.maxScore;
  if (regional && f.regions.length) out.regions = f.regions.join(',');
  if (regional && f.countries.length) out.countries = f.countries.join(',');
  if (regional && f.eaOnly !== -1) out.ea_only = f.eaOnly;
  return out;
}
