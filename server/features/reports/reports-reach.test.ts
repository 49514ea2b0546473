import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reachBasis } from '../../../common/schemas/reports.js';
import { websites } from '../../db/schema/coverage.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { settleScreenshotJobs } from '../screenshots/service.js';
import { reportBody, reportWorkspace } from './test-fixtures.js';

/**
 * A report's potential reach and estimated views (issue 26): the sums, the articles without a
 * visitor figure and where the others' visitors come from, on the wizard's preview, the report
 * and its public page; hidden (0) for a plan without the UMV add-on.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await settleScreenshotJobs();
  await ctx?.close();
});

async function outlet(muv: number | null, source: 'similarweb' | 'estimate' | 'manual' | null) {
  const w = await makeWebsite(ctx, { muv });
  await ctx.deps.db.update(websites).set({ muvSource: source }).where(eq(websites.id, w.id));
  return w;
}

/** Five articles in March: SimilarWeb ×2, a Tranco estimate, typed visitors, one outlet unknown; one in April (outside). */
async function coverage(plan: 'pro' | 'starter') {
  const ws = await reportWorkspace(ctx, { plan });
  const [sw, est, typed, unknown] = [
    await outlet(40_000_000, 'similarweb'),
    await outlet(2_500_000, 'estimate'),
    await outlet(800_000, 'manual'),
    await outlet(null, null),
  ];
  const R = ws.tags.reviews.id;
  await ws.save({ tagId: R, date: '2024-03-02T10:00:00Z', websiteId: sw.id, muv: 40_000_000, estimatedViews: 40_000 });
  await ws.save({ tagId: R, date: '2024-03-03T10:00:00Z', websiteId: sw.id, muv: 40_000_000, estimatedViews: 40_000 });
  await ws.save({ tagId: R, date: '2024-03-04T10:00:00Z', websiteId: est.id, muv: 2_500_000, estimatedViews: 2_500 });
  // Saved before views were stored: the report derives them from the visitors.
  await ws.save({ tagId: R, date: '2024-03-05T10:00:00Z', websiteId: typed.id, muv: 800_000, estimatedViews: null });
  await ws.save({ tagId: R, date: '2024-03-06T10:00:00Z', websiteId: unknown.id, muv: null });
  await ws.save({ tagId: R, date: '2024-04-01T10:00:00Z', websiteId: sw.id, muv: 40_000_000, estimatedViews: 40_000 });
  return ws;
}

const EXPECTED = {
  articles: 5,
  umv: 83_300_000,
  estimated_views: 83_300,
  unknown_visitors: 1,
  visitor_sources: { similarweb: 2, estimate: 1, manual: 1 },
};

describe('potential reach and estimated views of a report', () => {
  it('adds them up with their basis on the preview, the report and its public page', async () => {
    const ws = await coverage('pro');
    const preview = await ctx.call('POST', '/api/reports/preview', {
      token: ws.token,
      body: { project_id: ws.project.id, date_range: ['2024-03-01', '2024-03-31'] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.totals).toMatchObject(EXPECTED);
    // The trend chart's buckets carry their estimated views: they add up to the total.
    const trend: { estimated_views: number }[] = preview.json().data.stats.trend;
    expect(trend.reduce((n, t) => n + t.estimated_views, 0)).toBe(83_300);

    const created = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, {}) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    for (const [url, token] of [
      [`/api/reports/${id}`, ws.token],
      [`/api/p/reports/${id}`, undefined],
    ] as const) {
      const attrs = (await ctx.call('GET', url, { token })).json().data.attributes;
      expect(attrs.totals, url).toMatchObject(EXPECTED);
      // Next to the sum of scores, which stays as it was.
      expect(attrs, url).toMatchObject({ 'total-estimated-views': 83_300, 'total-reach': 5 });
    }

    const basis = reachBasis(preview.json().data.totals);
    expect(basis.estimatedViews).toBe(
      "0.1% of the outlet's monthly visitors per article, at most 1M each. Visitors from SimilarWeb (2 articles), estimated from the Tranco rank (1 article) and entered by hand (1 article). 1 of 5 articles has no visitor figure and counts 0.",
    );
    expect(basis.potentialReach.startsWith("Monthly visitors of each article's outlet, added up. Visitors from SimilarWeb (2 articles)")).toBe(true);
  });

  it('names a single source without counts', () => {
    const t = { articles: 3, unknown_visitors: 0, visitor_sources: { similarweb: 0, estimate: 3, manual: 0 } };
    expect(reachBasis(t).potentialReach).toBe("Monthly visitors of each article's outlet, added up. Visitors estimated from the Tranco rank.");
  });

  it('leaves both out (0), like the visitors, for a plan without the UMV add-on', async () => {
    const ws = await coverage('starter');
    const created = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, {}) });
    expect(created.statusCode, created.body).toBe(201);
    const attrs = (await ctx.call('GET', `/api/p/reports/${created.json().data.id}`)).json().data.attributes;
    expect(attrs.totals).toMatchObject({
      articles: 5,
      umv: 0,
      estimated_views: 0,
      unknown_visitors: 0,
      visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
    });
    expect(attrs['total-estimated-views']).toBe(0);
    expect(attrs.stats.trend.every((t: { estimated_views: number }) => t.estimated_views === 0)).toBe(true);
  });
});
