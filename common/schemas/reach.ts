import { z } from 'zod';
import { mediaScoreFromRank } from '../media-score.js';
import { resourceDocument, resourceSchema } from './jsonapi.js';

/** Where a website's media score comes from (websites.reach_source). */
export const REACH_SOURCES = ['ranking', 'default', 'manual'] as const;
export type ReachSource = (typeof REACH_SOURCES)[number];

/** Where a website's monthly visitors come from (websites.muv_source); null while unknown. */
export const MUV_SOURCES = ['similarweb', 'estimate', 'manual'] as const;
export type MuvSource = (typeof MUV_SOURCES)[number];

/**
 * An article's outlet and its reach as an article resource carries them (the alert feed's rows,
 * saved coverage): the website, its name, its monthly visitors and where they come from, and
 * the views the article itself likely had.
 */
export const articleOutletFields = {
  website_id: z.string().nullable(),
  media: z.string(),
  /** Monthly visits of the outlet. */
  'website-visits': z.number().nullable(),
  muv: z.number().nullable(),
  /** Where the outlet's monthly visitors come from (SimilarWeb, an estimate from the Tranco rank, typed); null when unknown. */
  muv_source: z.enum(MUV_SOURCES).nullable(),
  /**
   * Views the article itself likely had: a share of its outlet's monthly visitors, capped
   * (common/media-score.ts estimatedViews); null when the outlet's visitors are unknown. Sent
   * as null, like `muv`, to a plan without the `similarweb` flag.
   */
  estimated_views: z.number().nullable(),
};

/**
 * The last SimilarWeb lookup of a website: `ok`; `no_data` (SimilarWeb knows no such site);
 * `invalid_key`; `quota` (the key's hits are used up); `error` (anything else, retried later).
 */
export const TRAFFIC_STATES = ['ok', 'no_data', 'invalid_key', 'quota', 'error'] as const;
export type TrafficState = (typeof TRAFFIC_STATES)[number];

/** Where a ranking list came from: RANKING_URL, the daily Tranco update, or the operator's upload. */
export const RANKING_SOURCES = ['url', 'tranco', 'upload'] as const;
export type RankingSource = (typeof RANKING_SOURCES)[number];

/** The last ranking import's outcome: none yet, running, done, or failed (the last list stays). */
export const RANKING_STATES = ['none', 'importing', 'ok', 'failed'] as const;
export type RankingState = (typeof RANKING_STATES)[number];

/** `GET /api/operator/ranking` (`type: 'ranking'`, id `current`). */
export interface RankingAttributes {
  /** The current list: the day it describes, its size and when it arrived (null: no list yet). */
  list_date: string | null;
  domains: number;
  /** Lines of the current list that were skipped (junk, rank 0, not a domain, a domain ranked twice). */
  skipped: number;
  imported_at: string | null;
  source: RankingSource | null;
  /** Where the current list was fetched from, or the uploaded file's name. */
  source_url: string | null;
  /** Tranco's id of the list and its page (https://tranco-list.eu/list/{id}/), cited with every score. */
  tranco_id: string | null;
  list_url: string | null;
  /** The last attempt (which may have failed while the current list stayed). */
  state: RankingState;
  last_attempt_at: string | null;
  last_error: string | null;
  last_attempt_source: RankingSource | null;
  /** The operator's switch: fetch the latest Tranco list every day. */
  auto_update: boolean;
  /** RANKING_URL is set: the list is fetched from it at start and every `refresh_hours`. */
  url_configured: boolean;
  refresh_hours: number;
  /** Websites scored by rank / unranked (0.1) / typed by a person, after the last rescoring. */
  websites_ranked: number;
  websites_unranked: number;
  websites_manual: number;
  /** When the last list's scores reached every website and article, or null while that runs. */
  rescored_at: string | null;
}

export const rankingUpdateBody = resourceDocument('ranking', z.object({ auto_update: z.boolean() }));

/** The largest ranking file an upload or a download may be (a million-line list is ≈ 22 MB; zipped ≈ 8 MB). */
export const RANKING_MAX_BYTES = 100 * 1024 * 1024;

/** How a website's score came about, as the website page and the score tooltips say it. */
export interface ScoreBasisInput {
  reach: number;
  reach_source: ReachSource;
  rank: number | null;
  rank_list_date: string | null;
  reach_set_by_name?: string | null;
  reach_set_at?: string | null;
}

export function scoreBasis(w: ScoreBasisInput): string {
  if (w.reach_source === 'manual') {
    const who = w.reach_set_by_name ? ` by ${w.reach_set_by_name}` : '';
    const when = w.reach_set_at ? ` on ${w.reach_set_at.slice(0, 10)}` : '';
    return `Typed${who}${when} (kept when the ranking changes)`;
  }
  if (w.reach_source === 'ranking' && w.rank !== null) {
    const on = w.rank_list_date ? ` on ${w.rank_list_date}` : '';
    return `Tranco rank ${w.rank.toLocaleString('en-US')}${on} → ${mediaScoreFromRank(w.rank)}`;
  }
  return w.rank_list_date ? `Not in the Tranco list of ${w.rank_list_date} → 0.1` : 'No traffic ranking imported yet → 0.1';
}

/** How a website's monthly visitors came about, in a few words. */
export function visitorsBasis(source: MuvSource | null): string {
  if (source === 'similarweb') return 'SimilarWeb, last 30 days';
  if (source === 'manual') return 'typed';
  if (source === 'estimate') return 'estimate from the Tranco rank';
  return 'unknown';
}

/** RankingAttributes as a schema, for the API document. */
export const rankingResourceSchema = resourceSchema(
  'ranking',
  z.object({
    list_date: z.string().nullable(),
    domains: z.number().int(),
    skipped: z.number().int(),
    imported_at: z.string().nullable(),
    source: z.enum(RANKING_SOURCES).nullable(),
    source_url: z.string().nullable(),
    tranco_id: z.string().nullable(),
    list_url: z.string().nullable(),
    state: z.enum(RANKING_STATES),
    last_attempt_at: z.string().nullable(),
    last_error: z.string().nullable(),
    last_attempt_source: z.enum(RANKING_SOURCES).nullable(),
    auto_update: z.boolean(),
    url_configured: z.boolean(),
    refresh_hours: z.number(),
    websites_ranked: z.number().int(),
    websites_unranked: z.number().int(),
    websites_manual: z.number().int(),
    rescored_at: z.string().nullable(),
  }),
);
