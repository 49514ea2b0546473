import { z } from 'zod';
import { resourceDocument, resourceSchema } from './jsonapi.js';

/**
 * GDELT discovery (issue 31): the platform operator's view of it on the Websites → sources screen
 * (`GET /api/operator/gdelt`, `type: 'gdelt'`, id `current`) and its switch (`PATCH`).
 */

/** A distinct query's state: never searched yet, answered, refused by GDELT as invalid, or its last search failed. */
export const GDELT_QUERY_STATES = ['new', 'ok', 'invalid', 'error'] as const;
export type GdeltQueryState = (typeof GDELT_QUERY_STATES)[number];

export const gdeltQuerySchema = z.object({
  query: z.string(),
  state: z.enum(GDELT_QUERY_STATES),
  /** Active alerts (of any organization) served by this query. */
  alerts: z.number().int(),
  last_searched_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_results: z.number().int(),
  articles_found: z.number().int(),
});
export type GdeltQuery = z.infer<typeof gdeltQuerySchema>;

export const gdeltAttributesSchema = z.object({
  /** The operator's switch (GDELT_ENABLED until switched). */
  enabled: z.boolean(),
  api_url: z.string(),
  /** Seconds between two requests (GDELT_INTERVAL_SECONDS). */
  interval_seconds: z.number(),
  /** How often each distinct query is searched again at this pace (at least 15 minutes). */
  refresh_minutes: z.number().int(),
  requests_last_hour: z.number().int(),
  refusals_last_hour: z.number().int(),
  /** GDELT asked to slow down: no request before this time (exponential back-off). */
  backoff_until: z.string().nullable(),
  last_refusal_at: z.string().nullable(),
  last_refusal: z.string().nullable(),
  queries_total: z.number().int(),
  queries_invalid: z.number().int(),
  alerts_searched: z.number().int(),
  /** Active alerts whose query GDELT cannot express at all (not searched there). */
  alerts_unsupported: z.number().int(),
  /** The queries to look at first: refused or failing, then the least recently searched (at most 50). */
  queries: z.array(gdeltQuerySchema),
});
export type GdeltAttributes = z.infer<typeof gdeltAttributesSchema>;

export const gdeltResourceSchema = resourceSchema('gdelt', gdeltAttributesSchema);

/** `PATCH /api/operator/gdelt` `{enabled}`. */
export const gdeltUpdateBody = resourceDocument('gdelt', z.object({ enabled: z.boolean() }));

/** How an article reached an alert's feed. */
export const MATCHED_BY = ['feed', 'gdelt'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];
