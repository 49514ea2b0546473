import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeFeedServer, type FakeFeedServer } from '../../../test/fakes/feeds.js';
import { startFakeDiscord, type FakeDiscord } from '../../../test/fakes/discord.js';
import { feeds, notificationOutbox } from '../../db/schema/coverage.js';
import { createCrawlerQueues, scheduleDueFeeds, startCrawlerWorkers } from './jobs.js';
import { CRAWLER_QUEUES, enqueueFeedPoll } from './queue.js';

let ctx: TestContext;
let server: FakeFeedServer;
let discord: FakeDiscord;
let boss: PgBoss;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', CRAWLER_CONCURRENCY: '4' });
  [server, discord] = await Promise.all([startFakeFeedServer(), startFakeDiscord()]);
  boss = new PgBoss({ connectionString: ctx.dbUrl, max: 3, schedule: false, supervise: true });
  boss.on('error', () => {});
  await boss.start();
  await createCrawlerQueues(boss);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  await Promise.all([server?.close(), discord?.close()]);
  await ctx?.close();
});

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('crawler jobs', () => {
  it('enqueues due feeds once each, however often the scheduler runs', async () => {
    const site = await makeWebsite(ctx);
    const due = await makeFeed(ctx, site.id, { url: `${server.url}/due-a.xml`, nextCheckAt: new Date(Date.now() - 1000) });
    await makeFeed(ctx, site.id, { url: `${server.url}/later.xml`, nextCheckAt: new Date(Date.now() + 3600_000) });
    await makeFeed(ctx, site.id, { url: `${server.url}/off.xml`, disabled: true, nextCheckAt: new Date(Date.now() - 1000) });
    const first = await scheduleDueFeeds(boss, ctx.deps);
    expect(first.enqueued).toBe(1);
    expect((await scheduleDueFeeds(boss, ctx.deps)).enqueued).toBe(0);
    await enqueueFeedPoll(boss, due.id);
    const queued = await boss.findJobs(CRAWLER_QUEUES.feedPoll, { key: `feed-${due.id}`, queued: true });
    expect(queued).toHaveLength(1);
    // Leave the queue empty for the next test's workers.
    await boss.deleteQueue(CRAWLER_QUEUES.feedPoll);
    await createCrawlerQueues(boss);
    await ctx.deps.db
      .update(feeds)
      .set({ nextCheckAt: new Date(Date.now() + 3600_000) })
      .where(eq(feeds.id, due.id));
  });

  it('polls due feeds in the worker and delivers their notifications', async () => {
    server.setFeed('/worker.xml', {
      format: 'rss',
      title: 'Worker',
      items: [{ title: 'Pelican spotted', url: `${server.url}/worker/1`, published: new Date() }],
    });
    const site = await makeWebsite(ctx);
    const feed = await makeFeed(ctx, site.id, { url: `${server.url}/worker.xml`, nextCheckAt: new Date(Date.now() - 1000) });
    const { org } = await makeOrg(ctx);
    const alert = await makeAlert(ctx, org.id, { keywords: 'pelican', discordWebhookUrl: discord.webhookUrl() });
    await startCrawlerWorkers(boss, { db: ctx.deps.db, config: ctx.config, log: pino({ level: 'silent' }) });
    await until(async () => (await ctx.deps.db.select().from(feeds).where(eq(feeds.id, feed.id)))[0].lastSuccessAt !== null);
    const [row] = await ctx.deps.db.select().from(feeds).where(eq(feeds.id, feed.id));
    expect(row).toMatchObject({ articlesAdded: 1, errorCount: 0 });
    expect(row.nextCheckAt.getTime()).toBeGreaterThan(Date.now());
    await until(async () => (await ctx.deps.db.select().from(notificationOutbox).where(eq(notificationOutbox.alertId, alert.id)))[0]?.status === 'sent');
    expect(discord.delivered()).toHaveLength(1);
    expect(discord.delivered()[0].payload!.embeds![0].title).toBe('Pelican spotted');
  });
});
