import dayjs from 'dayjs';
import { LIMITS } from '../../../../common/limits';
import { parseQuery } from '../../../../common/query/parse';
import { buildSimpleQuery, type SimpleQuery } from '../../../../common/query/simple';
import { normalizeQuotes } from '../../../../common/query/tokenize';
import type { QueryError } from '../../../../common/query/types';
import { SUPERSEARCH_MAX_COMPETITORS, SUPERSEARCH_PAGE_SIZE, earliestSearchDate, utcDay } from '../../../../common/schemas/supersearch';
import type { KeywordsMode } from '../../../components/keywords-editor';

/** Media score choices (000 §5): minimum 0.1 and 1 to 10, maximum 0 to 10. */
export const MIN_SCORE_CHOICES = [0.1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const MAX_SCORE_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/** Page sizes of the results; 25 by default (001 §9). */
export const RESULT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_RESULT_PAGE_SIZE = SUPERSEARCH_PAGE_SIZE.default;
/** Competitor queries plotted against the main one. */
export const MAX_COMPETITORS = SUPERSEARCH_MAX_COMPETITORS;

export type SortKey = 'date_desc' | 'date_asc' | 'relevance';
export const SORTS: Record<SortKey, { label: string; sort_fields: 'pub_date' | 'relevance'; sort_order: 'desc' | 'asc' }> = {
  date_desc: { label: 'Newest first', sort_fields: 'pub_date', sort_order: 'desc' },
  date_asc: { label: 'Oldest first', sort_fields: 'pub_date', sort_order: 'asc' },
  relevance: { label: 'Most relevant', sort_fields: 'relevance', sort_order: 'desc' },
};

export interface CompetitorDraft {
  /** A stable key for the list (rows can be removed). */
  key: number;
  query: string;
}

export interface SearchDraft {
  mode: KeywordsMode;
  simple: SimpleQuery;
  raw: string;
  /** YYYY-MM-DD */
  fromDate: string | null;
  toDate: string | null;
  languages: string[];
  minScore: number | null;
  maxScore: number | null;
  sort: SortKey;
  competitors: CompetitorDraft[];
}

/** What a search is about; the results, volume and export calls all send these. */
export interface SearchFilters {
  search: string;
  from_date: string;
  to_date: string;
  organization_id: string;
  languages: string[];
  media_score: { min: number | null; max: number | null };
}

/** A competitor query as searched: its index (1-5) names its line in the chart. */
export interface AppliedCompetitor {
  index: number;
  search: string;
}

const DAY = 'YYYY-MM-DD';

/**
 * The earliest selectable date: the later of 2017-01-01 and the plan's history (`max_data`
 * months back). Computed from the UTC day exactly as the server checks it, so a date the
 * picker offers is never refused.
 */
export function minSearchDate(maxDataMonths: number | null | undefined, today: string = utcDay()): string {
  return earliestSearchDate(maxDataMonths, today);
}

/** A fresh form: one week ago (never before the earliest date) to today, date order, nothing else set. */
export function initialDraft(minDate: string, now = dayjs()): SearchDraft {
  const weekAgo = now.subtract(1, 'week').format(DAY);
  return {
    mode: 'simple',
    simple: { all: [], any: [], exclude: [] },
    raw: '',
    fromDate: weekAgo < minDate ? minDate : weekAgo,
    toDate: now.format(DAY),
    languages: [],
    minScore: null,
    maxScore: null,
    sort: 'date_desc',
    competitors: [],
  };
}

/** The query of the form (built in simple mode, typed in advanced mode), curly quotes made straight. */
export function draftKeywords(d: Pick<SearchDraft, 'mode' | 'simple' | 'raw'>): string {
  return normalizeQuotes(d.mode === 'simple' ? buildSimpleQuery(d.simple) : d.raw).trim();
}

/** The parser's complaint about a query, or null when it is empty or fine. */
export function queryError(keywords: string): QueryError | null {
  if (!keywords.trim()) return null;
  const parsed = parseQuery(keywords);
  return parsed.ok ? null : parsed.error;
}

/** The score range as sent: a minimum alone means "up to 10" (000 §5). */
export function resolveScore(min: number | null, max: number | null): { min: number | null; max: number | null } {
  if (min !== null && max === null) return { min, max: LIMITS.mediaScore.max };
  return { min, max };
}

export const scoreRangeInvalid = (min: number | null, max: number | null) => min !== null && max !== null && min > max;

/** Why the Search button is disabled, or null when a search can run (000 §5 and the query's own rules). */
export function searchBlocker(d: SearchDraft, organizationId: string | null | undefined): string | null {
  const keywords = draftKeywords(d);
  if (!keywords) return 'Enter a search term';
  if (!d.fromDate || !d.toDate) return 'Choose a from and a to date';
  if (!organizationId) return 'Your organization is still loading';
  if (queryError(keywords)) return 'Fix the search query first';
  if (d.fromDate > d.toDate) return 'The from date must be before the to date';
  if (scoreRangeInvalid(d.minScore, d.maxScore)) return 'The minimum score must not be above the maximum';
  if (d.competitors.some((c) => queryError(normalizeQuotes(c.query)))) return 'Fix the competitor queries first';
  return null;
}

/** The filters of a search from the form (call only when searchBlocker says nothing). */
export function draftFilters(d: SearchDraft, organizationId: string): SearchFilters {
  return {
    search: draftKeywords(d),
    from_date: d.fromDate!,
    to_date: d.toDate!,
    organization_id: organizationId,
    languages: [...d.languages],
    media_score: resolveScore(d.minScore, d.maxScore),
  };
}

/** The competitor rows that hold a query, numbered 1 to 5 in the order shown. */
export function appliedCompetitors(d: SearchDraft): AppliedCompetitor[] {
  return d.competitors
    .map((c) => normalizeQuotes(c.query).trim())
    .filter((q) => q.length > 0 && !queryError(q))
    .slice(0, MAX_COMPETITORS)
    .map((search, i) => ({ index: i + 1, search }));
}
