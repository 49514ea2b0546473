import { z } from 'zod';
import { dayNumber, dayText, PERIOD_MESSAGES, readPeriod } from '../period.js';
import { resourceSchema } from './jsonapi.js';

/**
 * The creator leaderboard of a project (issue 30 item 3): its Twitch broadcasters ranked by hours
 * watched (or peak viewers, streams, followers, average viewers) and its YouTube channels by views
 * (or videos, subscribers), over a period of days. GET projects/{id}/creators; docs/api.md.
 */

export const CREATOR_PLATFORMS = ['twitch', 'youtube'] as const;
export type CreatorPlatform = (typeof CREATOR_PLATFORMS)[number];

/** What each platform's rows can be ranked by; the first is the default (descending). */
export const CREATOR_SORTS = {
  twitch: ['hours_watched', 'peak_viewers', 'streams', 'followers', 'average_viewers'],
  youtube: ['views', 'videos', 'subscribers'],
} as const satisfies Record<CreatorPlatform, readonly string[]>;
export type TwitchCreatorSort = (typeof CREATOR_SORTS.twitch)[number];
export type YoutubeCreatorSort = (typeof CREATOR_SORTS.youtube)[number];
export type CreatorSort = TwitchCreatorSort | YoutubeCreatorSort;

/** The longest period a leaderboard covers, in days (both ends included). */
export const CREATOR_MAX_DAYS = 366;
/** The default period: this many days up to today, today included. */
export const CREATOR_DEFAULT_DAYS = 30;
export const CREATOR_PAGE_SIZE = { default: 25, max: 100 } as const;

/** The default period ending on `today` (YYYY-MM-DD, UTC). */
export function defaultCreatorPeriod(today = new Date().toISOString().slice(0, 10)): { from: string; to: string } {
  return { from: dayText(dayNumber(today) - (CREATOR_DEFAULT_DAYS - 1)), to: today };
}

export const CREATOR_MESSAGES = {
  platform: 'Choose twitch or youtube',
  day: PERIOD_MESSAGES.day,
  order: PERIOD_MESSAGES.order,
  span: PERIOD_MESSAGES.span(CREATOR_MAX_DAYS),
  page: 'The page number must be a whole number of 1 or more',
  search: 'Search with at most 200 characters',
  size: `The page size must be a whole number from 1 to ${CREATOR_PAGE_SIZE.max}`,
  sort: (platform: CreatorPlatform) => `Sort by one of ${CREATOR_SORTS[platform].join(', ')} (a leading - for descending)`,
} as const;

/** The query string as it arrives (every parameter is text; documented in OpenAPI). */
export const creatorsQueryParams = z.object({
  'filter[platform]': z.string().optional().describe('twitch or youtube (default: twitch when the plan has it, else youtube)'),
  'filter[from]': z
    .string()
    .optional()
    .describe('First day (YYYY-MM-DD, UTC) the stream started or the video was published; default 29 days before filter[to]'),
  'filter[to]': z.string().optional().describe('Last day (YYYY-MM-DD, UTC, included); default today'),
  sort: z
    .string()
    .optional()
    .describe('twitch: hours_watched, peak_viewers, streams, followers, average_viewers; youtube: views, videos, subscribers; - for descending'),
  'filter[search]': z.string().optional().describe("Only creators whose name (or Twitch login) contains this text; ranks stay the whole board's"),
  'page[number]': z.string().optional(),
  'page[size]': z.string().optional(),
  /** The spellings the app's tables send (server/http/jsonapi.ts parseListParams reads both too). */
  'page[page]': z.string().optional(),
  'page[page_size]': z.string().optional(),
});
export type CreatorsQueryParams = z.infer<typeof creatorsQueryParams>;

/** The query once read: every default applied. */
export interface CreatorsQuery {
  platform: CreatorPlatform;
  from: string;
  to: string;
  sort: CreatorSort;
  desc: boolean;
  /** Narrows the rows shown (not the ranks or the totals). */
  search?: string;
  page: number;
  pageSize: number;
}

/** One problem of the query string, at its parameter. */
export interface CreatorsQueryProblem {
  parameter: keyof CreatorsQueryParams;
  detail: string;
}

/**
 * Reads the query string (the server answers the problems as 422s at their parameters).
 * `defaultPlatform` is used when `filter[platform]` is absent.
 */
export function readCreatorsQuery(
  params: CreatorsQueryParams,
  defaults: { platform: CreatorPlatform; today?: string },
): { query: CreatorsQuery; problems: [] } | { query: null; problems: CreatorsQueryProblem[] } {
  const problems: CreatorsQueryProblem[] = [];
  const rawPlatform = params['filter[platform]'];
  let platform = defaults.platform;
  if (rawPlatform !== undefined) {
    if ((CREATOR_PLATFORMS as readonly string[]).includes(rawPlatform)) platform = rawPlatform as CreatorPlatform;
    else problems.push({ parameter: 'filter[platform]', detail: CREATOR_MESSAGES.platform });
  }
  const period = readPeriod(
    { from: params['filter[from]'], to: params['filter[to]'] },
    { defaultDays: CREATOR_DEFAULT_DAYS, maxDays: CREATOR_MAX_DAYS, today: defaults.today },
  );
  problems.push(...period.problems);
  const { from, to } = period;
  const rawSort = params.sort ?? `-${CREATOR_SORTS[platform][0]}`;
  const desc = rawSort.startsWith('-');
  const sort = rawSort.replace(/^-/, '');
  if (!(CREATOR_SORTS[platform] as readonly string[]).includes(sort)) problems.push({ parameter: 'sort', detail: CREATOR_MESSAGES.sort(platform) });
  const whole = (v: string | undefined, fallback: number) => (v === undefined ? fallback : /^\d{1,9}$/.test(v) ? Number(v) : NaN);
  const pageName = params['page[number]'] === undefined && params['page[page]'] !== undefined ? 'page[page]' : 'page[number]';
  const page = whole(params[pageName], 1);
  if (!(page >= 1)) problems.push({ parameter: pageName, detail: CREATOR_MESSAGES.page });
  const sizeName = params['page[size]'] === undefined && params['page[page_size]'] !== undefined ? 'page[page_size]' : 'page[size]';
  const pageSize = whole(params[sizeName], CREATOR_PAGE_SIZE.default);
  if (!(pageSize >= 1 && pageSize <= CREATOR_PAGE_SIZE.max)) problems.push({ parameter: sizeName, detail: CREATOR_MESSAGES.size });
  const search = params['filter[search]']?.trim() || undefined;
  if (search && search.length > 200) problems.push({ parameter: 'filter[search]', detail: CREATOR_MESSAGES.search });
  if (problems.length) return { query: null, problems };
  return { query: { platform, from, to, sort: sort as CreatorSort, desc, ...(search ? { search } : {}), page, pageSize }, problems: [] };
}

/** A broadcaster's row: its streams in the period and their live metrics added up. */
export const twitchCreatorAttributesSchema = z.object({
  platform: z.literal('twitch'),
  /** 1 for the first row of the chosen order (across pages). */
  rank: z.number().int(),
  /** Twitch's user id; `name:<name>` for a saved stream whose broadcaster id is unknown. */
  broadcaster_id: z.string(),
  broadcaster_name: z.string(),
  broadcaster_login: z.string(),
  profile_image_url: z.string().nullable(),
  followers: z.number().int().nullable(),
  /** Distinct streams (a VOD counts as the stream it recorded). */
  streams: z.number().int(),
  /** Σ hours watched of the streams (each: viewers × the time its samples stand for). */
  hours_watched: z.number(),
  /** The highest sample of any of the streams; null: none was sampled. */
  peak_viewers: z.number().int().nullable(),
  /** Σ viewer-time ÷ Σ the time the samples stand for (time-weighted across the streams); null: none was sampled. */
  average_viewers: z.number().int().nullable(),
  /** Σ airtime of the sampled streams, in seconds. */
  airtime: z.number().int(),
  last_stream_at: z.string(),
  /** The stream with the most hours watched (then the highest peak, then the latest). */
  top_stream: z.object({ title: z.string(), url: z.string().nullable() }),
});
export type TwitchCreatorAttributes = z.infer<typeof twitchCreatorAttributesSchema>;

/** A YouTube channel's row: its videos in the period and their current views. */
export const youtubeCreatorAttributesSchema = z.object({
  platform: z.literal('youtube'),
  rank: z.number().int(),
  /** YouTube's channel id (UC…); `title:<title>` for a saved video whose channel id is unknown. */
  channel_id: z.string(),
  channel_title: z.string(),
  thumbnail: z.string().nullable(),
  /** null: hidden by the channel, or not known. */
  subscribers: z.number().int().nullable(),
  videos: z.number().int(),
  /** Σ current views of the videos. */
  views: z.number().int(),
  last_video_at: z.string(),
  /** The video with the most views (then the latest). */
  top_video: z.object({ title: z.string(), url: z.string(), views: z.number().int() }),
});
export type YoutubeCreatorAttributes = z.infer<typeof youtubeCreatorAttributesSchema>;

export const creatorAttributesSchema = z.discriminatedUnion('platform', [twitchCreatorAttributesSchema, youtubeCreatorAttributesSchema]);
export type CreatorAttributes = z.infer<typeof creatorAttributesSchema>;
export const creatorResourceSchema = resourceSchema('creator', creatorAttributesSchema);

/** The whole leaderboard's totals (every row, not only the page's). */
export const creatorTotalsSchema = z.object({
  creators: z.number().int(),
  /** twitch: Σ hours watched and distinct streams; youtube: Σ current views and distinct videos. */
  hours_watched: z.number().optional(),
  streams: z.number().int().optional(),
  views: z.number().int().optional(),
  videos: z.number().int().optional(),
});
export type CreatorTotals = z.infer<typeof creatorTotalsSchema>;

export const creatorsMetaSchema = z.object({
  total_entries: z.number().int(),
  last_page: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
  platform: z.enum(CREATOR_PLATFORMS),
  period: z.object({ from: z.string(), to: z.string() }),
  totals: creatorTotalsSchema,
  /** Whether the project has a feed of the platform (an empty board says why). */
  has_feed: z.boolean(),
});
export type CreatorsMeta = z.infer<typeof creatorsMetaSchema>;

export const creatorsDocumentSchema = z.object({ data: z.array(creatorResourceSchema), meta: creatorsMetaSchema });
