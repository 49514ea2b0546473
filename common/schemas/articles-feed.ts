import { z } from 'zod';
import { articleOutletFields, type MuvSource } from './reach.js';
import { listMetaSchema, toOne } from './jsonapi.js';
import { LIMITS, PAGE_SIZES } from '../limits.js';
import { MSG } from '../messages.js';

/**
 * The articles feed's list parameters (contract §2 "Articles feed", 001 §7/§9), shared by the
 * server (which parses `filter[...]` query parameters with it) and the web table (which builds
 * them with `feedFilterParams`), so both read a filter the same way.
 */
export const FEED_SORTS = ['pub_date', 'reach', 'title', 'media', 'language'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_DEFAULT_SORT = '-pub_date';

export const FEED_FILTERS = [
  'startDate',
  'endDate',
  'languages',
  'metacritic',
  'minScore',
  'maxScore',
  'searchTerm',
  'search',
  'ids',
  'regions',
  'countries',
  'ea_only',
  'story_id',
  'collapse',
] as const;
/** The CSV export also takes the selected rows. */
export const FEED_CSV_FILTERS = [...FEED_FILTERS, 'ids_list'] as const;

export const FEED_PAGE_SIZE = {
  min: PAGE_SIZES.articlesFeedOptions[0],
  max: PAGE_SIZES.articlesFeedOptions[PAGE_SIZES.articlesFeedOptions.length - 1],
  default: PAGE_SIZES.default,
  /** GET external_articles_alert (001 §7). */
  external: 35,
} as const;

export interface FeedFilters {
  /** Inclusive calendar days (YYYY-MM-DD, UTC) or exact instants (ISO timestamps). */
  startDate?: string;
  endDate?: string;
  languages?: string[];
  metacritic?: boolean;
  minScore?: number;
  maxScore?: number;
  searchTerm?: string;
  ids?: number[];
  regions?: string[];
  countries?: string[];
  /**
   * `ea_only` (000 §4; -1 or absent: off): 1 keeps articles of outlets on the EA list
   * (websites.is_ea), 0 leaves them out. A regional-filters capability, like regions/countries.
   */
  eaOnly?: boolean;
  /** `story_id`: the copies of one story in the feed (a collapsed row's "+N outlets" expanded). */
  storyId?: number;
  /** `collapse=stories`: one row per story (its earliest copy in the feed), with the story's size (issue 32). */
  collapse?: boolean;
}

export interface FilterIssue {
  parameter: string;
  message: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => (DAY.test(v) || /^\d{4}-\d{2}-\d{2}T/.test(v)) && !Number.isNaN(Date.parse(v));
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads the feed's `filter[...]` values (strings, as they come in a query string). Empty values
 * mean "no filter" (the score sliders store 0 as empty, 000 §4). Returns every problem, each
 * naming its parameter.
 */
export function parseFeedFilters(raw: Record<string, string | undefined>, maxIds: number = LIMITS.exportIds): { filters: FeedFilters; issues: FilterIssue[] } {
  const filters: FeedFilters = {};
  const issues: FilterIssue[] = [];
  const issue = (name: string, message: string) => issues.push({ parameter: `filter[${name}]`, message });
  const value = (name: string) => {
    const v = raw[name]?.trim();
    return v ? v : undefined;
  };

  for (const name of ['startDate', 'endDate'] as const) {
    const v = value(name);
    if (v === undefined) continue;
    if (isDate(v)) filters[name] = v;
    else issue(name, 'Please enter a valid date');
  }
  const languages = value('languages');
  if (languages) filters.languages = list(languages).map((l) => l.toLowerCase());
  const metacritic = value('metacritic');
  if (metacritic !== undefined) {
    if (metacritic === 'true' || metacritic === '1') filters.metacritic = true;
    else if (metacritic === 'false' || metacritic === '0') filters.metacritic = false;
    else issue('metacritic', 'metacritic must be true or false');
  }
  for (const name of ['minScore', 'maxScore'] as const) {
    const v = value(name);
    if (v === undefined) continue;
    const n = Number(v);
    if (Number.isFinite(n) && n >= 0 && n <= LIMITS.mediaScore.max) filters[name] = n;
    else issue(name, `${name} must be a number from 0 to ${LIMITS.mediaScore.max}`);
  }
  if (filters.minScore !== undefined && filters.maxScore !== undefined && filters.minScore > filters.maxScore) {
    issue('minScore', MSG.alerts.minBelowMax);
  }
  const term = value('searchTerm') ?? value('search');
  if (term) {
    if (term.length > 200) issue('searchTerm', 'searchTerm must be at most 200 characters');
    else filters.searchTerm = term;
  }
  const ids = value('ids');
  if (ids) {
    const parsed = list(ids).map(Number);
    if (parsed.some((n) => !Number.isSafeInteger(n) || n < 1)) issue('ids', 'ids must be a comma-separated list of article ids');
    else if (parsed.length > maxIds) issue('ids', MSG.alertsApi.tooManyIds);
    else filters.ids = [...new Set(parsed)];
  }
  const regions = value('regions');
  if (regions) filters.regions = list(regions);
  const countries = value('countries');
  if (countries) filters.countries = list(countries).map((c) => c.toUpperCase());
  const eaOnly = value('ea_only');
  if (eaOnly !== undefined) {
    if (eaOnly === '1' || eaOnly === 'true') filters.eaOnly = true;
    else if (eaOnly === '0' || eaOnly === 'false') filters.eaOnly = false;
    else if (eaOnly !== '-1') issue('ea_only', 'ea_only must be -1 (off), 1 (EA outlets only) or 0 (without EA outlets)');
  }
  const storyId = value('story_id');
  if (storyId !== undefined) {
    const n = Number(storyId);
    if (Number.isSafeInteger(n) && n >= 1) filters.storyId = n;
    else issue('story_id', 'story_id must be a story id (a whole number)');
  }
  const collapse = value('collapse');
  if (collapse !== undefined) {
    if (collapse === 'stories') filters.collapse = true;
    else if (collapse !== 'none') issue('collapse', 'collapse must be stories or none');
  }
  return { filters, issues };
}

/** The `filter[...]` query parameters of a filter state (web side); empty filters are left out. */
export function feedFilterParams(filters: FeedFilters): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, v: string | undefined) => {
    if (v) out[`filter[${name}]`] = v;
  };
  put('startDate', filters.startDate);
  put('endDate', filters.endDate);
  put('languages', filters.languages?.join(','));
  put('metacritic', filters.metacritic === undefined ? undefined : String(filters.metacritic));
  put('minScore', filters.minScore ? String(filters.minScore) : undefined);
  put('maxScore', filters.maxScore ? String(filters.maxScore) : undefined);
  put('searchTerm', filters.searchTerm?.trim());
  put('ids', filters.ids?.join(','));
  put('regions', filters.regions?.join(','));
  put('countries', filters.countries?.join(','));
  put('ea_only', filters.eaOnly === undefined ? undefined : filters.eaOnly ? '1' : '0');
  put('story_id', filters.storyId === undefined ? undefined : String(filters.storyId));
  put('collapse', filters.collapse ? 'stories' : undefined);
  return out;
}

/** Attributes of a `feed_article` resource (id = the archive article's id). */
export interface FeedArticleAttributes {
  title: string;
  url: string;
  fullUrl: string;
  description: string;
  language: string;
  reach: number;
  pub_date: string;
  website_id: string | null;
  media: string;
  'website-visits': number | null;
  muv: number | null;
  /** Where the visitors come from: SimilarWeb, an estimate from the rank, typed (null: unknown, or UMV not in the plan). */
  muv_source: MuvSource | null;
  /** Views of this article, estimated from its outlet's monthly visitors (common/media-score.ts estimatedViews); null when unknown. */
  estimated_views: number | null;
  /** How the outlet's score came about ("Tranco rank 1,234 on 2026-11-20 → 7.8"); null for an article of no known outlet. */
  reach_basis: string | null;
  is_metacritic: boolean;
  author: string | null;
  image: string | null;
  source: number;
  matched_at: string;
  /** How the article reached the feed: the crawler's feeds, GDELT discovery ("found via GDELT") or a game's Steam news ("found via Steam"). */
  matched_by: 'feed' | 'gdelt' | 'steam';
  /** Already in the project's saved coverage. */
  saved: boolean;
  /** The story the article carries (issue 32): null while it is the only copy in the archive. */
  story_id: string | null;
  /** Copies of the story in this feed (1: the article alone); a collapsed row stands for them all. */
  story_size: number;
}

/** Columns of the feed's CSV export, in order. */
export const FEED_CSV_COLUMNS = ['id', 'title', 'url', 'media', 'reach', 'language', 'pub_date', 'muv', 'is_metacritic', 'author'] as const;

/** A page of an alert's feed (GET articles_feed/{alert_id}): FeedArticleAttributes as a schema, for the API document. */
export const feedPageDocument = z.object({
  data: z.array(
    z.object({
      type: z.literal('feed_article'),
      id: z.string(),
      attributes: z.object({
        title: z.string(),
        url: z.string(),
        fullUrl: z.string(),
        description: z.string(),
        language: z.string(),
        reach: z.number(),
        pub_date: z.string(),
        ...articleOutletFields,
        reach_basis: z.string().nullable(),
        is_metacritic: z.boolean(),
        author: z.string().nullable(),
        image: z.string().nullable(),
        source: z.number().int(),
        matched_at: z.string(),
        matched_by: z.enum(['feed', 'gdelt', 'steam']),
        saved: z.boolean(),
        story_id: z.string().nullable(),
        story_size: z.number().int(),
      }),
      /** The alert that matched the article (a project may have several). */
      relationships: z.object({ alert: toOne('alert') }),
    }),
  ),
  meta: listMetaSchema,
  /** When the alert last ran, or null. */
  latest_pull: z.string().nullable(),
});

/** At most this many stories merged at once (the feed's page at its largest). */
export const MAX_STORY_MERGE = 500;
const storyRef = z.union([z.string().regex(/^\d{1,15}$/, 'a story id'), z.number().int().positive()]).transform(Number);

/** POST articles_feed/{alert_id}/stories/merge: the stories (or lone articles) of the feed to merge into the first (issue 32). */
export const storyMergeBody = z.object({
  data: z.object({
    type: z.literal('story_merge').optional(),
    attributes: z.object({
      story_ids: z
        .array(storyRef)
        .min(2, 'Choose at least two stories to merge')
        .max(MAX_STORY_MERGE, `At most ${MAX_STORY_MERGE} stories can be merged at once`),
    }),
  }),
});

/** POST articles_feed/{alert_id}/stories/split: an article of the feed out of its story. */
export const storySplitBody = z.object({
  data: z.object({
    type: z.literal('story_split').optional(),
    attributes: z.object({ article_id: storyRef }),
  }),
});

/** The answer of a merge or split: the story and its copies in the feed. */
export const storyDocument = z.object({
  data: z.object({ type: z.literal('story'), id: z.string(), attributes: z.object({ size: z.number().int() }) }),
});
