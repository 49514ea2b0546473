import { z } from 'zod';
import { COVERAGE_DEFAULT_DAYS, COVERAGE_MAX_DAYS } from './coverage.js';
import { readPeriod, type PeriodProblem } from '../period.js';
import { twitchCreatorAttributesSchema, youtubeCreatorAttributesSchema } from './creators.js';
import { resourceSchema } from './jsonapi.js';

/**
 * The project overview's figures (GET projects/{id}/overview; docs/api.md "Project overview"),
 * each one the total of the list it links to over the same period:
 *
 * - press: the matches of the project's feed alert (its `alert-id`, else its first alert) not
 *   deleted from the feed, by publication day — the articles feed with `startDate`/`endDate`; the
 *   unique stories count each story once (`story_id`, an article without one is its own story);
 * - reach: Σ the articles' outlets' monthly visitors (the feed's `muv`) and Σ their estimated
 *   views (the feed's `estimated_views`), null when the plan hides visitors;
 * - youtube / twitch: the creator leaderboard's totals and first rows (GET projects/{id}/creators),
 *   null when the plan has no such feed;
 * - share_of_voice: the press count beside each competitor's Super Search total over the period;
 * - top_outlets: the feed's matches grouped by outlet (the feed's `media`), most first;
 * - highlights: the project's saved coverage dated in the period (GET articles with
 *   `filter[date_range]`), the newest first.
 */

export const OVERVIEW_TOP = 5;
export const OVERVIEW_HIGHLIGHTS = 4;

export const overviewOutletSchema = z.object({
  media: z.string(),
  placements: z.number().int(),
  website_id: z.string().nullable(),
  /** The outlet's media score (0–10) and monthly visitors (null: unknown, or hidden by the plan). */
  score: z.number().nullable(),
  muv: z.number().nullable(),
});
export type OverviewOutlet = z.infer<typeof overviewOutletSchema>;

export const overviewCompetitorSchema = z.object({
  name: z.string(),
  query: z.string(),
  /** Super Search's total for the query over the period (from `search_from`); null when it could not be counted in time. */
  count: z.number().int().nullable(),
});

export const overviewHighlightSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  media: z.string(),
  date: z.string(),
  image: z.string().nullable(),
  tag: z.string(),
  /** Where the screenshot's JPEG is served (with the caller's token), when one is ready. */
  screenshot_url: z.string().nullable(),
});
export type OverviewHighlight = z.infer<typeof overviewHighlightSchema>;

export const overviewAttributesSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** The alert whose feed the press figures count (null: the project has no alert). */
  alert_id: z.string().nullable(),
  press: z.object({ placements: z.number().int(), unique_stories: z.number().int() }),
  /** null when the plan hides the outlets' visitors (the feed shows them empty too). */
  reach: z
    .object({
      potential_reach: z.number(),
      estimated_views: z.number(),
      /** Placements whose outlet's visitors are unknown (they add nothing). */
      unknown_visitors: z.number().int(),
    })
    .nullable(),
  youtube: z
    .object({
      views: z.number().int(),
      videos: z.number().int(),
      creators: z.number().int(),
      has_feed: z.boolean(),
      top: z.array(youtubeCreatorAttributesSchema),
    })
    .nullable(),
  twitch: z
    .object({
      hours_watched: z.number(),
      streams: z.number().int(),
      creators: z.number().int(),
      has_feed: z.boolean(),
      top: z.array(twitchCreatorAttributesSchema),
    })
    .nullable(),
  share_of_voice: z.object({
    /** Whether the plan has Super Search with competitor comparison (the counts are null otherwise). */
    available: z.boolean(),
    /** The first day Super Search counts from (the plan's history may start after the period). */
    search_from: z.string(),
    own: z.number().int(),
    competitors: z.array(overviewCompetitorSchema),
  }),
  top_outlets: z.array(overviewOutletSchema),
  highlights: z.object({ total: z.number().int(), latest: z.array(overviewHighlightSchema) }),
});
export type OverviewAttributes = z.infer<typeof overviewAttributesSchema>;
export const overviewDocument = z.object({ data: resourceSchema('overview', overviewAttributesSchema) });
export type OverviewDocument = z.infer<typeof overviewDocument>;

export const overviewQueryParams = z.object({
  'filter[from]': z.string().optional().describe('First day (YYYY-MM-DD, UTC); default 29 days before filter[to]'),
  'filter[to]': z.string().optional().describe('Last day (YYYY-MM-DD, UTC, included); default today'),
});

/** The same period rule as the coverage chart beside it (common/schemas/coverage.ts). */
export function readOverviewPeriod(params: z.infer<typeof overviewQueryParams>, today?: string): { from: string; to: string; problems: PeriodProblem[] } {
  return readPeriod({ from: params['filter[from]'], to: params['filter[to]'] }, { defaultDays: COVERAGE_DEFAULT_DAYS, maxDays: COVERAGE_MAX_DAYS, today });
}
