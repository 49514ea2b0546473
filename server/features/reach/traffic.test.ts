import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import type { Config } from '../../config.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { startFakeSimilarweb, type FakeSimilarweb } from '../../../test/fakes/similarweb.js';
import { monthOf } from './similarweb.js';
import { hitsSpent, refreshTraffic, refreshWebsiteTraffic } from './traffic.js';

let ctx: TestContext;
let fake: FakeSimilarweb;
let operator: string;
const log = pino({ level: 'silent' });
const deps = (similarweb: Partial<Config['similarweb']> = {}) => ({
  db: ctx.deps.db,
  log,
  config: { ...ctx.config, similarweb: { ...ctx.config.similarweb, ...similarweb } },
});
const site = (daily = 1000) => ({
  daily,
  countries: [
    { country: 840, share: 0.6, visits: 18_000 },
    { country: 826, share: 0.4 },
    { country: 0, share: 0.01 },
  ],
  category: 'News_and_Media/Newspapers',
  categoryRank: 12,
});
type Row = {
  muv: number | null;
  muv_source: string | null;
  geography: unknown;
  categories: unknown;
  traffic_state: string | null;
  traffic_error: string | null;
  traffic_checked_at: string | null;
};
const website = async (id: number) =>
  (
    await ctx.deps.db.execute<Row>(sql`
    select muv::float8 as muv, muv_source, geography, categories, traffic_state, traffic_error, traffic_checked_at from websites where id = ${id}`)
  ).rows[0];
const withMuv = async (domain: string, muv: number | null, source: string | null) => {
  const w = await makeWebsite(ctx, { domain, muv });
  await ctx.deps.db.execute(sql`update websites set muv_source = ${source} where id = ${w.id}`);
  return w;
};
/** Every website from earlier tests is checked now: only the test's own are due. */
const settle = () => ctx.deps.db.execute(sql`update websites set traffic_checked_at = now(), traffic_state = coalesce(traffic_state, 'ok')`);
const backdate = (id: number, interval: string) =>
  ctx.deps.db.execute(sql`update websites set traffic_checked_at = now() - ${interval}::interval where id = ${id}`);

beforeAll(async () => {
  fake = await startFakeSimilarweb({ sites: { 'daily.example': site(), 'manual.example': site(2000), 'zero.example': site(0) } });
  ctx = await createTestContext(fake.env);
  operator = (await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] })).token;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.reset();
  fake.hitsLeft = null;
  await settle();
});

describe('without a key', () => {
  it('calls nothing and records nothing', async () => {
    const w = await makeWebsite(ctx, { domain: 'daily-nokey.example' });
    expect(await refreshTraffic(deps({ apiKey: undefined }))).toMatchObject({ skipped: 'not_configured', checked: 0 });
    expect(await refreshWebsiteTraffic(deps({ apiKey: undefined }), w.id)).toEqual({ skipped: 'not_configured' });
    expect(fake.calls()).toBe(0);
    expect((await website(w.id)).traffic_state).toBeNull();
  });
});

describe('with SimilarWeb', () => {
  it('gives a website its real visits, the map and the category; a second run spends no hits', async () => {
    const w = await withMuv('daily.example', 1234, 'estimate');
    const article = await makeArchiveArticle(ctx, { websiteId: w.id, muv: 1234, reach: 1 });
    const result = await refreshTraffic(deps());
    expect(result).toMatchObject({ checked: 1, fromCache: 0, requests: 3, states: { ok: 1 }, stopped: null });
    expect(await website(w.id)).toMatchObject({
      muv: 30_000,
      muv_source: 'similarweb',
      traffic_state: 'ok',
      traffic_error: null,
      geography: [
        { country_code_iso: 'US', visits: 18_000 },
        { country_code_iso: 'GB', visits: 12_000 },
      ],
      categories: [{ category: 'News and Media › Newspapers', month: monthOf(new Date(), -1), score: 1 }],
    });
    expect((await website(w.id)).traffic_checked_at).not.toBeNull();
    // Its archive articles take the measured visitors, and their estimated views follow, in the same commit.
    const [stored] = (
      await ctx.deps.db.execute<{ muv: number; estimated_views: number }>(
        sql`select muv::float8 as muv, estimated_views from articles where id = ${article.id}`,
      )
    ).rows;
    expect(stored).toEqual({ muv: 30_000, estimated_views: 30 });
    const cache = await ctx.deps.db.execute(
      sql`select state, visits::float8 as visits, category, category_rank from traffic_cache where domain = 'daily.example'`,
    );
    expect(cache.rows).toEqual([{ state: 'ok', visits: 30_000, category: 'News_and_Media/Newspapers', category_rank: 12 }]);
    expect(await hitsSpent(ctx.deps.db, monthOf(new Date()))).toBe(3);

    // Checked before this month began: due again, answered from this month's cache.
    await ctx.deps.db.execute(sql`update websites set traffic_checked_at = date_trunc('month', now()) - interval '1 day' where id = ${w.id}`);
    fake.reset();
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 1, fromCache: 1, requests: 0 });
    expect(await refreshWebsiteTraffic(deps(), w.id)).toEqual({ state: 'ok', fromCache: true });
    expect(fake.calls()).toBe(0);
    expect(await website(w.id)).toMatchObject({ muv: 30_000, muv_source: 'similarweb' });
    // Nothing due: the hourly run does nothing.
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 0, requests: 0 });
  });

  it('keeps visitors a person typed, and takes the map and category', async () => {
    const w = await withMuv('manual.example', 777, 'manual');
    expect(await refreshWebsiteTraffic(deps(), w.id)).toEqual({ state: 'ok', fromCache: false });
    expect(await website(w.id)).toMatchObject({
      muv: 777,
      muv_source: 'manual',
      traffic_state: 'ok',
      geography: [
        { country_code_iso: 'US', visits: 18_000 },
        { country_code_iso: 'GB', visits: 24_000 },
      ].sort((a, b) => b.visits - a.visits),
      categories: [expect.objectContaining({ category: 'News and Media › Newspapers', score: 1 })],
    });
  });

  it('stores no zero: an unknown site and a series of zeros are no_data, the figures stay', async () => {
    const unknown = await withMuv('unknown.example', null, null);
    const zero = await withMuv('zero.example', 4321, 'estimate');
    const result = await refreshTraffic(deps());
    expect(result).toMatchObject({ checked: 2, states: { no_data: 2 }, stopped: null });
    expect(await website(unknown.id)).toMatchObject({ muv: null, muv_source: null, geography: [], categories: [], traffic_state: 'no_data' });
    expect(await website(zero.id)).toMatchObject({ muv: 4321, muv_source: 'estimate', geography: [], traffic_state: 'no_data' });
    expect((await website(zero.id)).traffic_error).toMatch(/no visits/);
    expect(fake.calls('geo')).toBe(0);
  });

  it('an invalid key shows on the website, leaves its visitors alone and stops the run', async () => {
    const first = await withMuv('keyed-a.example', 5000, 'estimate');
    const second = await withMuv('keyed-b.example', null, null);
    fake.setSite('keyed-a.example', site());
    const result = await refreshTraffic(deps({ apiKey: 'not-the-key' }));
    expect(result).toMatchObject({ checked: 1, requests: 1, stopped: 'invalid_key', states: { invalid_key: 1 } });
    expect(await website(first.id)).toMatchObject({
      muv: 5000,
      muv_source: 'estimate',
      traffic_state: 'invalid_key',
      traffic_error: expect.stringMatching(/API key/),
    });
    expect((await website(second.id)).traffic_state).toBeNull();
    const res = await ctx.call('GET', '/api/websites/keyed-a.example', { token: operator });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ traffic_state: 'invalid_key', muv: 5000, muv_source: 'estimate' });

    // Not retried within 6 hours; after that, with the right key, it is.
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 1 }); // the second website only
    await backdate(first.id, '7 hours');
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 1, states: { ok: 1 } });
    expect(await website(first.id)).toMatchObject({ muv: 30_000, muv_source: 'similarweb', traffic_state: 'ok', traffic_error: null });
  });

  it('the key running out of hits stops the run; the retry asks only what is missing', async () => {
    for (const d of ['hits-a.example', 'hits-b.example', 'hits-c.example']) fake.setSite(d, site());
    const a = await withMuv('hits-a.example', null, null);
    const b = await withMuv('hits-b.example', 600, 'estimate');
    const c = await withMuv('hits-c.example', null, null);
    fake.hitsLeft = 4; // a: 3 hits; b: visits, then out of hits
    const result = await refreshTraffic(deps());
    expect(result).toMatchObject({ checked: 2, stopped: 'quota', states: { ok: 1, quota: 1 } });
    expect(await website(a.id)).toMatchObject({ traffic_state: 'ok', muv: 30_000 });
    expect(await website(b.id)).toMatchObject({ traffic_state: 'quota', muv: 600, muv_source: 'estimate', traffic_error: expect.stringMatching(/hits/) });
    expect((await website(c.id)).traffic_state).toBeNull();

    fake.hitsLeft = null;
    fake.reset();
    await backdate(b.id, '7 hours');
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 2, states: { ok: 2 }, stopped: null });
    expect(fake.requests.filter((r) => r.domain === 'hits-b.example').map((r) => r.endpoint)).toEqual(['geo', 'category']);
    expect(await website(b.id)).toMatchObject({ traffic_state: 'ok', muv: 30_000, muv_source: 'similarweb' });
  });

  it('stops before passing our monthly allowance of hits, leaving the websites due', async () => {
    fake.setSite('budget.example', site());
    const w = await withMuv('budget.example', null, null);
    const spent = await hitsSpent(ctx.deps.db, monthOf(new Date()));
    expect(await refreshTraffic(deps({ monthlyHits: spent + 2 }))).toMatchObject({ checked: 0, stopped: 'monthly_hits' });
    expect(await refreshWebsiteTraffic(deps({ monthlyHits: spent + 2 }), w.id)).toEqual({ skipped: 'monthly_hits' });
    expect(fake.calls()).toBe(0);
    expect((await website(w.id)).traffic_state).toBeNull();
    expect(await refreshTraffic(deps({ monthlyHits: spent + 3 }))).toMatchObject({ checked: 1, states: { ok: 1 } });
  });

  it('an outage is an error, retried after 6 hours', async () => {
    fake.setSite('outage.example', site());
    const w = await withMuv('outage.example', 900, 'estimate');
    fake.fault = 'server_error';
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 1, states: { error: 1 }, stopped: null });
    expect(await website(w.id)).toMatchObject({ muv: 900, muv_source: 'estimate', traffic_state: 'error', traffic_error: expect.stringMatching(/HTTP 500/) });
    fake.fault = null;
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 0 });
    await backdate(w.id, '7 hours');
    expect(await refreshTraffic(deps())).toMatchObject({ checked: 1, states: { ok: 1 } });
  });
});
