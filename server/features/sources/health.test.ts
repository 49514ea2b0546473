import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import type { FeedHealth } from '../../../common/schemas/sources.js';
import { FEED_TYPES } from '../../../common/schemas/websites.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeFeed, makeWebsite, makeAlert } from '../../../test/helpers/coverage-factories.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { startOutletsWeb, type OutletsWeb } from '../../../test/fakes/outlets-web.js';
import { feeds } from '../../db/schema/coverage.js';
import { pollFeed } from '../crawler/service.js';
import { HEAL_AFTER_ERRORS, healFeeds } from './heal.js';

let ctx: TestContext;
let web: OutletsWeb;
let operator: Awaited<ReturnType<typeof makeOrg>>;
const METRICS_TOKEN = 'sources-health-metrics-token';

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', METRICS_TOKEN });
  web = await startOutletsWeb();
  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
}, 30_000);
afterAll(async () => {
  await web?.close();
  await ctx?.close();
});

const feedRow = async (id: number) => (await ctx.deps.db.select().from(feeds).where(eq(feeds.id, id)))[0];

/** A website and a feed at `url`, as the operator would add them. */
async function watch(url: string, type: number = FEED_TYPES.feed) {
  const site = await makeWebsite(ctx);
  return makeFeed(ctx, site.id, { url, type });
}

/** A port where nothing listens: connections are refused. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/feed.xml`;
}

describe('source health', () => {
  it('ends each kind of failure in its own health class, said in a sentence, counted in /metrics', { timeout: 60_000 }, async () => {
    web.outlet('slow').setDelay(2_000);
    const cases: [string, string, FeedHealth, RegExp, { timeoutMs?: number }?][] = [
      ['linked', `${web.outlet('linked').origin}/feeds/main.xml`, 'ok', /^$/],
      ['blocked', `${web.outlet('blocked').origin}/feed/`, 'blocked', /Cloudflare challenge/],
      ['notfound', `${web.outlet('notfound').origin}/rss.xml`, 'not_found', /404 Not Found/],
      ['malformed (a web page)', `${web.outlet('malformed').origin}/rss.xml`, 'not_a_feed', /HTML page/],
      ['slow', `${web.outlet('slow').origin}/feed.xml`, 'timeout', /did not answer within/, { timeoutMs: 300 }],
      ['huge', `${web.outlet('huge').origin}/feed/`, 'too_large', /too large/],
      ['gzip bomb', `${web.outlet('gzipbomb').origin}/feed.xml`, 'too_large', /too large/],
      ['rate limited', `${web.outlet('ratelimited').origin}/feed.xml`, 'rate_limited', /429 Too Many Requests; it asked us to wait 2 minutes/],
      ['redirect loop', `${web.outlet('loop').origin}/feed.xml`, 'unreachable', /redirects in a loop/],
      ['refused', await closedPort(), 'unreachable', /refused/],
      ['stale', `${web.outlet('stale').origin}/feed.xml`, 'stale', /newest article is from/],
    ];
    const ids = new Map<string, number>();
    for (const [name, url, , , opts] of cases) {
      const feed = await watch(url);
      ids.set(name, feed.id);
      await pollFeed(ctx.deps, feed.id, opts ?? {});
    }
    for (const [name, , health, detail] of cases) {
      const row = await feedRow(ids.get(name)!);
      expect({ name, health: row.health }).toEqual({ name, health });
      expect(row.healthDetail ?? '', name).toMatch(detail);
      expect(row.healthSince, name).not.toBeNull();
    }

    // The website page says it; the Websites list filters by it.
    const blocked = await feedRow(ids.get('blocked')!);
    const page = await ctx.call('GET', `/api/websites/${blocked.websiteId}`, { token: operator.token });
    const included = page.json().included.find((r: { type: string; id: string }) => r.type === 'feed' && r.id === String(blocked.id));
    expect(included.attributes).toMatchObject({ health: 'blocked', health_detail: expect.stringContaining('blocks automated readers') });
    expect(page.json().data.attributes.health).toBe('blocked');
    const list = await ctx.call('GET', '/api/websites?filter[health]=blocked', { token: operator.token });
    expect(list.json().data.map((w: { id: string }) => Number(w.id))).toEqual([blocked.websiteId]);

    const metrics = (await ctx.call('GET', '/metrics', { token: METRICS_TOKEN })).body;
    expect(metrics).toMatch(/coverwatch_feeds_health\{health="blocked"\} 1\b/);
    expect(metrics).toMatch(/coverwatch_feeds_health\{health="too_large"\} 2\b/);
    expect(metrics).toMatch(/coverwatch_feeds_health\{health="unreachable"\} 2\b/);
    const status = await ctx.call('GET', '/api/operator/crawler_status', { token: operator.token });
    expect(status.json().data.attributes.health).toMatchObject({ ok: 1, blocked: 1, not_found: 1, not_a_feed: 1, timeout: 1, rate_limited: 1, stale: 1 });
  });

  it('follows a permanent redirect: the feed takes the new address and the website page says so', async () => {
    const outlet = (await web.addOutlets(1, 'moved'))[0];
    const feed = await watch(`${outlet.origin}/rss.xml`);
    expect(await pollFeed(ctx.deps, feed.id)).toMatchObject({ status: 'ok', added: 5 });
    outlet.moveFeed();
    expect(await pollFeed(ctx.deps, feed.id)).toMatchObject({ status: 'ok' });
    expect((await feedRow(feed.id)).feed).toBe(`${outlet.origin}/new/feed.xml`);
    const page = await ctx.call('GET', `/api/websites/${feed.websiteId}`, { token: operator.token });
    const move = page.json().included.find((r: { type: string }) => r.type === 'feed_move');
    expect(move.attributes).toMatchObject({
      feed_id: String(feed.id),
      from: `${outlet.origin}/rss.xml`,
      to: `${outlet.origin}/new/feed.xml`,
      reason: 'redirect',
    });
  });

  it('heals a feed that moved without a redirect: found again on the homepage after repeated 404s', async () => {
    const outlet = (await web.addOutlets(1, 'moved'))[0];
    const feed = await watch(`${outlet.origin}/rss.xml`);
    await pollFeed(ctx.deps, feed.id);
    outlet.breakOldAddress();
    for (let i = 0; i < HEAL_AFTER_ERRORS; i++) await pollFeed(ctx.deps, feed.id);
    expect(await feedRow(feed.id)).toMatchObject({ health: 'not_found', errorCount: HEAL_AFTER_ERRORS });

    const healed = await healFeeds(ctx.deps);
    expect(healed.moved).toBeGreaterThanOrEqual(1);
    expect(await feedRow(feed.id)).toMatchObject({ feed: `${outlet.origin}/new/feed.xml`, health: 'pending', errorCount: 0 });
    const [move] = (await ctx.deps.db.execute(sql`select reason, from_url, to_url from feed_moves where feed_id = ${feed.id}`)).rows;
    expect(move).toEqual({ reason: 'rediscovered', from_url: `${outlet.origin}/rss.xml`, to_url: `${outlet.origin}/new/feed.xml` });
    expect(await pollFeed(ctx.deps, feed.id)).toMatchObject({ status: 'ok' });
    expect((await feedRow(feed.id)).health).toBe('ok');
    // Looked for once a day: a second run leaves it alone.
    expect((await healFeeds(ctx.deps)).checked).toBe(0);
  });

  it('repairs an OPML entry that is a web page, not a feed: the feed its page announces takes its place', async () => {
    const outlet = (await web.addOutlets(1, 'linked'))[0];
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Press</title></head><body>
      <outline text="${outlet.name}" type="rss" xmlUrl="${outlet.origin}/" htmlUrl="${outlet.origin}/"/></body></opml>`;
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/feeds/opml',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'text/x-opml' },
      payload: opml,
    });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const [{ id }] = (await ctx.deps.db.execute(sql`select id from feeds where feed = ${`${outlet.origin}/`}`)).rows as { id: number }[];
    expect(await pollFeed(ctx.deps, id)).toMatchObject({ status: 'error' });
    expect((await feedRow(id)).health).toBe('not_a_feed');
    // No need to wait for three failures: it never was a feed.
    expect((await healFeeds(ctx.deps)).moved).toBe(1);
    expect((await feedRow(id)).feed).toBe(`${outlet.origin}/feeds/main.xml`);
    expect(await pollFeed(ctx.deps, id)).toMatchObject({ status: 'ok' });
  });

  it('reads a news-sitemap-only outlet: its articles reach alerts like feed items', async () => {
    const outlet = web.outlet('sitemap');
    const org = await makeOrg(ctx, { name: 'Sitemap Studio' });
    const alert = await makeAlert(ctx, org.org.id, { keywords: '"Starfall Odyssey"' });
    outlet.addArticle({ title: 'Starfall Odyssey gets a release date', language: 'en' });
    // The address robots.txt names is the sitemap index: its news sitemap is found and read.
    const feed = await watch(`${outlet.origin}/sitemap_index.xml`, FEED_TYPES.newsSitemap);
    const outcome = await pollFeed(ctx.deps, feed.id);
    expect(outcome).toMatchObject({ status: 'ok', added: outlet.articles.length, matched: 1 });
    const stored = (await ctx.deps.db.execute(sql`select title, language from articles where feed_id = ${feed.id} order by title`)).rows;
    expect(stored).toContainEqual({ title: 'Starfall Odyssey gets a release date', language: 'en' });
    expect(stored).toContainEqual({ title: `${outlet.name} report 3`, language: 'zh' });
    const matches = (
      await ctx.deps.db.execute(sql`select a.title from alert_articles aa join articles a on a.id = aa.article_id where aa.alert_id = ${alert.id}`)
    ).rows;
    expect(matches).toEqual([{ title: 'Starfall Odyssey gets a release date' }]);
    expect((await feedRow(feed.id)).health).toBe('ok');
  });
});
