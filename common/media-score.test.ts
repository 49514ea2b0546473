import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampScore,
  estimatedViews,
  formatVisitors,
  mediaScoreFromRank,
  mediaScoreFromVisitors,
  rankFromVisitors,
  scoreBand,
  visitorsBand,
  visitorsFromRank,
} from './media-score.js';

describe('mediaScoreFromRank', () => {
  it('follows the documented anchors: the top 100 score at least 9, a million-line list ends at 1', () => {
    expect(mediaScoreFromRank(1)).toBe(10);
    expect(mediaScoreFromRank(100)).toBe(9);
    expect(mediaScoreFromRank(10_000)).toBe(6);
    expect(mediaScoreFromRank(100_000)).toBe(3);
    expect(mediaScoreFromRank(1_000_000)).toBe(1);
    expect(mediaScoreFromRank(10_000_000)).toBe(0.1);
    expect(mediaScoreFromRank(1_000)).toBe(7.5);
    for (let r = 1; r <= 100; r++) expect(mediaScoreFromRank(r)).toBeGreaterThanOrEqual(9);
  });

  it('gives an unranked site the default 0.1', () => {
    for (const r of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e12]) expect(mediaScoreFromRank(r)).toBe(0.1);
  });

  it('stays within 0.1–10 with one decimal, and a better rank never scores lower (every rank)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (a, b) => {
        const s = mediaScoreFromRank(a);
        expect(s).toBeGreaterThanOrEqual(0.1);
        expect(s).toBeLessThanOrEqual(10);
        expect(Math.round(s * 10) / 10).toBe(s);
        const [better, worse] = a < b ? [a, b] : [b, a];
        expect(mediaScoreFromRank(better)).toBeGreaterThanOrEqual(mediaScoreFromRank(worse));
      }),
      { numRuns: 2000 },
    );
    // And exhaustively over the first million ranks, where every list has its entries.
    let previous = 10;
    for (let r = 1; r <= 1_000_000; r++) {
      const s = mediaScoreFromRank(r);
      if (s > previous) throw new Error(`rank ${r} scores ${s}, above rank ${r - 1}'s ${previous}`);
      previous = s;
    }
  });
});

describe('visitors and views from the rank', () => {
  it('estimates monthly visitors on a power curve and inverts it', () => {
    expect(visitorsFromRank(null)).toBeNull();
    expect(visitorsFromRank(1)).toBe(2e10);
    expect(visitorsFromRank(10_000)).toBeGreaterThan(4e6);
    expect(visitorsFromRank(10_000)).toBeLessThan(6e6);
    expect(rankFromVisitors(visitorsFromRank(5_000)!)).toBeCloseTo(5_000, -1);
    expect(mediaScoreFromVisitors(visitorsFromRank(10_000))).toBe(6);
    expect(mediaScoreFromVisitors(null)).toBe(0.1);
    expect(mediaScoreFromVisitors(0)).toBe(0.1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.integer({ min: 1, max: 1e8 }), (a, b) => {
        const [better, worse] = a < b ? [a, b] : [b, a];
        expect(visitorsFromRank(better)!).toBeGreaterThanOrEqual(visitorsFromRank(worse)!);
      }),
    );
  });

  it('estimates an article’s views as a capped share of its outlet’s visitors', () => {
    expect(estimatedViews(null)).toBeNull();
    expect(estimatedViews(82_000_000)).toBe(82_000);
    expect(estimatedViews(180_000)).toBe(180);
    expect(estimatedViews(5e10)).toBe(1_000_000);
    expect(estimatedViews(0)).toBe(0);
  });
});

describe('clampScore', () => {
  it('clamps anything to the score range', () => {
    expect(clampScore(-3)).toBe(0.1);
    expect(clampScore(11)).toBe(10);
    expect(clampScore(Number.NaN)).toBe(0.1);
    expect(clampScore(4.44)).toBe(4.4);
  });
});

describe('bands', () => {
  it('uses the spec colour bands 0-1, 1-3, 3-6, 6-9, 9+', () => {
    expect([0.1, 0.99, 1, 2.9, 3, 5.9, 6, 8.9, 9, 10].map((s) => scoreBand(s).label)).toEqual([
      '0-1',
      '0-1',
      '1-3',
      '1-3',
      '3-6',
      '3-6',
      '6-9',
      '6-9',
      '9+',
      '9+',
    ]);
    expect(new Set([0.5, 2, 4, 7, 9.5].map((s) => scoreBand(s).color)).size).toBe(5);
  });

  it('uses the spec visitor bands', () => {
    expect(visitorsBand(null)).toBeNull();
    expect([0, 499_999, 500_000, 999_999, 1_000_000, 5_000_000, 9_000_000, 10_000_000, 2e9].map((m) => visitorsBand(m)!.label)).toEqual([
      'Under 500K',
      'Under 500K',
      '500K – 1M',
      '500K – 1M',
      '1M – 5M',
      '5M – 9M',
      '9M – 10M',
      'Above 10M',
      'Above 10M',
    ]);
  });

  it('formats visitor counts compactly', () => {
    expect(formatVisitors(null)).toBe('—');
    expect(formatVisitors(950)).toBe('950');
    expect(formatVisitors(5_300)).toBe('5.3K');
    expect(formatVisitors(1_234_567)).toBe('1.2M');
    expect(formatVisitors(250_000_000)).toBe('250M');
  });
});
