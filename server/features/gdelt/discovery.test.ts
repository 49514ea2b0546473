import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeGdelt, type FakeGdelt, type FakeGdeltArticle } from '../../../test/fakes/gdelt.js';
import { ingestItems } from '../crawler/service.js';
import { runDue, searchQuery, syncAlerts, type GdeltDeps } from './discovery.js';
import { Pacer, type Clock } from '../../net/pacer.js';
import { dueQueries } from './repo.js';

/** Fake time: sleeping moves it on at once. */
class FakeClock implements Clock {
  constructor(public t: number) {}
  now() {
    return this.t;
  }
  async sleep(ms: number) {
    this.t += ms;
  }
}

const START = Math.floor(Date.now() / 60_000) * 60_000;
const INTERVAL = 5000;
const LANGUAGES: [string, string][] = [
  ['English', 'en'],
  ['Spanish', 'es'],
  ['French', 'fr'],
  ['German', 'de'],
  ['Italian', 'it'],
  ['Portuguese', 'pt'],
  ['Japanese', 'ja'],
  ['Korean', 'ko'],
  ['Chinese', 'zh'],
  ['Russian', 'ru'],
  ['Polish', 'pl'],
  ['Turkish', 'tr'],
];

let ctx: TestContext;
let fake: FakeGdelt;
let clock: FakeClock;
let pacer: Pacer;
let operator: Awaited<ReturnType<typeof makeOrg>>;
let orgA: Awaited<ReturnType<typeof makeOrg>>;
let orgB: Awaited<ReturnType<typeof makeOrg>>;

const deps = (): GdeltDeps => ({ db: ctx.deps.db, config: ctx.config, clock, pacer });
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows as T[];
const feedOf = async (alertId: number, token: string) => {
  const res = await ctx.call('GET', `/api/articles_feed/${alertId}?page[size]=100`, { token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; attributes: { url: string; language: string; matched_by: string; reach: number; title: string } }[];
};
const article = (over: Partial<FakeGdeltArticle> & { url: string }, minutesAgo = 60): FakeGdeltArticle => ({
  title: 'Acme Quest launches worldwide',
  seen: new Date(clock.t - minutesAgo * 60_000),
  ...over,
});

beforeAll(async () => {
  clock = new FakeClock(START);
  fake = await startFakeGdelt({ now: () => clock.t });
  ctx = await createTestContext({
    GDELT_ENABLED: 'true',
    GDELT_API_URL: fake.url,
    GDELT_INTERVAL_SECONDS: String(INTERVAL / 1000),
    ALLOW_PRIVATE_NETWORK: 'true',
  });
  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  orgA = await makeOrg(ctx, { name: 'Aurora Interactive' });
  orgB = await makeOrg(ctx, { name: 'Borealis Games' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  pacer = new Pacer(INTERVAL, clock);
});

describe('GDELT discovery', () => {
  let alertA: { id: number };
  let alertB: { id: number };
  let feedCopyUrl: string;

  it('finds articles from outside the pool for a new alert within a minute, in 12 languages, marked as found via GDELT', async () => {
    // A pool outlet whose feed already brought one of the stories into the archive (before any alert).
    const pool = await makeWebsite(ctx, { domain: 'pool-news.example', reach: 6, language: 'en' });
    const feed = await makeFeed(ctx, pool.id);
    feedCopyUrl = 'https://pool-news.example/acme-quest-review';
    await ingestItems(
      ctx.deps.db,
      { id: feed.id, type: 0, language: 'en', website: { id: pool.id, language: 'en', reach: 6, muv: null, isMetacritic: false } },
      [feedItem({ url: feedCopyUrl, title: 'Review: Acme Quest', description: 'The quest is long.', published: new Date(clock.t - 3 * 3600_000) })],
      new Date(clock.t),
    );
    fake.corpus.push(
      ...LANGUAGES.map(([language], i) => article({ url: `https://outlet${i}.example/news/acme-quest-${i}`, language, domain: `outlet${i}.example` }, 30 + i)),
      // The feed's copy, with tracking parameters: the same article.
      article({ url: `${feedCopyUrl}?utm_source=gdelt`, title: 'Review: Acme Quest', domain: 'pool-news.example' }, 200),
      // Acme in the text only (GDELT searched the full text): found for an exact query.
      article({ url: 'https://fulltext.example/story', title: 'Indie roundup of the week', text: 'acme quest is out', domain: 'fulltext.example' }, 100),
      // Not about it.
      article({ url: 'https://other.example/x', title: 'Weather tomorrow' }, 10),
    );
    // Two organizations, the same query written two ways: one distinct GDELT query.
    alertA = await makeAlert(ctx, orgA.org.id, { keywords: '+acme +quest' });
    alertB = await makeAlert(ctx, orgB.org.id, { keywords: 'acme AND quest' });

    const started = clock.t;
    const tick = await runDue(deps());
    expect(tick).toMatchObject({ enabled: true, translated: 2, searched: 1, backoff: false });
    expect(clock.t - started).toBeLessThan(60_000);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].params).toMatchObject({
      query: 'acme quest',
      mode: 'ArtList',
      format: 'json',
      maxrecords: '250',
      sort: 'DateDesc',
      timespan: '4w',
    });

    for (const [alert, token] of [
      [alertA, orgA.token],
      [alertB, orgB.token],
    ] as const) {
      const feedRows = await feedOf(alert.id, token);
      expect(feedRows).toHaveLength(14);
      expect(feedRows.every((r) => r.attributes.matched_by === 'gdelt')).toBe(true);
      expect(new Set(feedRows.map((r) => r.attributes.language))).toEqual(new Set([...LANGUAGES.map(([, code]) => code)]));
      expect(feedRows.map((r) => r.attributes.url)).toContain('https://fulltext.example/story');
    }
    // The feed's copy stays the one archive article.
    const copies = await rows<{ n: number; feed_id: number | null }>(
      sql`select count(*)::int as n, max(feed_id) as feed_id from articles where url like ${'https://pool-news.example/acme-quest-review%'}`,
    );
    expect(copies[0]).toEqual({ n: 1, feed_id: feed.id });
  });

  it('suggests the outlets outside the pool to the operator with their article counts', async () => {
    const res = await ctx.call('GET', '/api/website_suggestions?page[size]=100', { token: operator.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { attributes: { domain: string; source: string; articles: number; organization_id: string } }[];
    const gdelt = list.filter((s) => s.attributes.source === 'gdelt');
    const domains = new Set(gdelt.map((s) => s.attributes.domain));
    expect(domains.has('outlet0.example')).toBe(true);
    expect(domains.has('fulltext.example')).toBe(true);
    expect(domains.has('pool-news.example')).toBe(false);
    // One per organization and domain.
    expect(
      gdelt
        .filter((s) => s.attributes.domain === 'outlet3.example')
        .map((s) => s.attributes.organization_id)
        .sort(),
    ).toEqual([String(orgA.org.id), String(orgB.org.id)].sort());
    expect(gdelt.every((s) => s.attributes.articles === 1)).toBe(true);
  });

  it('scores an outlet outside the pool from the ranking, as a website of that domain would be', async () => {
    const feedRows = await feedOf(alertA.id, orgA.token);
    const pooled = feedRows.find((r) => r.attributes.url.startsWith(feedCopyUrl))!;
    expect(pooled.attributes.reach).toBe(6);
    // No ranking imported: the default score.
    expect(feedRows.find((r) => r.attributes.url.includes('outlet0.example'))!.attributes.reach).toBe(0.1);
  });

  it('searches again every 15 minutes for what is new since the last search, paced one request every 5 seconds', async () => {
    const alertC = await makeAlert(ctx, orgA.org.id, { keywords: '"acme" -recall' });
    const alertD = await makeAlert(ctx, orgB.org.id, { keywords: 'quest OR odyssey' });
    await runDue(deps());
    expect(fake.requests.map((r) => r.params.query).sort()).toEqual(['(odyssey OR quest)', 'acme -recall']);
    expect(fake.requests[1].at - fake.requests[0].at).toBeGreaterThanOrEqual(INTERVAL);
    fake.reset();
    // Nothing is due within 15 minutes.
    clock.t += 5 * 60_000;
    expect((await runDue(deps())).searched).toBe(0);
    clock.t += 11 * 60_000;
    fake.corpus.push(article({ url: 'https://late.example/acme-quest-dlc', title: 'Acme Quest DLC announced', domain: 'late.example' }, 2));
    const tick = await runDue(deps());
    expect(tick.searched).toBe(3);
    expect(fake.requests.every((r) => r.params.startdatetime && !r.params.timespan)).toBe(true);
    const gaps = fake.requests.slice(1).map((r, i) => r.at - fake.requests[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL);
    const urls = (await feedOf(alertA.id, orgA.token)).map((r) => r.attributes.url);
    expect(urls).toContain('https://late.example/acme-quest-dlc');
    expect((await feedOf(alertC.id, orgA.token)).length).toBeGreaterThan(0);
    expect((await feedOf(alertD.id, orgB.token)).length).toBeGreaterThan(0);
  });

  it('backs off when GDELT refuses (429), visibly, and asks nothing during the back-off', async () => {
    await makeAlert(ctx, orgA.org.id, { keywords: 'starfall' });
    await makeAlert(ctx, orgA.org.id, { keywords: 'moonrise' });
    fake.rateLimit = { max: 1, windowMs: 60_000 };
    const tick = await runDue(deps());
    expect(tick.backoff).toBe(true);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 429]);
    const state = (await ctx.call('GET', '/api/operator/gdelt', { token: operator.token })).json().data.attributes;
    expect(state.backoff_until).not.toBeNull();
    expect(state.last_refusal).toMatch(/429/);
    expect(state.refusals_last_hour).toBe(1);
    fake.reset();
    clock.t += 30_000;
    expect(await runDue(deps())).toMatchObject({ searched: 0, backoff: true });
    expect(fake.requests).toHaveLength(0);
    // Once it ends, the refused query is searched first; an answer ends the back-off.
    clock.t += 60_000;
    expect((await runDue(deps())).searched).toBeGreaterThan(0);
    expect(fake.requests[0].params.query).toBe('moonrise');
    const after = (await ctx.call('GET', '/api/operator/gdelt', { token: operator.token })).json().data.attributes;
    expect(after.backoff_until).toBeNull();
    expect(after.last_refusal).toMatch(/429/);
  });

  it('treats the "limit requests" text as a refusal too', async () => {
    const q = await syncAndFind('"gamma ray"');
    fake.failNext('rate_text');
    expect((await searchQuery(deps(), q)).outcome).toBe('rate_limited');
    clock.t += 3_600_000;
  });

  it('marks a query GDELT refuses invalid, with its message, and does not send it again', async () => {
    const q = await syncAndFind('nebulon');
    fake.failNext('invalid');
    const r = await searchQuery(deps(), q);
    expect(r).toMatchObject({ outcome: 'invalid_query', error: expect.stringContaining('unsupported operator') });
    const [row] = await rows<{ state: string; last_error: string }>(sql`select state, last_error from gdelt_queries where id = ${q.id}`);
    expect(row.state).toBe('invalid');
    expect(row.last_error).toContain('GDELT refused the query');
    expect((await dueQueries(ctx.deps.db, new Date(clock.t + 86_400_000), 0, 100)).map((d) => d.id)).not.toContain(q.id);
  });

  it('keeps a malformed answer as the query’s error, and an empty answer ({}) as no articles', async () => {
    const q = await syncAndFind('zyxwvut');
    fake.failNext('malformed');
    expect(await searchQuery(deps(), q)).toMatchObject({ outcome: 'malformed', results: 0 });
    const [row] = await rows<{ state: string }>(sql`select state from gdelt_queries where id = ${q.id}`);
    expect(row.state).toBe('error');
    expect(await searchQuery(deps(), q)).toMatchObject({ outcome: 'empty', results: 0, error: null });
  });

  it('follows a redirecting host to the API', async () => {
    const q = await syncAndFind('"acme quest"');
    const config = { ...ctx.config, gdelt: { ...ctx.config.gdelt, apiUrl: fake.redirectUrl } };
    const r = await searchQuery({ ...deps(), config }, q);
    expect(r).toMatchObject({ outcome: 'ok', error: null });
    expect(r.results).toBeGreaterThan(10);
    expect(fake.redirects).toBe(1);
  });

  it('does not search an alert GDELT cannot express, and says why', async () => {
    const a = await makeAlert(ctx, orgA.org.id, { keywords: 'acm*' });
    await syncAlerts(deps());
    const [row] = await rows<{ query_id: number | null; reason: string }>(sql`select query_id, reason from gdelt_alerts where alert_id = ${a.id}`);
    expect(row).toEqual({ query_id: null, reason: 'GDELT cannot search word beginnings (word*)' });
  });

  it('does nothing while switched off; the operator switches it (others get 404)', async () => {
    expect((await ctx.call('GET', '/api/operator/gdelt', { token: orgA.token })).statusCode).toBe(404);
    const off = await ctx.call('PATCH', '/api/operator/gdelt', { token: operator.token, body: { data: { type: 'gdelt', attributes: { enabled: false } } } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.attributes).toMatchObject({ enabled: false, interval_seconds: 5, refresh_minutes: 15 });
    expect(await runDue(deps())).toMatchObject({ enabled: false, searched: 0 });
    const bad = await ctx.call('PATCH', '/api/operator/gdelt', { token: operator.token, body: { data: { type: 'gdelt', attributes: { enabled: 'yes' } } } });
    expect(bad.statusCode).toBe(422);
    expect(
      (await ctx.call('PATCH', '/api/operator/gdelt', { token: orgA.token, body: { data: { type: 'gdelt', attributes: { enabled: true } } } })).statusCode,
    ).toBe(404);
  });
});

async function syncAndFind(keywords: string) {
  await makeAlert(ctx, orgA.org.id, { keywords });
  await syncAlerts(deps());
  const parsed = (await rows<{ id: number }>(sql`select q.id from gdelt_queries q order by q.id desc limit 1`))[0];
  const due = await dueQueries(ctx.deps.db, new Date(clock.t), 0, 1000);
  return due.find((d) => d.id === Number(parsed.id))!;
}
