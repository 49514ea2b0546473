import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { createYoutubeFeed } from './service.js';
import { matchesSearch, normaliseKeyword } from './match.js';
import { budgetFloorSeconds } from './poll.js';
import { markQuotaExhausted, msUntilPacificMidnight, pacificDay, quotaToday, reserveQuota, searchesAllowedNow } from './quota.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ YOUTUBE_API_KEY: 'k', YOUTUBE_SEARCH_DAILY_LIMIT: '8', YOUTUBE_DAILY_UNITS: '5' });
});
afterAll(() => ctx.close());

describe('YouTube quota', () => {
  it('counts days in Pacific time, across daylight-saving changes', () => {
    expect(pacificDay(new Date('2026-03-02T07:59:00Z'))).toBe('2026-03-01');
    expect(pacificDay(new Date('2026-03-02T08:00:00Z'))).toBe('2026-03-02');
    expect(msUntilPacificMidnight(new Date('2026-03-02T08:00:00Z'))).toBe(86_400_000);
    // 8 March 2026 has 23 hours in Los Angeles; 1 November 25.
    expect(msUntilPacificMidnight(new Date('2026-03-08T08:00:00Z'))).toBe(23 * 3_600_000);
    expect(msUntilPacificMidnight(new Date('2026-11-01T07:00:00Z'))).toBe(25 * 3_600_000);
    // Minutes and seconds count in full (25 min 30 s past midnight; 23:59:59).
    expect(msUntilPacificMidnight(new Date('2026-03-02T08:25:30Z'))).toBe(86_400_000 - (25 * 60 + 30) * 1000);
    expect(msUntilPacificMidnight(new Date('2026-03-03T07:59:59Z'))).toBe(1000);
  });

  it('reserves atomically: concurrent pollers never spend more than the bucket', async () => {
    const now = new Date('2026-05-05T18:00:00Z');
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveQuota(ctx.deps.db, ctx.config, 'default', 1, now)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect((await quotaToday(ctx.deps.db, ctx.config, now)).default).toMatchObject({ used: 5, limit: 5, exhausted: true });
    // A new Pacific day starts empty.
    expect(await reserveQuota(ctx.deps.db, ctx.config, 'default', 1, new Date('2026-05-06T08:00:00Z'))).toBe(true);
  });

  it('stops a bucket YouTube declared exhausted, whatever our own count says', async () => {
    const now = new Date('2026-05-07T18:00:00Z');
    expect(await reserveQuota(ctx.deps.db, ctx.config, 'search', 1, now)).toBe(true);
    await markQuotaExhausted(ctx.deps.db, 'search', now);
    expect(await reserveQuota(ctx.deps.db, ctx.config, 'search', 1, now)).toBe(false);
    expect(await reserveQuota(ctx.deps.db, ctx.config, 'default', 1, now)).toBe(true);
  });

  it('releases the search budget through the day (never all in the morning)', () => {
    const morning = new Date('2026-05-05T07:00:00Z'); // Pacific midnight (daylight time)
    const noon = new Date('2026-05-05T19:00:00Z');
    const config = { ...ctx.config, youtube: { ...ctx.config.youtube, searchDailyLimit: 100 } };
    expect(searchesAllowedNow(config, 0, morning)).toBe(5);
    expect(searchesAllowedNow(config, 0, noon)).toBe(55);
    expect(searchesAllowedNow(config, 55, noon)).toBe(0);
  });

  it('gives every keyword its fair share of searches when the budget is short', async () => {
    expect(await budgetFloorSeconds(ctx.deps)).toBe(0);
    const { org } = await makeOrg(ctx);
    for (const k of ['alpha game', 'beta game', 'gamma game']) {
      const project = await makeProject(ctx, org.id);
      await ctx.deps.db.transaction((tx) => createYoutubeFeed(tx, org.id, { projectId: project.id, keyword: k }, ctx.config));
    }
    // Three new keywords at 30 min would ask for 144 searches a day out of 8: each gets a third of a day.
    expect(await budgetFloorSeconds(ctx.deps)).toBe(Math.ceil((86_400 * 3) / 8));
  });
});

describe('keywords', () => {
  it('normalises typed names into one shared phrase search', () => {
    expect(normaliseKeyword('Elden Ring')).toBe('"elden ring"');
    expect(normaliseKeyword('  elden   RING ')).toBe('"elden ring"');
    expect(normaliseKeyword('Nightreign, Elden Ring')).toBe('"elden ring"|"nightreign"');
    expect(normaliseKeyword('"Elden|Ring"')).toBe('"elden ring"');
  });

  it('matches channel entries locally, case- and accent-insensitively, as phrases', () => {
    expect(matchesSearch('"pokemon legends"', 'Pokémon  LEGENDS: Z-A review', '')).toBe(true);
    expect(matchesSearch('"pokemon legends"', 'Legends of Pokemon', '')).toBe(false);
    expect(matchesSearch('"a b"|"elden ring"', 'x', 'all about Elden Ring')).toBe(true);
  });
});
