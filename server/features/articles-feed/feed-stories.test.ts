import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { ingestItems, type IngestFeed } from '../crawler/service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(() => ctx?.close());

let n = 0;
async function outlet(): Promise<IngestFeed> {
  const w = await makeWebsite(ctx, { domain: `stories${++n}-${Date.now()}.example`, reach: 4 });
  const f = await makeFeed(ctx, w.id);
  return { id: f.id, type: 0, language: null, website: { id: w.id, language: w.language, reach: w.reach, muv: w.muv, isMetacritic: w.isMetacritic } };
}

const TITLE = 'Orbital Forge studio announces Skyward Drift for consoles with a winter release date';
const LEAD =
  'Orbital Forge announced on Thursday that its space racing game Skyward Drift is coming to consoles this winter, with cross-play and a new career mode built for the launch.';
const OTHER_TITLE = 'Skyward Drift composer talks about recording the soundtrack with a full orchestra';
const OTHER_LEAD =
  'The composer behind Skyward Drift spent three weeks in Prague recording the score with a sixty-piece orchestra, she told us in an interview.';

type Row = { id: string; attributes: { story_id: string | null; story_size: number; url: string } };

describe('stories in the articles feed', () => {
  let token: string;
  let alertId: number;
  let storyId: string;
  let otherId: string;

  beforeAll(async () => {
    const o = await makeOrg(ctx);
    token = o.token;
    const project = await makeProject(ctx, o.org.id);
    alertId = (await makeAlert(ctx, o.org.id, { projectId: project.id, keywords: '"skyward drift"' })).id;
    const now = new Date();
    const published = new Date(now.getTime() - 3_600_000);
    await ingestItems(ctx.deps.db, await outlet(), [feedItem({ url: 'https://first.example/skyward', title: TITLE, description: LEAD, published })], now);
    for (const host of ['copy-a', 'copy-b']) {
      await ingestItems(
        ctx.deps.db,
        await outlet(),
        [
          feedItem({
            url: `https://${host}.example/skyward`,
            title: `${TITLE} - ${host}`,
            description: LEAD,
            published: new Date(published.getTime() + 60_000),
          }),
        ],
        now,
      );
    }
    await ingestItems(
      ctx.deps.db,
      await outlet(),
      [feedItem({ url: 'https://music.example/skyward', title: OTHER_TITLE, description: OTHER_LEAD, published })],
      now,
    );
  });

  const feed = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/articles_feed/${alertId}?${query}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Row[]; meta: { total_entries: number } };
    return body;
  };
  const post = (path: string, payload: Record<string, unknown>, as = token, id = alertId) =>
    ctx.app.inject({ method: 'POST', url: `/api/articles_feed/${id}/stories/${path}`, headers: { authorization: `Bearer ${as}` }, payload });

  it('lists every copy with its story, and collapses a story to its first copy with the story size', async () => {
    const all = await feed('');
    expect(all.data).toHaveLength(4);
    const copies = all.data.filter((r) => r.attributes.url.endsWith('/skyward') && !r.attributes.url.includes('music'));
    storyId = copies[0].attributes.story_id!;
    expect(storyId).not.toBeNull();
    expect(copies.map((r) => [r.attributes.story_id, r.attributes.story_size])).toEqual([
      [storyId, 3],
      [storyId, 3],
      [storyId, 3],
    ]);
    const music = all.data.find((r) => r.attributes.url.includes('music'))!;
    otherId = music.id;
    expect(music.attributes).toMatchObject({ story_id: null, story_size: 1 });

    const collapsed = await feed('filter[collapse]=stories');
    expect(collapsed.data.map((r) => r.attributes.url).sort()).toEqual(['https://first.example/skyward', 'https://music.example/skyward']);
    expect(collapsed.meta.total_entries).toBe(2);
    const expanded = await feed(`filter[story_id]=${storyId}`);
    expect(expanded.data).toHaveLength(3);
    expect(expanded.meta.total_entries).toBe(3);
  });

  it('merges two stories and splits an article out, for this organization', async () => {
    const merged = await post('merge', { data: { attributes: { story_ids: [storyId, otherId] } } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data).toEqual({ type: 'story', id: storyId, attributes: { size: 4 } });
    expect((await feed('filter[collapse]=stories')).data).toHaveLength(1);

    const copy = (await feed(`filter[story_id]=${storyId}`)).data.find((r) => r.attributes.url.includes('copy-a'))!;
    const split = await post('split', { data: { attributes: { article_id: copy.id } } });
    expect(split.statusCode).toBe(200);
    const collapsed = await feed('filter[collapse]=stories');
    expect(collapsed.data.map((r) => [r.attributes.url, r.attributes.story_size]).sort()).toEqual([
      ['https://copy-a.example/skyward', 1],
      ['https://first.example/skyward', 3],
    ]);
    // The archive's story is unchanged: the edit is the organization's.
    const r = await ctx.deps.db.execute<{ story_id: number }>(sql`select story_id from articles where id = ${Number(copy.id)} and pub_date is not null`);
    expect(String(r.rows[0].story_id)).toBe(storyId);
  });

  it("refuses a story of the organization's other project: merging across projects is not possible", async () => {
    const me = await ctx.deps.db.execute<{ organization_id: number }>(sql`select organization_id from alerts where id = ${alertId}`);
    const orgId = Number(me.rows[0].organization_id);
    const otherProject = await makeProject(ctx, orgId);
    await makeAlert(ctx, orgId, { projectId: otherProject.id, keywords: '"comet derby"' });
    const now = new Date();
    await ingestItems(
      ctx.deps.db,
      await outlet(),
      [
        feedItem({
          url: 'https://elsewhere.example/comet',
          title: 'Comet Derby gets a release date',
          description: 'Comet Derby arrives in March.',
          published: now,
        }),
      ],
      now,
    );
    const r = await ctx.deps.db.execute<{ id: number }>(sql`select id from articles where url = 'https://elsewhere.example/comet'`);
    const theirs = String(r.rows[0].id);
    expect((await post('merge', { data: { attributes: { story_ids: [storyId, theirs] } } })).statusCode).toBe(404);
    expect((await post('split', { data: { attributes: { article_id: theirs } } })).statusCode).toBe(404);
  });

  it('refuses what is not in the feed: another organization, a made-up id, a single story', async () => {
    const stranger = await makeOrg(ctx);
    const theirProject = await makeProject(ctx, stranger.org.id);
    const theirAlert = await makeAlert(ctx, stranger.org.id, { projectId: theirProject.id, keywords: '"skyward drift"' });
    expect((await post('merge', { data: { attributes: { story_ids: [storyId, otherId] } } }, stranger.token)).statusCode).toBe(404);
    // Their own feed does not hold our stories (the articles matched before their alert existed).
    expect((await post('merge', { data: { attributes: { story_ids: [storyId, otherId] } } }, stranger.token, theirAlert.id)).statusCode).toBe(404);
    expect((await post('split', { data: { attributes: { article_id: otherId } } }, stranger.token, theirAlert.id)).statusCode).toBe(404);
    expect((await post('merge', { data: { attributes: { story_ids: [storyId, '999999999'] } } })).statusCode).toBe(404);
    const one = await post('merge', { data: { attributes: { story_ids: [storyId] } } });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors[0].source.pointer).toBe('/data/attributes/story_ids');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/articles_feed/${alertId}?filter[collapse]=sideways`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: 'filter[collapse]' });
  });
});
