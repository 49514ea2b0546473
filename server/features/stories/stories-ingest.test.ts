import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { FEED_TYPES } from '../../../common/schemas/website-feeds.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';
import { StoryKeyIndex } from './key-index.js';
import { storyBandKeys, storyFingerprint } from './near-dup.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(() => ctx?.close());

let outlets = 0;
async function outlet(): Promise<IngestFeed> {
  const w = await makeWebsite(ctx, { domain: `outlet${++outlets}-${Date.now()}.example`, reach: 5 });
  const f = await makeFeed(ctx, w.id);
  return { id: f.id, type: 0, language: null, website: { id: w.id, language: w.language, reach: w.reach, muv: w.muv, isMetacritic: w.isMetacritic } };
}

const WIRE_TITLE = 'Nimbus Games delays Starfall Odyssey to spring after a troubled beta';
const WIRE_LEAD =
  'Nimbus Games said on Tuesday it would push back the release of Starfall Odyssey to next spring, citing feedback from a beta test that ran into server problems and crashes over the weekend.';

async function storyRows(urlPart: string) {
  const r = await ctx.deps.db.execute<{ id: number; url: string; story_id: number | null }>(
    sql`select id, url, story_id from articles where url like ${`%${urlPart}%`} order by id`,
  );
  return r.rows.map((x) => ({ id: Number(x.id), url: x.url, storyId: x.story_id === null ? null : Number(x.story_id) }));
}

describe('stories at ingest', () => {
  it('groups copies of one story across outlets and batches, and leaves a merely similar headline alone', async () => {
    const now = new Date();
    const published = new Date(now.getTime() - 3_600_000);
    const first = await outlet();
    const r1 = await ingestItems(
      ctx.deps.db,
      first,
      [feedItem({ url: 'https://wire.example/starfall-delay', title: WIRE_TITLE, description: WIRE_LEAD, published })],
      now,
    );
    expect(r1.added).toBe(1);
    // Alone: no story id (a story of one costs nothing).
    expect((await storyRows('wire.example/starfall-delay'))[0].storyId).toBeNull();

    // Two regional copies in one batch of another outlet, a third outlet later, and a different story.
    const second = await outlet();
    await ingestItems(
      ctx.deps.db,
      second,
      [
        feedItem({
          url: 'https://regional-a.example/starfall',
          title: `${WIRE_TITLE} - Regional A`,
          description: `LONDON (Reuters) - ${WIRE_LEAD}`,
          published,
        }),
        feedItem({ url: 'https://regional-b.example/starfall', title: `UPDATE 1-${WIRE_TITLE}`, description: WIRE_LEAD.slice(0, 120) + '…', published }),
        feedItem({
          url: 'https://regional-b.example/other',
          title: 'Nimbus Games delays Moonfall Tactics to autumn after a troubled alpha',
          description: 'Nimbus Games also moved its strategy game Moonfall Tactics to the autumn, the studio said in a separate note to investors.',
          published,
        }),
      ],
      now,
    );
    const third = await outlet();
    await ingestItems(
      ctx.deps.db,
      third,
      [feedItem({ url: 'https://late.example/starfall', title: WIRE_TITLE, description: WIRE_LEAD, published: new Date(now.getTime() - 60_000) })],
      now,
    );

    const [lead] = await storyRows('wire.example/starfall-delay');
    const copies = [
      ...(await storyRows('regional-a.example/starfall')),
      ...(await storyRows('regional-b.example/starfall')),
      ...(await storyRows('late.example/starfall')),
    ];
    // The first article is marked with its own id once a copy joins; every copy carries it.
    expect(lead.storyId).toBe(lead.id);
    expect(copies.map((c) => c.storyId)).toEqual([lead.id, lead.id, lead.id]);
    expect((await storyRows('regional-b.example/other'))[0].storyId).toBeNull();

    // Another process (the API's WebSub ingest, say) finds the stories through story_keys: all of
    // the window on its first read, then only what was added since.
    const other = new StoryKeyIndex();
    await other.refresh(ctx.deps.db);
    const copyKeys = storyBandKeys(storyFingerprint(`${WIRE_TITLE} | Elsewhere`, WIRE_LEAD));
    const found = other.candidates(copyKeys, published.getTime(), 32);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((id) => other.article(id)!.storyId)).toContain(lead.id);
    const before = other.size;
    await ingestItems(
      ctx.deps.db,
      await outlet(),
      [feedItem({ url: 'https://later.example/other-story', title: 'A wholly different headline about a racing game', description: '', published })],
      now,
    );
    await other.refresh(ctx.deps.db);
    expect(other.size).toBe(before + 1);
  });

  it("writes each organization's feed rows with the story, marking the first copy's rows when the second arrives", async () => {
    const { org } = await makeOrg(ctx);
    const alert = await makeAlert(ctx, org.id, { keywords: '"quasar"' });
    const now = new Date();
    const published = new Date(now.getTime() - 7_200_000);
    const title = 'Quasar Interactive confirms layoffs at its Montreal studio amid restructuring';
    const lead =
      'Quasar Interactive has confirmed that an undisclosed number of employees at its Montreal studio were laid off this week as part of a wider restructuring of the publisher.';
    await ingestItems(ctx.deps.db, await outlet(), [feedItem({ url: 'https://one.example/quasar', title, description: lead, published })], now);
    const feedRows = async () =>
      (
        await ctx.deps.db.execute<{ article_id: number; story_id: number | null }>(
          sql`select article_id, story_id from alert_articles where alert_id = ${alert.id} order by article_id`,
        )
      ).rows.map((r) => [Number(r.article_id), r.story_id === null ? null : Number(r.story_id)]);
    const [[firstId, firstStory]] = await feedRows();
    expect(firstStory).toBeNull();

    const res = await ingestItems(
      ctx.deps.db,
      await outlet(),
      [feedItem({ url: 'https://two.example/quasar', title: `${title} | Two`, description: lead, published })],
      now,
    );
    expect(res.matched).toBe(1);
    const rows = await feedRows();
    expect(rows).toEqual([
      [firstId, firstId],
      [rows[1][0], firstId],
    ]);
  });

  it('keeps a story of 5,000 copies in one batch one story', async () => {
    const now = new Date();
    const published = new Date(now.getTime() - 3_600_000);
    const title = 'Press release: Helix Labs announces Helix Engine 5 with real-time global illumination';
    const body =
      'Helix Labs today announced Helix Engine 5, the newest version of its game engine, with real-time global illumination, a new audio system and support for consoles.';
    // A Google Alerts feed: each item is its own outlet's (none of these domains is a known website).
    const items = Array.from({ length: 5000 }, (_, i) => feedItem({ url: `https://pr${i}.example/helix-5`, title, description: body, published }));
    await ingestItems(ctx.deps.db, { id: null, type: FEED_TYPES.googleAlerts, language: null, website: null }, items, now);
    const r = await ctx.deps.db.execute<{ stories: number; copies: number }>(
      sql`select count(distinct coalesce(story_id, id))::int as stories, count(*)::int as copies from articles where url like '%.example/helix-5'`,
    );
    expect(r.rows[0]).toEqual({ stories: 1, copies: 5000 });
  });

  it("groups one outlet's articles on their headlines alone: a boilerplate summary is not a story", async () => {
    const now = new Date();
    const published = new Date(now.getTime() - 3_600_000);
    const boilerplate = 'Everything you need to know about the announcement, from release windows to platforms and prices, in one place.';
    const feed = await outlet();
    await ingestItems(
      ctx.deps.db,
      feed,
      [
        feedItem({ url: 'https://same-outlet.example/a', title: 'Comet Racer gets a photo mode in its next update', description: boilerplate, published }),
        feedItem({ url: 'https://same-outlet.example/b', title: 'Comet Racer studio hires a new creative director', description: boilerplate, published }),
      ],
      now,
    );
    expect((await storyRows('same-outlet.example/')).map((r) => r.storyId)).toEqual([null, null]);
    // Another outlet running the same summary under a rewritten headline is a copy.
    await ingestItems(
      ctx.deps.db,
      await outlet(),
      [feedItem({ url: 'https://other-outlet.example/a', title: 'Photo mode coming to Comet Racer', description: boilerplate, published })],
      now,
    );
    expect((await storyRows('other-outlet.example/a'))[0].storyId).not.toBeNull();
  });
});

describe('StoryKeyIndex', () => {
  it('finds an article through a shared key within the window only, and forgets what left it', () => {
    const index = new StoryKeyIndex(72 * 3_600_000);
    const fp = storyFingerprint(WIRE_TITLE, WIRE_LEAD);
    const t0 = Date.UTC(2026, 0, 10);
    index.add(1, 1, t0, storyBandKeys(fp));
    const copy = storyBandKeys(storyFingerprint(`${WIRE_TITLE} - Outlet`, WIRE_LEAD));
    expect(index.candidates(copy, t0 + 3_600_000, 32)).toEqual([1]);
    expect(index.candidates(copy, t0 + 80 * 3_600_000, 32)).toEqual([]);
    // Growth keeps every key findable.
    for (let i = 2; i < 3000; i++) index.add(i, i, t0, storyBandKeys(storyFingerprint(`Unrelated headline number ${i} about games`, '')));
    expect(index.candidates(copy, t0, 32)).toEqual([1]);
    index.prune(t0 + 100 * 3_600_000);
    expect(index.size).toBe(0);
    expect(index.candidates(copy, t0, 32)).toEqual([]);
  });
});
