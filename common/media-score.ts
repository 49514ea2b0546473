import { LIMITS } from './limits.js';

/**
 * The media score (the API's `reach`, 0.1–10) derived from a website's traffic.
 *
 * Traffic spans six orders of magnitude between a hobby blog and the largest outlets, so the
 * score is logarithmic: every tenfold of monthly unique visitors adds the same amount.
 *
 * - From monthly unique visitors (preferred): `10 × (log10(muv) − 3) / 6`, so
 *   1,000 visitors → 0.1 (the floor), 1M → 5, 1B → 10.
 * - From the global traffic rank when the visitors are unknown: `10 × (7 − log10(rank)) / 7`,
 *   so rank 1 → 10, rank 1,000 → 5.7, rank 10M → 0.1.
 * - Neither: the spec's default score, 0.1.
 *
 * The result is rounded to one decimal and clamped to 0.1–10 (001 §9).
 */
export function mediaScoreFromTraffic({ muv, rank }: { muv?: number | null; rank?: number | null }): number {
  if (muv !== null && muv !== undefined && Number.isFinite(muv) && muv > 0) {
    return clampScore((10 * (Math.log10(muv) - 3)) / 6);
  }
  if (rank !== null && rank !== undefined && Number.isFinite(rank) && rank >= 1) {
    return clampScore((10 * (7 - Math.log10(rank))) / 7);
  }
  return LIMITS.mediaScore.min;
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
