import { LIMITS } from './limits.js';

/**
 * The media score (the API's `reach`, 0.1–10) from a site's rank in a traffic ranking (the
 * Tranco list: rank 1 is the most visited registrable domain). Traffic falls off as a power of
 * the rank, so the score is piecewise linear in log10(rank) between these anchors, calibrated
 * to the spec's colour bands (001 §9):
 *
 * | rank        | score | band          | who is there (Tranco, 2026)                    |
 * | ----------- | ----- | ------------- | ---------------------------------------------- |
 * | 1           | 10    | 9+ Top        | the largest platforms                          |
 * | 100         | 9     | 9+ Top        | the top 100 all score at least 9               |
 * | 10,000      | 6     | 6–9 High      | the major games and tech outlets (≈ 300–8,000) |
 * | 100,000     | 3     | 3–6 Medium    | national and specialist outlets                |
 * | 1,000,000   | 1     | 1–3 Low       | the end of a million-line list                 |
 * | 10,000,000  | 0.1   | 0–1 Minimal   | (longer lists)                                 |
 *
 * Unranked (not in the list, or no list yet): 0.1, the spec's default. Non-increasing in the
 * rank: a better rank never scores lower. Rounded to one decimal.
 */
export const RANK_SCORE_ANCHORS: readonly (readonly [rank: number, score: number])[] = [
  [1, 10],
  [100, 9],
  [10_000, 6],
  [100_000, 3],
  [1_000_000, 1],
  [10_000_000, 0.1],
];

export function mediaScoreFromRank(rank: number | null | undefined): number {
  if (rank === null || rank === undefined || !Number.isFinite(rank) || rank < 1) return LIMITS.mediaScore.min;
  const x = Math.log10(rank);
  for (let i = 1; i < RANK_SCORE_ANCHORS.length; i++) {
    const [r1, s1] = RANK_SCORE_ANCHORS[i];
    const x1 = Math.log10(r1);
    if (x <= x1) {
      const [r0, s0] = RANK_SCORE_ANCHORS[i - 1];
      const x0 = Math.log10(r0);
      return clampScore(s0 + ((s1 - s0) * (x - x0)) / (x1 - x0));
    }
  }
  return LIMITS.mediaScore.min;
}

/**
 * Monthly visitors estimated from the rank when no traffic source is connected: visits fall
 * off as a power of the rank (Zipf-like, as measured for web traffic), `VISITS_AT_RANK_1 ×
 * rank^−VISITS_EXPONENT`. Calibrated on public figures of 2025–26 (rank ≈ 500 → ≈ 70M a month,
 * rank ≈ 10,000 → ≈ 5M, rank ≈ 1,000,000 → ≈ 80K); an order-of-magnitude figure, always shown
 * as an estimate. Null when unranked.
 */
export const VISITS_AT_RANK_1 = 2e10;
export const VISITS_EXPONENT = 0.9;

export function visitorsFromRank(rank: number | null | undefined): number | null {
  if (rank === null || rank === undefined || !Number.isFinite(rank) || rank < 1) return null;
  return Math.round(VISITS_AT_RANK_1 * Math.pow(rank, -VISITS_EXPONENT));
}

/** The rank the estimate curve gives to a number of monthly visitors (its inverse). */
export function rankFromVisitors(muv: number): number {
  return Math.max(1, Math.round(Math.pow(VISITS_AT_RANK_1 / Math.max(1, muv), 1 / VISITS_EXPONENT)));
}

/**
 * The score a site with these monthly visitors would have by its rank (for figures typed or
 * measured without a rank: the demo's outlets). Through the same rank curve, so it agrees.
 */
export function mediaScoreFromVisitors(muv: number | null | undefined): number {
  if (muv === null || muv === undefined || !Number.isFinite(muv) || muv <= 0) return LIMITS.mediaScore.min;
  return mediaScoreFromRank(rankFromVisitors(muv));
}

/**
 * Estimated views of one article: the share of its outlet's monthly visitors that one article
 * page gets, capped. `ARTICLE_VIEW_SHARE` (0.1 %) is our assumption, in line with the page-view
 * spread of news sites (a large outlet publishes hundreds of pieces a month, its homepage and
 * a few hits take most visits); the cap keeps one placement on the largest platforms from
 * outweighing a whole campaign. Null when the visitors are unknown.
 */
export const ARTICLE_VIEW_SHARE = 0.001;
export const ARTICLE_VIEWS_CAP = 1_000_000;

export function estimatedViews(muv: number | null | undefined): number | null {
  if (muv === null || muv === undefined || !Number.isFinite(muv) || muv < 0) return null;
  return Math.min(ARTICLE_VIEWS_CAP, Math.round(muv * ARTICLE_VIEW_SHARE));
}

/** Rounds to one decimal and keeps the score within 0.1–10. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return LIMITS.mediaScore.min;
  const rounded = Math.round(score * 10) / 10;
  return Math.min(LIMITS.mediaScore.max, Math.max(LIMITS.mediaScore.min, rounded));
}

export interface ScoreBand {
  index: 0 | 1 | 2 | 3 | 4;
  /** The spec's range label: 0-1, 1-3, 3-6, 6-9, 9+. */
  label: string;
  name: string;
  /** A Mantine colour name, readable on light and dark backgrounds. */
  color: string;
}

/** The spec's five colour bands of the media score (001 §9): lower bounds inclusive. */
export const SCORE_BANDS: readonly ScoreBand[] = [
  { index: 0, label: '0-1', name: 'Minimal', color: 'gray' },
  { index: 1, label: '1-3', name: 'Low', color: 'red' },
  { index: 2, label: '3-6', name: 'Medium', color: 'orange' },
  { index: 3, label: '6-9', name: 'High', color: 'green' },
  { index: 4, label: '9+', name: 'Top', color: 'blue' },
];

export function scoreBand(score: number): ScoreBand {
  if (!(score >= 1)) return SCORE_BANDS[0];
  if (score < 3) return SCORE_BANDS[1];
  if (score < 6) return SCORE_BANDS[2];
  if (score < 9) return SCORE_BANDS[3];
  return SCORE_BANDS[4];
}

export interface VisitorsBand {
  index: number;
  label: string;
  /** Upper bound (exclusive); null for the last band. */
  below: number | null;
}

/** The spec's monthly-visitor bands: under 500k, 1M, 5M, 9M, 10M, above (001 §9). */
export const VISITOR_BANDS: readonly VisitorsBand[] = [
  { index: 0, label: 'Under 500K', below: 500_000 },
  { index: 1, label: '500K – 1M', below: 1_000_000 },
  { index: 2, label: '1M – 5M', below: 5_000_000 },
  { index: 3, label: '5M – 9M', below: 9_000_000 },
  { index: 4, label: '9M – 10M', below: 10_000_000 },
  { index: 5, label: 'Above 10M', below: null },
];

/** The visitor band of a monthly-unique-visitors figure; null when the figure is unknown. */
export function visitorsBand(muv: number | null | undefined): VisitorsBand | null {
  if (muv === null || muv === undefined || !Number.isFinite(muv) || muv < 0) return null;
  return VISITOR_BANDS.find((b) => b.below === null || muv < b.below)!;
}

/** 1234567 → "1.2M", 5300 → "5.3K": compact visitor counts for tables and badges. */
export function formatVisitors(muv: number | null | undefined): string {
  if (muv === null || muv === undefined || !Number.isFinite(muv)) return '—';
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(muv) >= size) {
      const v = muv / size;
      return `${v >= 100 ? Math.round(v) : Math.round(v * 10) / 10}${suffix}`;
    }
  }
  return String(Math.round(muv));
}
