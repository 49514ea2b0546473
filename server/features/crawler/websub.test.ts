import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeFeedServer, type FakeFeedServer } from '../../../test/fakes/feeds.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';
import { articles, feeds } from '../../db/schema/coverage.js';
import { pollFeed } from './poll.js';
import { linkHeaderRel, signatureMatches } from './websub.js';

let ctx: TestContext;
let server: FakeFeedServer;
let slack: FakeSlack;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  [server, slack] = await Promise.all([startFakeFeedServer(), startFakeSlack()]);
  // The hub calls us back: the app listens on a real port, which is our public address.
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  ctx.config.publicUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([server?.close(), slack?.close()]);
  await ctx?.close();
});

const feedRow = async (id: number) => (await ctx.deps.db.select().from(feeds).where(eq(feeds.id, id)))[0];
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('WebSub', () => {
  it('subscribes, is verified, and ingests pushed items at once (and announces them)', async () => {
    const path = '/pushed.xml';
    server.setFeed(path, { format: 'rss', title: 'Pushed', hub: true, items: [{ title: 'First', url: `${server.url}/pushed/1`, published: new Date() }] });
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}${path}` });
    const { org } = await makeOrg(ctx);
    await makeAlert(ctx, org.id, { keywords: 'flamingo', slackWebhookUrl: slack.webhookUrl() });

    const polled = await pollFeed(ctx.deps, feed.id);
    expect(polled).toMatchObject({ status: 'ok', added: 1, websub: 'pending' });
    const sub = await server.hub.waitForSubscription(`${server.url}${path}`);
    expect(sub.callback).toBe(`${ctx.config.publicUrl}/api/p/websub/${feed.id}`);
    expect(sub.leaseSeconds).toBe(86400);
    let row = await feedRow(feed.id);
    expect(row).toMatchObject({ hubUrl: server.hub.url, selfUrl: `${server.url}${path}`, websubState: 'active' });
    expect(row.websubSecret).toBe(sub.secret);
    expect(row.websubLeaseUntil!.getTime() - Date.now()).toBeGreaterThan(86000_000);

    // With a live subscription the feed is only polled as a safety net.
    await pollFeed(ctx.deps, feed.id);
    row = await feedRow(feed.id);
    expect(row.intervalSeconds).toBe(ctx.config.crawler.maxIntervalSeconds);

    server.addItem(path, { title: 'Flamingo spotted', url: `${server.url}/pushed/2`, published: new Date() });
    const answers = await server.publish(path);
    expect(answers).toEqual([{ callback: sub.callback, status: 202 }]);
    const [stored] = await ctx.deps.db
      .select()
      .from(articles)
      .where(eq(articles.url, `${server.url}/pushed/2`));
    expect(stored).toMatchObject({ title: 'Flamingo spotted', feedId: feed.id });
    expect((await feedRow(feed.id)).articlesAdded).toBe(2);
    await until(async () => slack.delivered().length === 1);
    expect(JSON.stringify(slack.delivered()[0].payload)).toContain('Flamingo spotted');
  });

  it('acknowledges but ignores pushes with a wrong or missing signature', async () => {
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/signed.xml` });
    await ctx.deps.db.update(feeds).set({ websubSecret: 'the-secret', websubState: 'active' }).where(eq(feeds.id, feed.id));
    const body = Buffer.from(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>S</title><link>https://signed.example/</link><item><title>Forged</title><link>https://signed.example/forged</link></item></channel></rss>`,
    );
    const post = (signature?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/p/websub/${feed.id}`,
        headers: { 'content-type': 'application/rss+xml', ...(signature ? { 'x-hub-signature': signature } : {}) },
        payload: body,
      });
    expect((await post()).statusCode).toBe(202);
    expect((await post(`sha256=${createHmac('sha256', 'wrong').update(body).digest('hex')}`)).statusCode).toBe(202);
    expect(await ctx.deps.db.select().from(articles).where(eq(articles.url, 'https://signed.example/forged'))).toHaveLength(0);
    // sha1 is still what many hubs send.
    expect((await post(`sha1=${createHmac('sha1', 'the-secret').update(body).digest('hex')}`)).statusCode).toBe(202);
    expect(await ctx.deps.db.select().from(articles).where(eq(articles.url, 'https://signed.example/forged'))).toHaveLength(1);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/p/websub/999999', headers: { 'content-type': 'application/rss+xml' }, payload: body })).statusCode,
    ).toBe(410);
  });

  it('answers verification only for the topic and state it expects', async () => {
    const site = await makeWebsite(ctx);
    const url = `${server.url}/verify.xml`;
    const feed = await makeFeed(ctx, site.id, { url });
    const get = (q: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/p/websub/${feed.id}?${new URLSearchParams(q)}` });
    const q = { 'hub.mode': 'subscribe', 'hub.topic': url, 'hub.challenge': 'abc123', 'hub.lease_seconds': '600' };
    expect((await get(q)).statusCode).toBe(404); // state 'none': we never asked
    await ctx.deps.db.update(feeds).set({ websubState: 'pending' }).where(eq(feeds.id, feed.id));
    expect((await get({ ...q, 'hub.topic': 'https://elsewhere.example/feed' })).statusCode).toBe(404);
    const ok = await get(q);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('abc123');
    const row = await feedRow(feed.id);
    expect(row.websubState).toBe('active');
    expect(Math.round((row.websubLeaseUntil!.getTime() - Date.now()) / 1000)).toBeGreaterThan(590);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/p/websub/nope?hub.challenge=x' })).statusCode).toBe(404);
  });

  it('stays off without a public URL', async () => {
    const saved = ctx.config.publicUrl;
    ctx.config.publicUrl = undefined;
    try {
      server.setFeed('/private-hub.xml', { format: 'atom', title: 'No push', hub: true, items: [{ title: 'One', url: `${server.url}/private-hub/1` }] });
      const site = await makeWebsite(ctx);
      const feed = await makeFeed(ctx, site.id, { url: `${server.url}/private-hub.xml` });
      expect(await pollFeed(ctx.deps, feed.id)).toMatchObject({ status: 'ok', websub: null });
      expect(await feedRow(feed.id)).toMatchObject({ websubState: 'none', hubUrl: server.hub.url });
    } finally {
      ctx.config.publicUrl = saved;
    }
  });

  it('reads hub links from the HTTP Link header and checks signatures in constant form', () => {
    const header = '<https://hub.example/>; rel="hub", </feed.xml>; rel="self"';
    expect(linkHeaderRel(header, 'hub', 'https://site.example/x')).toBe('https://hub.example/');
    expect(linkHeaderRel(header, 'self', 'https://site.example/x')).toBe('https://site.example/feed.xml');
    expect(linkHeaderRel(undefined, 'hub', 'https://site.example/')).toBeNull();
    const body = Buffer.from('x');
    expect(signatureMatches('s', body, `sha512=${createHmac('sha512', 's').update(body).digest('hex')}`)).toBe(true);
    expect(signatureMatches('s', body, 'md5=00')).toBe(false);
    expect(signatureMatches('s', body, 'sha256=zz')).toBe(false);
  });
});
