import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampScore, formatVisitors, mediaScoreFromTraffic, scoreBand, visitorsBand } from './media-score.js';

describe('mediaScoreFromTraffic', () => {
  it('maps monthly visitors on the documented log scale', () => {
    expect(mediaScoreFromTraffic({ muv: 1_000 })).toBe(0.1);
    expect(mediaScoreFromTraffic({ muv: 10 })).toBe(0.1);
    expect(mediaScoreFromTraffic({ muv: 1_000_000 })).toBe(5);
    expect(mediaScoreFromTraffic({ muv: 1_000_000_000 })).toBe(10);
    expect(mediaScoreFromTraffic({ muv: 50_000_000_000 })).toBe(10);
    expect(mediaScoreFromTraffic({ muv: 10_000_000 })).toBe(6.7);
  });

  it('prefers visitors over rank and falls back to rank, then to 0.1', () => {
    expect(mediaScoreFromTraffic({ muv: 1_000_000, rank: 1 })).toBe(5);
    expect(mediaScoreFromTraffic({ rank: 1 })).toBe(10);
    expect(mediaScoreFromTraffic({ rank: 1000 })).toBe(5.7);
    expect(mediaScoreFromTraffic({ rank: 10_000_000 })).toBe(0.1);
    expect(mediaScoreFromTraffic({ muv: null, rank: null })).toBe(0.1);
    expect(mediaScoreFromTraffic({ muv: 0 })).toBe(0.1);
  });

  it('always stays within 0.1–10 with one decimal and grows with traffic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 1e12 }), (a, b) => {
        const s = mediaScoreFromTraffic({ muv: a });
        expect(s).toBeGreaterThanOrEqual(0.1);
        expect(s).toBeLessThanOrEqual(10);
        expect(Math.round(s * 10) / 10).toBe(s);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        expect(mediaScoreFromTraffic({ muv: lo })).toBeLessThanOrEqual(mediaScoreFromTraffic({ muv: hi }));
      }),
    );
  });

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
      '0-1', '0-1', '1-3', '1-3', '3-6', '3-6', '6-9', '6-9', '9+', '9+',
    ]);
    expect(new Set([0.5, 2, 4, 7, 9.5].map((s) => scoreBand(s).color)).size).toBe(5);
  });

  it('uses the spec visitor bands', () => {
    expect(visitorsBand(null)).toBeNull();
    expect([0, 499_999, 500_000, 999_999, 1_000_000, 5_000_000, 9_000_000, 10_000_000, 2e9].map((m) => visitorsBand(m)!.label)).toEqual([
      'Under 500K', 'Under 500K', '500K – 1M', '500K – 1M', '1M – 5M', '5M – 9M', '9M – 10M', 'Above 10M', 'Above 10M',
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
