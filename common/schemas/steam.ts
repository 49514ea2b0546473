import { z } from 'zod';
import { readPeriod, type PeriodProblem } from '../period.js';
import { resourceSchema } from './jsonapi.js';

/**
 * Steam beside the press (issue 31 item 2; docs/api.md "Steam"). A project names its games'
 * Steam app ids (`steam_app_ids`); the worker reads each app's news (ISteamNews GetNewsForApp) and
 * its reviews (the store's appreviews endpoint) once for every project that names it. The
 * developer's announcements are events on the project's coverage chart and in reports; each day's
 * reviews and share positive are drawn under it. GET projects/{id}/steam, GET reports/{id}/steam,
 * GET p/reports/{id}/steam answer the document below.
 */

/** How many Steam apps a project may follow. */
export const STEAM_MAX_APPS = 5;
/** The largest app id Steam hands out (uint32). */
export const STEAM_MAX_APP_ID = 4_294_967_295;
/** The default period of the panel (days up to today) and the longest one. */
export const STEAM_DEFAULT_DAYS = 30;
export const STEAM_MAX_DAYS = 366;

export const STEAM_MESSAGES = {
  appId: 'Enter a Steam app id: the number in the game’s store address (store.steampowered.com/app/…)',
  tooMany: `A project follows at most ${STEAM_MAX_APPS} Steam apps`,
  duplicate: 'Each Steam app once',
} as const;

/** One app id as the API takes it: a whole number from 1 to 2³²−1. */
export const steamAppIdSchema = z
  .number({ error: STEAM_MESSAGES.appId })
  .int(STEAM_MESSAGES.appId)
  .min(1, STEAM_MESSAGES.appId)
  .max(STEAM_MAX_APP_ID, STEAM_MESSAGES.appId);

/** PATCH projects/{id}: `steam_app_ids` (replaces the list; [] follows none). */
export const steamAppIdsSchema = z
  .array(steamAppIdSchema, { error: STEAM_MESSAGES.appId })
  .max(STEAM_MAX_APPS, STEAM_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, STEAM_MESSAGES.duplicate);

/**
 * The app id in what a person pastes: the number itself, or a store, community or SteamDB address
 * (store.steampowered.com/app/620/Portal_2/, steamcommunity.com/app/620, steamdb.info/app/620/).
 * Null when there is none.
 */
export function parseSteamAppId(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{1,10})$/.exec(t) ?? /(?:^|[/.])(?:steampowered\.com|steamcommunity\.com|steamdb\.info)\/app\/(\d{1,10})(?:[/?#]|$)/i.exec(t);
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= STEAM_MAX_APP_ID ? id : null;
}

export const steamStoreUrl = (appId: number) => `https://store.steampowered.com/app/${appId}/`;

/**
 * What we know of an app's sync: `pending` (not read yet), `ok`, `not_found` (Steam knows no such
 * app), `error` (the last read failed: `message` says why; the figures are those of the last good
 * read), `rate_limited` (Steam asked us to slow down; read again after a pause).
 */
export const STEAM_APP_STATES = ['pending', 'ok', 'not_found', 'error', 'rate_limited'] as const;
export type SteamAppState = (typeof STEAM_APP_STATES)[number];

export const steamAppSchema = z.object({
  app_id: z.number().int(),
  /** The store's name; null until the app is first read. */
  name: z.string().nullable(),
  state: z.enum(STEAM_APP_STATES),
  message: z.string().nullable(),
  store_url: z.string(),
  news_checked_at: z.string().nullable(),
  reviews_checked_at: z.string().nullable(),
  /** The store's all-time figures (every language and purchase type), from the last read. */
  total_reviews: z.number().int().nullable(),
  total_positive: z.number().int().nullable(),
  /** "Very Positive", … */
  review_score_desc: z.string().nullable(),
});
export type SteamApp = z.infer<typeof steamAppSchema>;

/** A developer's announcement (Steam community announcements): an event on the coverage chart. */
export const steamEventSchema = z.object({
  id: z.string(),
  app_id: z.number().int(),
  /** The instant it was posted (ISO 8601) and its day (YYYY-MM-DD, UTC). */
  date: z.string(),
  day: z.string(),
  title: z.string(),
  url: z.string(),
});
export type SteamEvent = z.infer<typeof steamEventSchema>;

/** One day of the period (every day, zeros included), over every app the project follows. */
export const steamReviewDaySchema = z.object({
  day: z.string(),
  reviews: z.number().int(),
  positive: z.number().int(),
  /** positive ÷ reviews, 0–1; null on a day without reviews. */
  share_positive: z.number().nullable(),
});
export type SteamReviewDay = z.infer<typeof steamReviewDaySchema>;

export const steamSummaryAttributesSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  apps: z.array(steamAppSchema),
  events: z.array(steamEventSchema),
  reviews: z.array(steamReviewDaySchema),
  /** Σ over the period. */
  totals: z.object({ reviews: z.number().int(), positive: z.number().int(), share_positive: z.number().nullable(), events: z.number().int() }),
  /** The first day whose reviews we have read (days before it count nothing because we did not look, not because there were none). */
  reviews_since: z.string().nullable(),
});
export type SteamSummaryAttributes = z.infer<typeof steamSummaryAttributesSchema>;
export const steamSummaryDocument = z.object({ data: resourceSchema('steam-summary', steamSummaryAttributesSchema) });
export type SteamSummaryDocument = z.infer<typeof steamSummaryDocument>;

export const steamQueryParams = z.object({
  'filter[from]': z.string().optional().describe('First day (YYYY-MM-DD, UTC); default 29 days before filter[to]'),
  'filter[to]': z.string().optional().describe('Last day (YYYY-MM-DD, UTC, included); default today'),
});

export function readSteamPeriod(params: z.infer<typeof steamQueryParams>, today?: string): { from: string; to: string; problems: PeriodProblem[] } {
  return readPeriod({ from: params['filter[from]'], to: params['filter[to]'] }, { defaultDays: STEAM_DEFAULT_DAYS, maxDays: STEAM_MAX_DAYS, today });
}
