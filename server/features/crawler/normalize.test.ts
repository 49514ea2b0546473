import { describe, expect, it } from 'vitest';
import { TimeSlicer } from '../../net/time-slice.js';
import { normalizeItems, type IngestFeed, type IngestItem } from './normalize.js';

const feed: IngestFeed = { id: 1, type: 0, language: null, website: { id: 1, language: 'unknown', reach: 5, muv: null, isMetacritic: false } };
const now = new Date('2026-11-24T08:00:00Z');
const items: IngestItem[] = Array.from({ length: 200 }, (_, i) => ({
  url: `https://news.example.com/a/${i % 150}?utm_source=rss`,
  title: `The harbour reopened after the storm, item ${i}`,
  description: 'Ships returned to the quay on Monday morning and the ferries ran again.',
  published: new Date(now.getTime() - i * 60_000),
}));

/** A clock that moves 1 ms each time it is read: a slice of 10 ms spans a few items, deterministically. */
const tickingClock = () => {
  let t = 0;
  return () => t++;
};

describe('normalizeItems: time slices', () => {
  it('lets the event loop run during a large batch and returns what an uninterrupted run returns', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    const sliced = await normalizeItems(feed, items, now, new Map(), new TimeSlicer(10, tickingClock()));
    expect(ran).toBe(true);
    const whole = await normalizeItems(feed, items, now, new Map(), new TimeSlicer(Infinity));
    expect(sliced).toEqual(whole);
    expect(sliced.articles).toHaveLength(150);
  });
});
