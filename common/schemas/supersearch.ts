import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { parseQuery } from '../query/parse.js';
import { normalizeQuotes } from '../query/tokenize.js';
import { idSchema, resourceSchema } from './jsonapi.js';

/**
 * Requests of Super Search (001 §7 "Super Search", 000 §5): plain JSON bodies, validated by the
 * server and by the search form with the same schemas. The date rule depends on the plan
 * (`max_data` months of history) and on today's date, so the schemas come from a factory.
 */

/** Super Search never reaches further back than this (001 §9), whatever the plan allows. */
export const SUPERSEARCH_EARLIEST_DATE = '2017-01-01';
export const SUPERSEARCH_PAGE_SIZE = { min: 10, max: 100, default: 25 } as const;
/** Competitor lines plotted against the main query (their `competitorIndex` is 1 to 5; 0 is the main query). */
export const SUPERSEARCH_MAX_COMPETITORS = 5;
/** Results saved at once by `supersearch/bulk` (the table's bulk fetch size, 001 §9). */
export const SUPERSEARCH_BULK_MAX = 5000;
export const SUPERSEARCH_QUERY_MAX = 2000;
export const SUPERSEARCH_SORT_FIELDS = ['pub_date', 'relevance'] as const;
export const SUPERSEARCH_SORT_ORDERS = ['desc', 'asc'] as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(v: string): boolean {
  if (!DAY_RE.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/** Today's date in UTC, YYYY-MM-DD (Super Search days are UTC days). */
export const utcDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** `day` plus `n` days (UTC). */
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** `day` minus `months` calendar months, the day clamped to the month's length (2026-05-31 − 3 → 2026-02-28). */
export function subtractMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) - Math.max(0, Math.floor(months));
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDay(new Date(Date.UTC(year, month, Math.min(d, last))));
}

/**
 * The earliest day a search may start: the later of 2017-01-01 and `maxDataMonths` months
 * before `today` (000 §5). Without a known plan limit only the 2017 floor applies.
 */
export function earliestSearchDate(maxDataMonths: number | null | undefined, today: string = utcDay()): string {
  if (maxDataMonths === null || maxDataMonths === undefined || !Number.isFinite(maxDataMonths)) return SUPERSEARCH_EARLIEST_DATE;
  const planFloor = subtractMonths(today, maxDataMonths);
  return planFloor > SUPERSEARCH_EARLIEST_DATE ? planFloor : SUPERSEARCH_EARLIEST_DATE;
}

/** The query as searched: curly quotes straightened (000 §5), trimmed. */
export const normalizeSearch = (text: string) => normalizeQuotes(text).trim();

const searchSchema = z
  .string({ error: MSG.supersearch.queryRequired })
  .max(SUPERSEARCH_QUERY_MAX, `The search must be at most ${SUPERSEARCH_QUERY_MAX} characters`)
  .transform(normalizeSearch)
  .superRefine((v, ctx) => {
    // The parser's own words (empty, unbalanced quotes or parentheses, only exclusions…).
    const parsed = parseQuery(v);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
  });

const daySchema = (field: 'from' | 'to') =>
  z
    .string({ error: field === 'from' ? MSG.supersearch.fromDateRequired : MSG.supersearch.toDateRequired })
    .trim()
    .refine(isCalendarDay, MSG.supersearch.invalidDate);

const languagesSchema = z
  .array(z.string().trim().toLowerCase().min(1).max(20), { error: 'languages must be a list of language codes' })
  .max(200)
  .default([])
  .transform((list) => [...new Set(list)].sort());

const scoreSchema = (min: number, message: string) => z.number({ error: message }).min(min, message).max(LIMITS.mediaScore.max, message).nullable().optional();

/** Media score range: minimum 0.1 to 10, maximum 0 to 10; a minimum alone means "up to 10" (000 §5). */
const mediaScoreSchema = z
  .object({
    min: scoreSchema(LIMITS.mediaScore.min, MSG.supersearch.minScoreRange),
    max: scoreSchema(0, MSG.supersearch.maxScoreRange),
  })
  .nullable()
  .optional()
  .transform((s) => {
    const min = s?.min ?? null;
    const max = s?.max ?? (min !== null ? LIMITS.mediaScore.max : null);
    return { min, max };
  })
  .superRefine((s, ctx) => {
    if (s.min !== null && s.max !== null && s.min > s.max) ctx.addIssue({ code: 'custom', message: MSG.alerts.minBelowMax, path: ['min'] });
  });

export interface SupersearchSchemaContext {
  /** The plan's months of history (`permissions.max_data`); unknown → only the 2017 floor. */
  maxDataMonths?: number | null;
  /** Today (UTC), YYYY-MM-DD. */
  today?: string;
}

/** What every Super Search call filters on, with the plan's date rule. */
function filtersShape(ctx: SupersearchSchemaContext) {
  const today = ctx.today ?? utcDay();
  const earliest = earliestSearchDate(ctx.maxDataMonths, today);
  // A browser east of UTC may already be on tomorrow.
  const latest = addDays(today, 1);
  return {
    shape: {
      search: searchSchema,
      from_date: daySchema('from'),
      to_date: daySchema('to'),
      organization_id: idSchema,
      languages: languagesSchema,
      media_score: mediaScoreSchema,
    },
    check(v: { from_date: string; to_date: string }, issue: (path: string, message: string) => void) {
      if (!isCalendarDay(v.from_date) || !isCalendarDay(v.to_date)) return;
      // The plan's limit (not the archive's first day) says how to reach further back: upgrade.
      const tooEarly = MSG.supersearch.dateTooEarly(earliest, earliest > SUPERSEARCH_EARLIEST_DATE);
      if (v.from_date < earliest) issue('from_date', tooEarly);
      if (v.to_date < earliest) issue('to_date', tooEarly);
      if (v.to_date > latest) issue('to_date', MSG.supersearch.dateInFuture);
      if (v.from_date > v.to_date) issue('to_date', MSG.supersearch.toBeforeFrom);
    },
  };
}

function withDateRule<T extends z.ZodRawShape>(shape: T, check: ReturnType<typeof filtersShape>['check']) {
  return z.object(shape).superRefine((v, ctx) => {
    check(v as unknown as { from_date: string; to_date: string }, (path, message) => ctx.addIssue({ code: 'custom', message, path: [path] }));
  });
}

/** The schemas of the four calls for a plan and a day. */
export function supersearchSchemas(ctx: SupersearchSchemaContext = {}) {
  const { shape, check } = filtersShape(ctx);
  return {
    /** POST supersearch: one page of results. */
    search: withDateRule(
      {
        ...shape,
        page_size: z.coerce
          .number({ error: 'page_size must be a number' })
          .int()
          .min(SUPERSEARCH_PAGE_SIZE.min, `page_size must be between ${SUPERSEARCH_PAGE_SIZE.min} and ${SUPERSEARCH_PAGE_SIZE.max}`)
          .max(SUPERSEARCH_PAGE_SIZE.max, `page_size must be between ${SUPERSEARCH_PAGE_SIZE.min} and ${SUPERSEARCH_PAGE_SIZE.max}`)
          .default(SUPERSEARCH_PAGE_SIZE.default),
        search_after: z
          .string()
          .max(500)
          .nullable()
          .optional()
          .transform((v) => v || null),
        sort_fields: z.enum(SUPERSEARCH_SORT_FIELDS, { error: 'sort_fields must be pub_date or relevance' }).default('pub_date'),
        sort_order: z.enum(SUPERSEARCH_SORT_ORDERS, { error: 'sort_order must be desc or asc' }).default('desc'),
      },
      check,
    ),
    /** POST supersearch/volume: articles per day, week or month; a competitor's line names its index. */
    volume: withDateRule(
      {
        ...shape,
        competitorIndex: z
          .number({ error: `competitorIndex must be 0 to ${SUPERSEARCH_MAX_COMPETITORS}` })
          .int()
          .min(0)
          .max(SUPERSEARCH_MAX_COMPETITORS, `competitorIndex must be 0 to ${SUPERSEARCH_MAX_COMPETITORS}`)
          .nullable()
          .optional()
          .transform((v) => v ?? 0),
      },
      check,
    ),
    /** POST supersearch/export_csv: every matching article, sent by e-mail. */
    exportCsv: withDateRule(
      {
        ...shape,
        to_email: z.string({ error: MSG.validation.emailRequired }).trim().min(1, MSG.validation.emailRequired).max(254).email(MSG.validation.emailInvalid),
      },
      check,
    ),
  };
}

/** POST supersearch/bulk: archive articles saved under a project's tag. */
export const supersearchBulkBody = z.object({
  articles: z
    .array(idSchema, { error: 'articles must be a list of article ids' })
    .min(1, 'Select at least one article')
    .max(SUPERSEARCH_BULK_MAX, `At most ${SUPERSEARCH_BULK_MAX} articles can be saved at once`),
  tag_id: idSchema,
  project_id: idSchema,
  organization_id: idSchema,
  user_id: idSchema.nullable().optional(),
});

export type SupersearchRequest = z.output<ReturnType<typeof supersearchSchemas>['search']>;
export type SupersearchVolumeRequest = z.output<ReturnType<typeof supersearchSchemas>['volume']>;
export type SupersearchExportRequest = z.output<ReturnType<typeof supersearchSchemas>['exportCsv']>;
export type SupersearchBulkRequest = z.output<typeof supersearchBulkBody>;
/** The filters shared by the calls, as the server searches them. */
export type SupersearchFilters = Pick<SupersearchRequest, 'search' | 'from_date' | 'to_date' | 'languages' | 'media_score'>;

/** Attributes of a `supersearch_article` resource. */
export interface SupersearchArticleAttributes {
  url: string;
  full_url: string;
  title: string;
  /** At most 300 characters. */
  description: string;
  /** The media score. */
  score: number;
  language: string;
  pub_date: string;
  /** The outlet's domain. */
  media: string;
  website_id: string | null;
  image: string | null;
}

export type VolumeInterval = 'day' | 'week' | 'month';

/** Pagination of POST supersearch (000 §Super Search result): the cursor of the next page is `nextPage`, sent back as search_after. */
export interface SupersearchResultsMeta {
  /**
   * The exact number of matches, or null when counting them takes longer than the page
   * (SEARCH_TOTAL_WAIT_MS after it is ready): then `counting` is true and POST supersearch/volume
   * gives the exact total. Never an estimate.
   */
  total: number | null;
  page: number;
  /** Null while `counting`. */
  lastPage: number | null;
  /** True when the total is still being counted (total and lastPage are null). */
  counting: boolean;
  /** Null on the last page. */
  nextPage: string | null;
  page_size: number;
  /** The same cursor under its v1.12 name. */
  next_search_after: string | null;
}

/** One bucket of POST supersearch/volume (the document's `data`), zeros included. */
export interface SupersearchVolumePoint {
  inserted_at: string;
  articles: number;
}

/** The `meta` of POST supersearch/volume. */
export interface SupersearchVolumeMeta {
  interval: VolumeInterval;
  total: number;
  competitorIndex: number;
}

/** The answer (`data`) of POST supersearch/bulk. */
export interface SupersearchSaveResult {
  /** Articles saved now. */
  success: number;
  /** Articles the project already had (its saved coverage keeps one row per URL). */
  already_exists: number;
  /** Ids that are not in the archive. */
  not_found: number;
  message: string;
}

// The answers above as schemas, for the API document (each mirrors its interface).

export const supersearchArticleResourceSchema = resourceSchema(
  'supersearch_article',
  z.object({
    url: z.string(),
    full_url: z.string(),
    title: z.string(),
    description: z.string(),
    score: z.number(),
    language: z.string(),
    pub_date: z.string(),
    media: z.string(),
    website_id: z.string().nullable(),
    image: z.string().nullable(),
  }),
);

export const supersearchResultsDocument = z.object({
  data: z.array(supersearchArticleResourceSchema),
  meta: z.object({
    total: z.number().int().nullable(),
    page: z.number().int(),
    lastPage: z.number().int().nullable(),
    counting: z.boolean(),
    nextPage: z.string().nullable(),
    page_size: z.number().int(),
    next_search_after: z.string().nullable(),
  }),
});

export const supersearchVolumeDocument = z.object({
  data: z.array(z.object({ inserted_at: z.string(), articles: z.number().int() })),
  meta: z.object({ interval: z.enum(['day', 'week', 'month']), total: z.number().int(), competitorIndex: z.number().int() }),
});

export const supersearchSaveDocument = z.object({
  data: z.object({ success: z.number().int(), already_exists: z.number().int(), not_found: z.number().int(), message: z.string() }),
});
