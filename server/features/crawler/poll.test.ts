import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { HOSTILE_PATHS, startFakeFeedServer, type FakeFeedServer } from '../../../test/fakes/feeds.js';
import { articles, feeds } from '../../db/schema/coverage.js';
import { pollFeed } from './poll.js';

let ctx: TestContext;
let server: FakeFeedServer;
const MIN = 300;
const MAX = 21600;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', CRAWLER_MIN_INTERVAL_SECONDS: String(MIN), CRAWLER_MAX_INTERVAL_SECONDS: String(MAX) });
  server = await startFakeFeedServer();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const feedRow = async (id: number) => (await ctx.deps.db.select().from(feeds).where(eq(feeds.id, id)))[0];
const secondsUntil = (at: Date, now: Date) => Math.round((at.getTime() - now.getTime()) / 1000);
const hourly = (n: number, from = Date.now()) =>
  Array.from({ length: n }, (_, i) => ({
    title: `Hourly story ${i}`,
    url: `${server.url}/hourly/${i}`,
    description: 'Body',
    published: new Date(from - i * 3600_000),
  }));

describe('pollFeed', () => {
  it('ingests a feed, then uses conditional GET and adapts its interval', async () => {
    server.setFeed('/news.xml', { format: 'atom', title: 'News', etag: true, lastModified: true, items: hourly(6) });
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/news.xml`, intervalSeconds: 1800 });

    const t1 = new Date();
    const first = await pollFeed(ctx.deps, feed.id, { now: t1 });
    expect(first).toMatchObject({ status: 'ok', added: 6, duplicates: 0, items: 6 });
    let row = await feedRow(feed.id);
    expect(row).toMatchObject({ lastStatus: 200, lastCount: 6, articlesAdded: 6, errorCount: 0, lastError: null, title: 'News' });
    expect(row.etag).toMatch(/^"/);
    expect(row.lastModified).toBeTruthy();
    expect(row.lastSuccessAt?.getTime()).toBe(t1.getTime());
    // New items halve 1800 s; hourly publishing (estimate 30 min) keeps it within 7.5 min–2 h.
    expect(row.intervalSeconds).toBe(900);
    expect(secondsUntil(row.nextCheckAt, t1)).toBe(900);

    const t2 = new Date(t1.getTime() + 900_000);
    const second = await pollFeed(ctx.deps, feed.id, { now: t2 });
    expect(second.status).toBe('not_modified');
    const conditional = server.requests.filter((r) => r.path === '/news.xml').at(-1)!;
    expect(conditional.headers['if-none-match']).toBe(row.etag);
    expect(conditional.headers['user-agent']).toBe(ctx.config.crawler.userAgent);
    row = await feedRow(feed.id);
    expect(row).toMatchObject({ lastStatus: 304, articlesAdded: 6, intervalSeconds: 1350 });
    expect(secondsUntil(row.nextCheckAt, t2)).toBe(1350);

    server.addItem('/news.xml', { title: 'Breaking', url: `${server.url}/hourly/new`, published: new Date() });
    const third = await pollFeed(ctx.deps, feed.id, { now: new Date(t2.getTime() + 1350_000) });
    expect(third).toMatchObject({ status: 'ok', added: 1, duplicates: 6 });
    row = await feedRow(feed.id);
    expect(row).toMatchObject({ articlesAdded: 7, lastCount: 7, intervalSeconds: 675 });
  });

  it('keeps the interval within the configured bounds and above a sane ttl', async () => {
    // Items a minute apart push towards the minimum; nothing new pushes towards the maximum.
    const fast = Array.from({ length: 10 }, (_, i) => ({ title: `Fast ${i}`, url: `${server.url}/fast/${i}`, published: new Date(Date.now() - i * 60_000) }));
    server.setFeed('/fast.xml', { format: 'atom', title: 'Fast', items: fast });
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/fast.xml`, intervalSeconds: 400 });
    await pollFeed(ctx.deps, feed.id);
    expect((await feedRow(feed.id)).intervalSeconds).toBe(MIN);
    for (let i = 0; i < 12; i++) await pollFeed(ctx.deps, feed.id);
    // Unchanged for a dozen polls: grows by half each time, but stays within 4× the publish-rate estimate.
    expect((await feedRow(feed.id)).intervalSeconds).toBe(MIN);
    await ctx.deps.db.update(feeds).set({ intervalSeconds: 20_000 }).where(eq(feeds.id, feed.id));
    server.setFeed('/slow.xml', {
      format: 'rss',
      title: 'Slow',
      items: [{ title: 'Old', url: `${server.url}/slow/1`, published: new Date(Date.now() - 30 * 86400_000) }],
    });
    await ctx.deps.db
      .update(feeds)
      .set({ feed: `${server.url}/slow.xml` })
      .where(eq(feeds.id, feed.id));
    // One new item halves 20000 s; then unchanged: 10000 → 15000 → capped at the maximum.
    await pollFeed(ctx.deps, feed.id);
    expect((await feedRow(feed.id)).intervalSeconds).toBe(10_000);
    await pollFeed(ctx.deps, feed.id);
    await pollFeed(ctx.deps, feed.id);
    expect((await feedRow(feed.id)).intervalSeconds).toBe(MAX);
    // RSS <ttl>30</ttl> (the fake's feeds carry one) is a floor: 30 minutes even for a fast feed.
    server.setFeed('/fast-rss.xml', { format: 'rss', title: 'Fast RSS', items: fast.map((i) => ({ ...i, url: i.url.replace('/fast/', '/fast-rss/') })) });
    const rssFeed = await makeFeed(ctx, site.id, { url: `${server.url}/fast-rss.xml`, intervalSeconds: 400 });
    await pollFeed(ctx.deps, rssFeed.id);
    expect((await feedRow(rssFeed.id)).intervalSeconds).toBe(1800);
  });

  it('records every hostile feed its own way, backs off, and still ingests the good feeds', async () => {
    server.setFeed('/good.xml', {
      format: 'rss',
      title: 'Good',
      items: hourly(3, Date.now() - 86400_000).map((i) => ({ ...i, url: i.url.replace('hourly', 'good') })),
    });
    const site = await makeWebsite(ctx);
    const good = await makeFeed(ctx, site.id, { url: `${server.url}/good.xml` });
    const cases = await Promise.all(HOSTILE_PATHS.map(async (h) => ({ h, feed: await makeFeed(ctx, site.id, { url: `${server.url}${h.path}` }) })));
    const now = new Date();
    const huge = cases.find((c) => c.h.path === '/hostile/huge.xml')!;
    const rest = cases.filter((c) => c !== huge);
    const [goodOutcome, ...outcomes] = await Promise.all([
      pollFeed(ctx.deps, good.id, { now }),
      ...rest.map((c) => pollFeed(ctx.deps, c.feed.id, { now, timeoutMs: c.h.fetch?.timeoutMs ?? 5000 })),
    ]);
    expect(goodOutcome).toMatchObject({ status: 'ok', added: 3 });
    for (const [i, c] of rest.entries()) {
      const outcome = outcomes[i];
      const row = await feedRow(c.feed.id);
      const e = c.h.expect;
      if (e.kind === 'items') {
        expect(outcome, `${c.h.path}: ${JSON.stringify(outcome)}`).toMatchObject({ status: 'ok', items: e.count });
        expect(row.errorCount, c.h.path).toBe(0);
        continue;
      }
      expect(outcome.status, `${c.h.path}: ${JSON.stringify(outcome)}`).toBe('error');
      expect(row.errorCount, c.h.path).toBe(1);
      expect(row.lastError, c.h.path).toBeTruthy();
      expect(row.lastErrorAt?.getTime()).toBe(now.getTime());
      const wait = secondsUntil(row.nextCheckAt, now);
      // Retry-After is honoured as a lower bound of the back-off.
      expect(wait, c.h.path).toBe(Math.max(MIN, e.kind === 'fetch_error' ? (e.retryAfterSeconds ?? 0) : 0));
      if (e.kind === 'fetch_error' && e.status) expect(row.lastStatus, c.h.path).toBe(e.status);
    }

    // The 50 MB body is cut at the cap: the error is recorded and memory stays bounded.
    const before = process.memoryUsage().rss;
    const hugeOutcome = await pollFeed(ctx.deps, huge.feed.id, { now, maxBytes: 2 * 1024 * 1024 });
    expect(hugeOutcome).toMatchObject({ status: 'error', message: 'The response is too large (more than 2 MB)' });
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);

    // Failing again: the delay doubles (capped), the feed is never disabled.
    const failing = rest.find((c) => c.h.path === '/hostile/500')!;
    let at = now;
    for (let n = 2; n <= 10; n++) {
      at = new Date(at.getTime() + 1000);
      const o = await pollFeed(ctx.deps, failing.feed.id, { now: at });
      expect(o).toMatchObject({ status: 'error', errorCount: n });
      const row = await feedRow(failing.feed.id);
      expect(secondsUntil(row.nextCheckAt, at)).toBe(Math.min(MAX, MIN * 2 ** (n - 1)));
      expect(row.disabled).toBe(false);
    }
  });

  it('commits nothing when ingest fails mid-poll, so the next poll refetches everything', async () => {
    server.setFeed('/fragile.xml', {
      format: 'rss',
      title: 'Fragile',
      etag: true,
      lastModified: true,
      items: hourly(4).map((i) => ({ ...i, url: i.url.replace('hourly', 'fragile') })),
    });
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/fragile.xml` });
    // Stands in for a crash between the article inserts and the commit.
    await ctx.deps.db.execute(sql`create function cw_test_crash() returns trigger language plpgsql as $$
      begin if new.url like '%/fragile/3' then raise exception 'simulated crash'; end if; return new; end $$`);
    await ctx.deps.db.execute(sql`create trigger cw_test_crash before insert on articles for each row execute function cw_test_crash()`);
    const failed = await pollFeed(ctx.deps, feed.id);
    expect(failed.status).toBe('error');
    let row = await feedRow(feed.id);
    expect(row).toMatchObject({ etag: null, lastModified: null, articlesAdded: 0, errorCount: 1 });
    const stored = await ctx.deps.db
      .select()
      .from(articles)
      .where(sql`${articles.url} like ${`${server.url}/fragile/%`}`);
    expect(stored).toHaveLength(0);

    await ctx.deps.db.execute(sql`drop trigger cw_test_crash on articles`);
    const again = await pollFeed(ctx.deps, feed.id);
    expect(again).toMatchObject({ status: 'ok', added: 4 });
    row = await feedRow(feed.id);
    expect(row).toMatchObject({ articlesAdded: 4, errorCount: 0, lastError: null });
    const last = server.requests.filter((r) => r.path === '/fragile.xml').at(-1)!;
    expect(last.headers['if-none-match']).toBeUndefined();
  });

  it('skips disabled and missing feeds', async () => {
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/disabled.xml`, disabled: true });
    const count = server.requests.length;
    expect(await pollFeed(ctx.deps, feed.id)).toEqual({ status: 'disabled' });
    expect(await pollFeed(ctx.deps, 987654)).toEqual({ status: 'missing' });
    expect(server.requests.length).toBe(count);
  });
});
