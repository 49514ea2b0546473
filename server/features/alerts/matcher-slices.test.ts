import { describe, expect, it } from 'vitest';
import { indexTokens } from '../../../common/query/match.js';
import { tokenize } from '../../../common/query/tokenize.js';
import { TimeSlicer } from '../../net/time-slice.js';
import { AlertIndex, matchArticles, type AlertRow } from './matcher.js';

const WORDS = ['heron', 'egret', 'stork', 'crane', 'ibis', 'bittern', 'spoonbill', 'flamingo'];
const alerts: AlertRow[] = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  organizationId: 1 + (i % 2),
  minReach: i % 3,
  keywords: i % 50 === 0 ? '"unbalanced' : i % 4 === 0 ? `${WORDS[i % 8]} ${WORDS[(i >> 3) % 8]}` : `${WORDS[i % 8]} OR ${WORDS[(i * 7) % 8]}*`,
}));
const articles = Array.from({ length: 100 }, (_, i) => ({
  id: i + 1,
  doc: indexTokens(tokenize(`${WORDS[i % 8]} and ${WORDS[(i * 3) % 8]} seen at the lake`)),
  reach: i % 4,
}));

/** A clock that moves 1 ms each time it is read: a slice of 10 ms spans a few steps, deterministically. */
const tickingClock = () => {
  let t = 0;
  return () => t++;
};

/** Runs `work` and tells whether a setImmediate callback scheduled as it started ran before it finished. */
async function yieldedDuring<T>(work: () => Promise<T>): Promise<{ result: T; yielded: boolean }> {
  let yielded = false;
  setImmediate(() => (yielded = true));
  const result = await work();
  return { result, yielded };
}

describe('the alert index and the match loop in time slices', () => {
  it('builds the same index as the constructor, yielding to the event loop on the way', async () => {
    const whole = new AlertIndex(alerts);
    const { result: sliced, yielded } = await yieldedDuring(() => AlertIndex.build(alerts, undefined, new TimeSlicer(10, tickingClock())));
    expect(yielded).toBe(true);
    expect(sliced.size).toBe(whole.size);
    expect(sliced.invalid).toEqual(whole.invalid);
    for (const a of articles) expect(sliced.match(a.doc, a.reach)).toEqual(whole.match(a.doc, a.reach));
  });

  it('reuses the previous index like the constructor does', async () => {
    const previous = new AlertIndex(alerts);
    const changed = alerts.map((a) => (a.id === 2 ? { ...a, keywords: 'flamingo' } : a));
    const sliced = await AlertIndex.build(changed, previous);
    const whole = new AlertIndex(changed, previous);
    for (const a of articles) expect(sliced.match(a.doc, a.reach)).toEqual(whole.match(a.doc, a.reach));
  });

  it('matches every article against the index, yielding to the event loop on the way', async () => {
    const index = new AlertIndex(alerts);
    const expected = articles.flatMap((article) => index.match(article.doc, article.reach).map((alert) => ({ alertId: alert.id, article })));
    expect(expected.length).toBeGreaterThan(0);
    const { result, yielded } = await yieldedDuring(() => matchArticles(index, articles, new TimeSlicer(10, tickingClock())));
    expect(yielded).toBe(true);
    expect(result).toEqual(expected);
  });
});
