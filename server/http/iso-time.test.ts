import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromMs } from './iso-time.js';

describe('isoFromMs', () => {
  it('writes what Date#toISOString writes, for any millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_198_755_200_000, max: 253_433_923_200_000 }), (ms) => {
        expect(isoFromMs(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('handles the edges of days, leap years, the epoch and four-digit years', () => {
    for (const iso of [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00.001Z',
      '1900-03-01T00:00:00.000Z',
      '2024-12-31T23:59:59.999Z',
      '0000-01-01T00:00:00.000Z',
      '0999-06-15T01:02:03.004Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(isoFromMs(Date.parse(iso))).toBe(iso);
    }
    expect(isoFromMs(Date.parse('+010000-01-01T00:00:00.000Z'))).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoFromMs(Date.parse('-000001-01-01T00:00:00.000Z'))).toBe('-000001-01-01T00:00:00.000Z');
  });
});
