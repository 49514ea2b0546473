import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { feedItem, makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { ingestItems } from '../crawler/service.js';

/**
 * GET projects/{id}/coverage: each day's press articles (feeds and Steam / GDELT), videos and
 * streams of the project's feeds, equal to what its lists hold; 404 across organizations.
 */
let ctx: TestContext;
const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function coverage(token: string, projectId: number, query = '') {
  const res = await ctx.call('GET', `/api/projects/${projectId}/coverage${query}`, { token });
  return res;
}

describe('a project’s coverage over time', () => {
  it('counts each day’s matches by source, once per article, without deleted rows, and tells which sources the project has', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const empty = await coverage(token, project.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.attributes).toMatchObject({ sources: [], totals: { press: 0, gdelt: 0, youtube: 0, twitch: 0 } });
    expect(empty.json().data.attributes.days).toHaveLength(30);

    const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: '"Lumen Rising"' });
    // A second alert matching the same article: counted once.
    await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'lumen' });
    const site = await makeWebsite(ctx, { domain: `cov-${org.id}.example`, reach: 5 });
    const feed = await makeFeed(ctx, site.id);
    await ingestItems(
      ctx.deps.db,
      { id: feed.id, language: 'en', website: { id: site.id, reach: 5, muv: null, language: 'en', isMetacritic: false } },
      [
        feedItem({ url: `https://cov-${org.id}.example/a`, title: 'Lumen Rising launches', published: at(1) }),
        feedItem({ url: `https://cov-${org.id}.example/b`, title: 'Lumen Rising review', published: at(1) }),
        feedItem({ url: `https://cov-${org.id}.example/c`, title: 'Lumen Rising patch', published: at(3) }),
        feedItem({ url: `https://cov-${org.id}.example/d`, title: 'Lumen Rising, long ago', published: at(60) }),
      ],
      new Date(),
    );
    // One row deleted from the first alert's feed (it stays in the second's) and one found via GDELT.
    await ctx.deps.db.execute(sql`
      update alert_articles set deleted_at = now()
       where alert_id = ${alert.id} and article_id = (select id from articles where url like ${`%cov-${org.id}.example/c`} limit 1)`);
    await ctx.deps.db.execute(sql`
      update alert_articles set matched_by = 'gdelt'
       where article_id = (select id from articles where url like ${`%cov-${org.id}.example/b`} limit 1)`);

    // A YouTube feed with two videos (one deleted) and a Twitch feed with a stream and a VOD.
    const [search] = (await ctx.deps.db.execute<{ id: number }>(sql`insert into youtube_searches (query) values (${`lumen ${org.id}`}) returning id`)).rows;
    const [yf] = (
      await ctx.deps.db.execute<{ id: number }>(sql`
        insert into youtube_feeds (organization_id, project_id, keyword, search_id) values (${org.id}, ${project.id}, 'lumen', ${search.id}) returning id`)
    ).rows;
    for (const [vid, days, status] of [
      [`v${org.id}a`, 2, 'new'],
      [`v${org.id}b`, 2, 'deleted'],
    ] as const) {
      const [v] = (
        await ctx.deps.db.execute<{ id: number }>(sql`
          insert into youtube_videos (video_id, channel_id, published_at) values (${vid}, 'UCx', ${at(days).toISOString()}::timestamptz) returning id`)
      ).rows;
      await ctx.deps.db.execute(
        sql`insert into youtube_feed_videos (feed_id, video_id, organization_id, status) values (${yf.id}, ${v.id}, ${org.id}, ${status})`,
      );
    }
    await ctx.deps.db.execute(sql`insert into twitch_games (id, name) values ('9001', 'Lumen Rising') on conflict do nothing`);
    const [tf] = (
      await ctx.deps.db.execute<{ id: number }>(sql`
        insert into twitch_feeds (organization_id, project_id, keyword, game_id) values (${org.id}, ${project.id}, 'lumen', '9001') returning id`)
    ).rows;
    for (const [kind, id] of [
      ['stream', `s${org.id}`],
      ['video', `t${org.id}`],
    ] as const) {
      const [item] = (
        await ctx.deps.db.execute<{ id: number }>(sql`
          insert into twitch_items (kind, twitch_id, broadcaster_id, published_at) values (${kind}, ${id}, 'b1', ${at(0).toISOString()}::timestamptz) returning id`)
      ).rows;
      await ctx.deps.db.execute(sql`insert into twitch_feed_items (feed_id, item_id, organization_id) values (${tf.id}, ${item.id}, ${org.id})`);
    }

    const res = await coverage(token, project.id, `?filter[from]=${dayAgo(6)}&filter[to]=${dayAgo(0)}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data.attributes;
    expect(c.sources).toEqual(['press', 'gdelt', 'youtube', 'twitch']);
    expect(c.days).toHaveLength(7);
    const day = (n: number) => c.days.find((d: { day: string }) => d.day === dayAgo(n));
    expect(day(1)).toMatchObject({ press: 1, gdelt: 1 });
    expect(day(2)).toMatchObject({ youtube: 1 });
    // Deleted from one alert's feed but still in the other's: still coverage of the project.
    expect(day(3)).toMatchObject({ press: 1 });
    expect(day(0)).toMatchObject({ twitch: 1 });
    expect(c.totals).toEqual({ press: 2, gdelt: 1, youtube: 1, twitch: 1 });
  });

  it('answers 404 for another organization’s project and 422 for a bad period', async () => {
    const a = await makeOrg(ctx);
    const b = await makeOrg(ctx);
    const pb = await makeProject(ctx, b.org.id);
    expect((await coverage(a.token, pb.id)).statusCode).toBe(404);
    const pa = await makeProject(ctx, a.org.id);
    const bad = await coverage(a.token, pa.id, '?filter[from]=2026-13-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.parameter).toBe('filter[from]');
  });
});
