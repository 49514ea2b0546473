import { z } from 'zod';
import { readPeriod, type PeriodProblem } from '../period.js';
import { resourceSchema } from './jsonapi.js';

/**
 * A project's coverage over time by source (GET projects/{id}/coverage; docs/api.md "Coverage"):
 * each day of the period, what the project's feeds found — press articles its alert matched in
 * the crawled feeds (`press`) or through GDELT (`gdelt`), by the article's publication day;
 * YouTube videos of its video feed by publication day; Twitch streams of its stream feed by the day
 * they started. The project's Steam events and reviews come from GET projects/{id}/steam.
 */
export const COVERAGE_SOURCES = ['press', 'gdelt', 'youtube', 'twitch'] as const;
export type CoverageSource = (typeof COVERAGE_SOURCES)[number];
export const COVERAGE_DEFAULT_DAYS = 30;
export const COVERAGE_MAX_DAYS = 366;

export const coverageDaySchema = z.object({
  day: z.string(),
  press: z.number().int(),
  gdelt: z.number().int(),
  youtube: z.number().int(),
  twitch: z.number().int(),
});
export type CoverageDay = z.infer<typeof coverageDaySchema>;

export const coverageAttributesSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** Every day of the period, zeros included. */
  days: z.array(coverageDaySchema),
  totals: z.object({ press: z.number().int(), gdelt: z.number().int(), youtube: z.number().int(), twitch: z.number().int() }),
  /** Which sources the project has at all (no alert, no video feed, no stream feed, the plan): the chart leaves the others out. */
  sources: z.array(z.enum(COVERAGE_SOURCES)),
});
export type CoverageAttributes = z.infer<typeof coverageAttributesSchema>;
export const coverageDocument = z.object({ data: resourceSchema('coverage', coverageAttributesSchema) });
export type CoverageDocument = z.infer<typeof coverageDocument>;

export const coverageQueryParams = z.object({
  'filter[from]': z.string().optional().describe('First day (YYYY-MM-DD, UTC); default 29 days before filter[to]'),
  'filter[to]': z.string().optional().describe('Last day (YYYY-MM-DD, UTC, included); default today'),
});

export function readCoveragePeriod(params: z.infer<typeof coverageQueryParams>, today?: string): { from: string; to: string; problems: PeriodProblem[] } {
  return readPeriod({ from: params['filter[from]'], to: params['filter[to]'] }, { defaultDays: COVERAGE_DEFAULT_DAYS, maxDays: COVERAGE_MAX_DAYS, today });
}
