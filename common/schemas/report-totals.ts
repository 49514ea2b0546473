import { z } from 'zod';
import { ARTICLE_VIEWS_CAP, ARTICLE_VIEW_SHARE, formatVisitors } from '../media-score.js';

/**
 * What a report (and the wizard's preview) adds up: the totals cards, the basis of potential
 * reach and estimated views in plain words, and the charts' series. reports.ts re-exports all of it.
 */

/** The totals cards of a report and of the wizard's preview. */
export interface ReportTotals {
  articles: number;
  /** Sum of the articles' media scores (the spec's `total-reach`; not shown as such: a sum of 0.1–10 scores means nothing to a reader). */
  reach: number;
  /** The articles' average media score, 0.1–10 (0 without articles): what the totals cards show. */
  average_score: number;
  /** Potential reach: the outlets' unique monthly visitors added up per article (0 when no outlet's traffic is known). */
  umv: number;
  /**
   * Estimated views: the articles' estimated views added up (each a share of its outlet's monthly
   * visitors, capped: common/media-score.ts estimatedViews); 0 when no outlet's visitors are known.
   */
  estimated_views: number;
  /** Articles whose outlet's monthly visitors are unknown: they add nothing to either figure. */
  unknown_visitors: number;
  /** The other articles, by where their outlet's visitors come from (the basis of both figures). */
  visitor_sources: VisitorSourceCounts;
  /** Distinct outlets. */
  media: number;
  /**
   * Unique stories (issue 32): the articles counted once per story (copies of one syndicated
   * piece or press release are one), with the organization's merges and splits; absent in older payloads.
   */
  unique_stories?: number;
  /** A published report's saved videos and streams still there, and their views added up (not in the wizard's preview). */
  videos?: number;
  video_views?: number;
  streams?: number;
  stream_views?: number;
  /** The report's streams' hours watched added up (each stream's Σ viewers × time; docs/decisions.md "Twitch viewer metrics"). */
  stream_hours_watched?: number;
  /** Peak concurrent viewers of the report's streams: the highest sum of their viewers at one moment. */
  stream_peak_viewers?: number;
  /** Distinct channels among the report's streams. */
  stream_channels?: number;
}

/** Articles counted by where their outlet's monthly visitors come from (websites.muv_source). */
export interface VisitorSourceCounts {
  similarweb: number;
  estimate: number;
  manual: number;
}

const SOURCE_WORDS: Record<keyof VisitorSourceCounts, string> = {
  similarweb: 'from SimilarWeb',
  estimate: 'estimated from the Tranco rank',
  manual: 'entered by hand',
};

const articlesWord = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'article' : 'articles'}`;

/**
 * "from SimilarWeb" when every known figure has that source, else each source with its articles:
 * "from SimilarWeb (12 articles) and estimated from the Tranco rank (30 articles)". Figures of
 * no known source (an outlet removed since) are left unnamed rather than guessed.
 */
function visitorSourcesText(s: VisitorSourceCounts, known: number): string | null {
  const present = (Object.keys(SOURCE_WORDS) as (keyof VisitorSourceCounts)[]).filter((k) => s[k] > 0);
  if (present.length === 0) return null;
  // Every article with visitors from one source: no counts needed.
  if (present.length === 1 && s[present[0]] === known) return SOURCE_WORDS[present[0]];
  const parts = present.map((k) => `${SOURCE_WORDS[k]} (${articlesWord(s[k])})`);
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The basis of a report's potential reach and estimated views, in plain words, as every report page and the PDF print it. */
export function reachBasis(t: Pick<ReportTotals, 'articles' | 'unknown_visitors' | 'visitor_sources'>): { potentialReach: string; estimatedViews: string } {
  const unknown = t.unknown_visitors ?? 0;
  const sources = visitorSourcesText(t.visitor_sources ?? { similarweb: 0, estimate: 0, manual: 0 }, t.articles - unknown);
  const tail = [
    sources ? `Visitors ${sources}.` : '',
    unknown > 0
      ? `${unknown.toLocaleString('en')} of ${articlesWord(t.articles)} ${unknown === 1 ? 'has no visitor figure and counts' : 'have no visitor figure and count'} 0.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const share = `${(ARTICLE_VIEW_SHARE * 100).toLocaleString('en', { maximumFractionDigits: 3 })}%`;
  return {
    potentialReach: `Monthly visitors of each article's outlet, added up. ${tail}`.trim(),
    estimatedViews: `${share} of the outlet's monthly visitors per article, at most ${formatVisitors(ARTICLE_VIEWS_CAP)} each. ${tail}`.trim(),
  };
}

/** A report's charts: its trend, languages and tags. */
export interface ReportStats {
  /** Every day of the range (weekly buckets from date_start beyond 92 days), zeros included. */
  /** `reach`: the media scores added up; `estimated_views`: the articles' estimated views (0 without the plan's UMV). */
  trend: { date: string; articles: number; reach: number; estimated_views?: number }[];
  languages: { language: string; articles: number }[];
  tags: { tag_id: string; tag_name: string; articles: number }[];
}

const countSchema = z.number();

/** ReportTotals as a schema, for the API document. */
export const reportTotalsSchema = z.object({
  articles: countSchema,
  reach: z.number(),
  average_score: z.number(),
  umv: z.number(),
  estimated_views: z.number(),
  unknown_visitors: countSchema,
  visitor_sources: z.object({ similarweb: countSchema, estimate: countSchema, manual: countSchema }),
  media: countSchema,
  unique_stories: countSchema.optional(),
  videos: countSchema.optional(),
  video_views: z.number().optional(),
  streams: countSchema.optional(),
  stream_views: z.number().optional(),
  stream_hours_watched: z.number().optional(),
  stream_peak_viewers: z.number().optional(),
  stream_channels: countSchema.optional(),
});

/** ReportStats as a schema, for the API document. */
export const reportStatsSchema = z.object({
  trend: z.array(z.object({ date: z.string(), articles: countSchema, reach: z.number(), estimated_views: z.number().optional() })),
  languages: z.array(z.object({ language: z.string(), articles: countSchema })),
  tags: z.array(z.object({ tag_id: z.string(), tag_name: z.string(), articles: countSchema })),
});
