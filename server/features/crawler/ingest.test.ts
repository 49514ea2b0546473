import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { alertArticles, alerts, articleKeys, articleSearch, articles, notificationOutbox, websiteAuthors } from '../../db/schema/coverage.js';
import { projects } from '../../db/schema/workspace.js';
import { urlKey } from '../../net/url-key.js';
import { ingestItems, type IngestFeed } from './ingest.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(() => ctx?.close());

async function feedFor(opts: { reach?: number; language?: string; feedLanguage?: string | null; isMetacritic?: boolean } = {}): Promise<IngestFeed> {
  const w = await makeWebsite(ctx, { reach: opts.reach ?? 5, language: opts.language ?? 'unknown', isMetacritic: opts.isMetacritic, muv: 12345 });
  const f = await makeFeed(ctx, w.id, { language: opts.feedLanguage ?? null });
  return { id: f.id, type: 0, language: f.language, website: { id: w.id, language: w.language, reach: w.reach, muv: w.muv, isMetacritic: w.isMetacritic } };
}

describe('ingestItems', () => {
  it('stores new articles once, normalized, and counts the rest as duplicates', async () => {
    const feed = await feedFor({ reach: 6.5, feedLanguage: 'fr-FR', isMetacritic: true });
    const now = new Date('2025-03-01T10:00:00Z');
    const published = new Date('2025-03-01T08:00:00Z');
    const items = [
      feedItem({ url: 'HTTPS://Example.COM/story?id=7&utm_source=rss#top', title: '  Une histoire  ', description: 'Texte', published, author: 'Ana' }),
      feedItem({ url: 'https://example.com/undated', title: 'Sans date', published: null, author: 'Ana' }),
      feedItem({ url: 'https://example.com/story?id=7', title: 'Same story again' }),
      feedItem({ url: 'javascript:alert(1)', title: 'bad' }),
    ];
    const r = await ingestItems(ctx.deps.db, feed, items, now);
    expect(r).toMatchObject({ added: 2, duplicates: 1, invalid: 1, matched: 0 });

    const [story] = await ctx.deps.db
      .select()
      .from(articles)
      .where(eq(articles.urlKey, urlKey('https://example.com/story?id=7')));
    expect(story).toMatchObject({
      url: 'https://example.com/story?id=7',
      fullUrl: 'HTTPS://Example.COM/story?id=7&utm_source=rss#top',
      title: 'Une histoire',
      language: 'fr',
      reach: 6.5,
      muv: 12345,
      isMetacritic: true,
      websiteId: feed.website!.id,
      feedId: feed.id,
      author: 'Ana',
    });
    expect(story.pubDate.toISOString()).toBe(published.toISOString());
    const [storySearch] = await ctx.deps.db.select().from(articleSearch).where(eq(articleSearch.id, story.id));
    expect(storySearch).toMatchObject({ day: published.toISOString().slice(0, 10), language: 'fr', reach: 6.5 });
    expect(storySearch.search).toContain("'histoire':2");
    expect(await ctx.deps.db.select().from(articleKeys).where(eq(articleKeys.articleId, story.id))).toEqual([
      { urlKey: story.urlKey, articleId: story.id, pubDate: story.pubDate },
    ]);
    const [undated] = await ctx.deps.db.select().from(articles).where(eq(articles.url, 'https://example.com/undated'));
    expect(undated.pubDate.toISOString()).toBe(now.toISOString());

    // Another feed carrying the same article (other tracking parameters): a duplicate, first-seen date kept.
    const other = await feedFor();
    const again = await ingestItems(
      ctx.deps.db,
      other,
      [feedItem({ url: 'https://example.com/undated?utm_medium=x', published: new Date('2025-03-02T00:00:00Z') })],
      new Date('2025-03-02T01:00:00Z'),
    );
    expect(again).toMatchObject({ added: 0, duplicates: 1 });
    const [kept] = await ctx.deps.db.select().from(articles).where(eq(articles.url, 'https://example.com/undated'));
    expect(kept.pubDate.toISOString()).toBe(now.toISOString());
    expect(kept.feedId).toBe(feed.id);

    const authors = await ctx.deps.db.select().from(websiteAuthors).where(eq(websiteAuthors.websiteId, feed.website!.id));
    expect(authors).toEqual([expect.objectContaining({ author: 'Ana', articlesCount: 2 })]);
  });

  it('falls back from item to feed to website language, then detects it', async () => {
    const feed = await feedFor({ language: 'de' });
    const r = await ingestItems(
      ctx.deps.db,
      feed,
      [feedItem({ url: 'https://lang.example/a', language: 'es' }), feedItem({ url: 'https://lang.example/b' })],
      new Date(),
    );
    expect(r.added).toBe(2);
    const rows = await ctx.deps.db
      .select({ url: articles.url, language: articles.language })
      .from(articles)
      .where(sql`${articles.url} like 'https://lang.example/%'`);
    expect(Object.fromEntries(rows.map((x) => [x.url, x.language]))).toEqual({ 'https://lang.example/a': 'es', 'https://lang.example/b': 'de' });

    const bare = await feedFor();
    await ingestItems(
      ctx.deps.db,
      bare,
      [
        feedItem({
          url: 'https://lang.example/c',
          title: 'The government announced a new plan for the national railway network today',
          description: 'Officials said that the work would begin next year and would take about a decade to complete.',
        }),
      ],
      new Date(),
    );
    const [c] = await ctx.deps.db.select().from(articles).where(eq(articles.url, 'https://lang.example/c'));
    expect(c.language).toBe('en');
  });

  it('stores an article once when two ingests of it run concurrently', async () => {
    const a = await feedFor();
    const b = await feedFor();
    const shared = Array.from({ length: 60 }, (_, i) => `https://concurrent.example/shared-${i}`);
    const itemsA = [...shared, ...Array.from({ length: 20 }, (_, i) => `https://concurrent.example/a-${i}`)].map((url) =>
      feedItem({ url, title: 'Acme news' }),
    );
    // The other feed lists the same articles in another order.
    const itemsB = [...shared.slice().reverse(), ...Array.from({ length: 20 }, (_, i) => `https://concurrent.example/b-${i}`)].map((url) =>
      feedItem({ url, title: 'Acme news' }),
    );
    const { org } = await makeOrg(ctx);
    const alert = await makeAlert(ctx, org.id, { keywords: 'acme', slackWebhookUrl: 'http://127.0.0.1:9/services/T/B/X' });
    const now = new Date();
    const [ra, rb] = await Promise.all([ingestItems(ctx.deps.db, a, itemsA, now), ingestItems(ctx.deps.db, b, itemsB, now)]);
    expect(ra.added + rb.added).toBe(100);
    expect(ra.duplicates + rb.duplicates).toBe(60);
    const [{ n }] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(sql`${articles.url} like 'https://concurrent.example/%'`);
    expect(n).toBe(100);
    const [{ m }] = await ctx.deps.db
      .select({ m: sql<number>`count(*)::int` })
      .from(alertArticles)
      .where(eq(alertArticles.alertId, alert.id));
    expect(m).toBe(100);
    const [{ o }] = await ctx.deps.db
      .select({ o: sql<number>`count(*)::int` })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.alertId, alert.id));
    expect(o).toBe(100);
    expect(ra.matched + rb.matched).toBe(100);
  });

  it('matches only new articles against active alerts of unlocked projects, with min reach', async () => {
    const { org } = await makeOrg(ctx);
    const slack = 'http://127.0.0.1:9/services/T/B/Y';
    const discord = 'http://127.0.0.1:9/api/webhooks/1/tok';
    const both = await makeAlert(ctx, org.id, { keywords: '"zelda tears"', slackWebhookUrl: slack, discordWebhookUrl: discord });
    const untracked = await makeAlert(ctx, org.id, { keywords: 'zelda', slackWebhookUrl: slack, slackTracking: false });
    const picky = await makeAlert(ctx, org.id, { keywords: 'zelda', minReach: 8 });
    const inactive = await makeAlert(ctx, org.id, { keywords: 'zelda', active: false });
    const lockedProject = await makeProject(ctx, org.id, { locked: true });
    const locked = await makeAlert(ctx, org.id, { keywords: 'zelda', projectId: lockedProject.id });
    const feed = await feedFor({ reach: 4.2 });
    const now = new Date('2025-04-01T12:00:00Z');
    const published = new Date('2025-04-01T11:00:00Z');
    const r = await ingestItems(
      ctx.deps.db,
      feed,
      [
        feedItem({ url: 'https://zelda.example/1', title: 'Zelda: Tears of the Kingdom review', published }),
        feedItem({ url: 'https://zelda.example/2', title: 'Zelda tears ahead', published }),
        feedItem({ url: 'https://zelda.example/3', title: 'Mario news', published }),
      ],
      now,
    );
    expect(r.added).toBe(3);
    const rows = await ctx.deps.db.select().from(alertArticles).where(eq(alertArticles.organizationId, org.id));
    const byAlert = (id: number) => rows.filter((x) => x.alertId === id).length;
    expect(byAlert(both.id)).toBe(2);
    expect(byAlert(untracked.id)).toBe(2);
    expect(byAlert(picky.id)).toBe(0);
    expect(byAlert(inactive.id)).toBe(0);
    expect(byAlert(locked.id)).toBe(0);
    expect(rows[0]).toMatchObject({ reach: 4.2, language: expect.any(String), isMetacritic: false });
    expect(rows[0].pubDate.toISOString()).toBe(published.toISOString());
    expect(r.matched).toBe(4);

    const outbox = await ctx.deps.db.select().from(notificationOutbox).where(eq(notificationOutbox.organizationId, org.id));
    expect(outbox.map((o) => `${o.alertId}:${o.channel}`).sort()).toEqual(
      [`${both.id}:discord`, `${both.id}:discord`, `${both.id}:slack`, `${both.id}:slack`].sort(),
    );
    expect(outbox.every((o) => o.status === 'pending')).toBe(true);
    expect(r.notifications).toBe(4);

    const [touched] = await ctx.deps.db.select().from(alerts).where(eq(alerts.id, both.id));
    expect(touched.lastRunAt?.toISOString()).toBe(now.toISOString());
    const [idle] = await ctx.deps.db.select().from(alerts).where(eq(alerts.id, picky.id));
    expect(idle.lastRunAt).toBeNull();

    // Seen again (another poll): nothing new to match or announce.
    const again = await ingestItems(ctx.deps.db, feed, [feedItem({ url: 'https://zelda.example/1', title: 'Zelda: Tears of the Kingdom review' })], now);
    expect(again).toMatchObject({ added: 0, matched: 0, notifications: 0 });

    // An unlocked project's alert is picked up once the index notices the change.
    await ctx.deps.db.update(projects).set({ locked: false, updatedAt: new Date() }).where(eq(projects.id, lockedProject.id));
    await ingestItems(ctx.deps.db, feed, [feedItem({ url: 'https://zelda.example/4', title: 'Zelda again' })], now);
    const after = await ctx.deps.db.select().from(alertArticles).where(eq(alertArticles.alertId, locked.id));
    expect(after).toHaveLength(1);
  });
});
