import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeSavedArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';

/*
 * GET projects/{id}/overview (issue 32 item 2): each figure equals the total of the list it links
 * to, asked with the same filters — the articles feed (placements, stories, visitors, outlets),
 * the creator leaderboard (YouTube views, Twitch hours watched), Super Search's volume (each
 * competitor) and saved coverage (highlights).
 */

const MIN = 60_000;
const H = 3_600_000;
const DAY = 24 * H;
let ctx: TestContext;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const at = (dayOffset: number, hour = 9) => new Date(today + dayOffset * DAY + hour * H);
const day = (dayOffset: number) => at(dayOffset, 0).toISOString().slice(0, 10);
const FROM = day(-9);
const TO = day(0);
const PERIOD = `?filter[from]=${FROM}&filter[to]=${TO}`;

const w = { orgId: 0, token: '', projectId: 0, alertId: 0, tagId: 0 };
const q = (text: string, params: unknown[] = []) => ctx.deps.pool.query(text, params);
type Attributes = Record<string, unknown> & {
  press: { placements: number; unique_stories: number };
  reach: { potential_reach: number; estimated_views: number; unknown_visitors: number } | null;
  youtube: { views: number; videos: number; creators: number; top: { channel_id: string; views: number }[] } | null;
  twitch: { hours_watched: number; streams: number; creators: number; top: { broadcaster_id: string; hours_watched: number }[] } | null;
  share_of_voice: { available: boolean; search_from: string; own: number; competitors: { name: string; query: string; count: number | null }[] };
  top_outlets: { media: string; placements: number; muv: number | null; score: number | null }[];
  highlights: { total: number; latest: { id: string; title: string; media: string }[] };
};

async function overview(query = PERIOD, token = w.token, projectId = w.projectId) {
  return ctx.call('GET', `/api/projects/${projectId}/overview${query}`, { token });
}
async function figures(): Promise<Attributes> {
  const res = await overview();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attributes;
}
/** Every row of the feed over the period (the list the press figures link to). */
async function feedRows() {
  const res = await ctx.call('GET', `/api/articles_feed/${w.alertId}?filter[startDate]=${FROM}&filter[endDate]=${TO}&page[page_size]=500`, { token: w.token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    total: body.meta.total_entries as number,
    rows: body.data as { id: string; attributes: { media: string; muv: number | null; estimated_views: number | null } }[],
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { org, token } = await makeOrg(ctx, { plan: 'pro' });
  const project = await makeProject(ctx, org.id, { name: 'Zephyr Tactics' });
  const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: '"Zephyr"' });
  const tag = await makeTag(ctx, org.id, project.id, 'Launch');
  Object.assign(w, { orgId: org.id, token, projectId: project.id, alertId: alert.id, tagId: tag.id });

  // The press: three outlets, one without known visitors; a story run by two outlets.
  const big = await makeWebsite(ctx, { domain: `big-${org.id}.example`, reach: 8, muv: 2_000_000 });
  const mid = await makeWebsite(ctx, { domain: `mid-${org.id}.example`, reach: 5, muv: 40_000 });
  const small = await makeWebsite(ctx, { domain: `small-${org.id}.example`, reach: 2, muv: null });
  const art = (site: { id: number; domain: string; muv: number | null }, n: number, dayOffset: number) =>
    makeArchiveArticle(ctx, {
      url: `https://${site.domain}/zephyr-${n}`,
      title: `Zephyr Tactics news ${n}`,
      pubDate: at(dayOffset),
      websiteId: site.id,
      muv: site.muv,
      reach: 5,
    });
  const inPeriod = [await art(big, 1, -1), await art(big, 2, -2), await art(mid, 3, -1), await art(mid, 4, -3), await art(small, 5, -4), await art(big, 6, -5)];
  const deleted = await art(mid, 7, -2);
  const early = await art(big, 8, -40);
  await addToFeed(ctx, alert, [...inPeriod, early]);
  await addToFeed(ctx, alert, [deleted], { deleted: true });
  // Articles 1 and 3 are one syndicated story, 2 and 4 another; 6 is a copy of 5, whose own row
  // carries no story id yet (the article is its story's first): three stories in all.
  await q(`update alert_articles set story_id = $1 where alert_id = $2 and article_id = any($3::bigint[])`, [
    inPeriod[0].id,
    alert.id,
    [inPeriod[0].id, inPeriod[2].id],
  ]);
  await q(`update alert_articles set story_id = $1 where alert_id = $2 and article_id = any($3::bigint[])`, [
    inPeriod[1].id,
    alert.id,
    [inPeriod[1].id, inPeriod[3].id],
  ]);
  await q(`update alert_articles set story_id = $1 where alert_id = $2 and article_id = $3`, [inPeriod[4].id, alert.id, inPeriod[5].id]);

  // The competitors' coverage: archive articles outside the project's feed.
  for (let i = 0; i < 3; i++) await makeArchiveArticle(ctx, { title: `Halcyon Forge preview ${i}`, pubDate: at(-1 - i) });
  await makeArchiveArticle(ctx, { title: 'Halcyon Forge, long ago', pubDate: at(-60) });
  await makeArchiveArticle(ctx, { title: 'Umbra Drift patch notes', pubDate: at(-2) });
  const patch = await ctx.call('PATCH', `/api/projects/${project.id}`, {
    token,
    body: {
      data: {
        type: 'project',
        attributes: {
          competitors: [
            { name: 'Halcyon', query: '"Halcyon Forge"' },
            { name: 'Umbra', query: 'umbra AND drift' },
          ],
        },
      },
    },
  });
  expect(patch.statusCode, patch.body).toBe(200);

  // Saved coverage: five in the period (one archived), one before it.
  for (const [i, a] of inPeriod.slice(0, 5).entries()) {
    const saved = await makeSavedArticle(ctx, org.id, { projectId: project.id, tagId: tag.id, article: a, title: `Saved ${i}` });
    await q(`update saved_articles set date = $1, locked = $2 where id = $3`, [at(-1 - i), i === 4, saved.id]);
  }
  const old = await makeSavedArticle(ctx, org.id, { projectId: project.id, tagId: tag.id, article: early, title: 'Saved long ago' });
  await q(`update saved_articles set date = $1 where id = $2`, [at(-40), old.id]);

  // YouTube: two channels in the project's feed. Twitch: two broadcasters, their live metrics.
  const yt = await ctx.call('POST', '/api/youtube_feed', { token, body: { keyword: 'Zephyr', project_id: project.id } });
  expect(yt.statusCode, yt.body).toBe(201);
  await q(
    `insert into youtube_channels (id, title, thumbnail, subscribers, hidden_subscribers) values ('UCzx', 'Zed', null, 10, false), ('UCzy', 'Yan', null, 5, false)`,
  );
  for (const [id, channel, views, dayOffset] of [
    ['zv1', 'UCzx', 900, -1],
    ['zv2', 'UCzx', 100, -2],
    ['zv3', 'UCzy', 4000, -3],
    ['zv4', 'UCzy', 99_999, -30],
  ] as const) {
    const vid = await q(
      `insert into youtube_videos (video_id, channel_id, title, published_at, views, stats_fetched_at) values ($1, $2, $1, $3, $4, now()) returning id`,
      [id, channel, at(dayOffset), views],
    );
    await q(`insert into youtube_feed_videos (feed_id, video_id, organization_id) values ($1, $2, $3)`, [Number(yt.json().data.id), vid.rows[0].id, org.id]);
  }
  const tw = await ctx.call('POST', '/api/twitch_feed', { token, body: { keyword: 'Zephyr', project_id: project.id, game_id: '7001' } });
  expect(tw.statusCode, tw.body).toBe(201);
  await q(
    `insert into twitch_channels (id, login, display_name, profile_image_url, followers) values ('zb1', 'zola', 'Zola', null, 10), ('zb2', 'kip', 'Kip', null, 20)`,
  );
  for (const [sid, broadcaster, viewerMs, dayOffset] of [
    ['zs1', 'zb1', 7_200_000, -1],
    ['zs2', 'zb2', 36_000_000, -2],
  ] as const) {
    const item = await q(
      `insert into twitch_items (kind, twitch_id, broadcaster_id, game_id, title, url, published_at) values ('stream', $1, $2, '7001', $1, null, $3) returning id`,
      [sid, broadcaster, at(dayOffset)],
    );
    await q(`insert into twitch_feed_items (feed_id, item_id, organization_id) values ($1, $2, $3)`, [Number(tw.json().data.id), item.rows[0].id, org.id]);
    await q(
      `insert into twitch_stream_stats (stream_id, game_id, broadcaster_id, started_at, first_sample_at, last_sample_at, last_viewers, peak_viewers, peak_at,
         viewer_ms, covered_ms, samples, ended_at) values ($1, '7001', $2, $3, $3, $3, 10, 10, $3, $4, $5, 2, $6)`,
      [sid, broadcaster, at(dayOffset), viewerMs, 10 * MIN, new Date(at(dayOffset).getTime() + 10 * MIN)],
    );
  }
}, 60_000);
afterAll(() => ctx?.close());

describe('the project overview', () => {
  it('counts placements as the articles feed over the period does, and each story once', async () => {
    const o = await figures();
    const feed = await feedRows();
    expect(feed.total).toBe(6);
    expect(o.press.placements).toBe(feed.total);
    expect(o.alert_id).toBe(String(w.alertId));
    // The feed's rows by story, as the issue counts them: an article without a story id is its own.
    const { rows } = await q(
      `select count(distinct coalesce(story_id, article_id))::int as n from alert_articles where alert_id = $1 and article_id = any($2::bigint[])`,
      [w.alertId, feed.rows.map((r) => Number(r.id))],
    );
    expect(o.press.unique_stories).toBe(rows[0].n);
    expect(o.press.unique_stories).toBe(3);
  });

  it('adds up the visitors and estimated views the feed’s rows show', async () => {
    const o = await figures();
    const feed = await feedRows();
    const sum = (pick: (r: (typeof feed.rows)[number]) => number | null) => feed.rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
    expect(o.reach).toEqual({
      potential_reach: sum((r) => r.attributes.muv),
      estimated_views: sum((r) => r.attributes.estimated_views),
      unknown_visitors: feed.rows.filter((r) => r.attributes.muv === null).length,
    });
    expect(o.reach!.potential_reach).toBe(3 * 2_000_000 + 2 * 40_000);
    expect(o.reach!.unknown_visitors).toBe(1);
  });

  it('ranks the outlets by the feed’s matches', async () => {
    const o = await figures();
    const feed = await feedRows();
    const byMedia = new Map<string, number>();
    for (const r of feed.rows) byMedia.set(r.attributes.media, (byMedia.get(r.attributes.media) ?? 0) + 1);
    expect(o.top_outlets.map((t) => [t.media, t.placements])).toEqual([...byMedia].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
    expect(o.top_outlets[0]).toMatchObject({ media: `big-${w.orgId}.example`, placements: 3, muv: 2_000_000, score: 8 });
  });

  it('takes YouTube views and Twitch hours watched from the creator leaderboard', async () => {
    const o = await figures();
    const board = async (platform: string) => {
      const res = await ctx.call('GET', `/api/projects/${w.projectId}/creators?filter[platform]=${platform}&filter[from]=${FROM}&filter[to]=${TO}`, {
        token: w.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const yt = await board('youtube');
    expect(o.youtube).toMatchObject({ views: yt.meta.totals.views, videos: yt.meta.totals.videos, creators: yt.meta.totals.creators });
    expect(o.youtube!.views).toBe(5000);
    expect(o.youtube!.top).toEqual(yt.data.slice(0, 5).map((d: { attributes: unknown }) => d.attributes));
    const tw = await board('twitch');
    expect(o.twitch).toMatchObject({ hours_watched: tw.meta.totals.hours_watched, streams: tw.meta.totals.streams, creators: tw.meta.totals.creators });
    expect(o.twitch!.hours_watched).toBe(12);
    expect(o.twitch!.top.map((t) => t.broadcaster_id)).toEqual(['zb2', 'zb1']);
  });

  it('sets each competitor’s Super Search total beside the project’s own placements', async () => {
    const o = await figures();
    expect(o.share_of_voice).toMatchObject({ available: true, own: o.press.placements, search_from: FROM });
    for (const c of o.share_of_voice.competitors) {
      const vol = await ctx.call('POST', '/api/supersearch/volume', {
        token: w.token,
        body: { search: c.query, from_date: o.share_of_voice.search_from, to_date: TO, organization_id: w.orgId },
      });
      expect(vol.statusCode, vol.body).toBe(200);
      expect(c.count, c.name).toBe(vol.json().meta.total);
    }
    expect(o.share_of_voice.competitors.map((c) => [c.name, c.count])).toEqual([
      ['Halcyon', 3],
      ['Umbra', 1],
    ]);
  });

  it('counts the saved coverage dated in the period and shows the newest first', async () => {
    const o = await figures();
    const res = await ctx.call('GET', `/api/articles?filter[project_id]=${w.projectId}&filter[date_range]=${FROM},${TO}&sort=-date&page[page_size]=4`, {
      token: w.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(o.highlights.total).toBe(res.json().meta.total_entries);
    expect(o.highlights.total).toBe(4);
    expect(o.highlights.latest.map((h) => h.id)).toEqual(res.json().data.map((d: { id: string }) => d.id));
    expect(o.highlights.latest[0].title).toBe('Saved 0');
    expect(o.highlights.latest.map((h) => h.media)).toEqual(res.json().data.map((d: { attributes: { media: string } }) => d.attributes.media));
  });

  it('leaves out what the plan hides, and says so', async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'starter' });
    const project = await makeProject(ctx, org.id);
    await makeAlert(ctx, org.id, { projectId: project.id });
    const res = await overview(PERIOD, token, project.id);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data.attributes as Attributes;
    expect(o.reach).toBeNull();
    expect(o.youtube).toBeNull();
    expect(o.twitch).toBeNull();
    expect(o.share_of_voice.available).toBe(false);
    expect(o).toMatchObject({ press: { placements: 0, unique_stories: 0 }, top_outlets: [], highlights: { total: 0, latest: [] } });
  });

  it('answers 404 for another organization’s project and 422 at a bad period', async () => {
    const other = await makeOrg(ctx);
    expect((await overview(PERIOD, other.token)).statusCode).toBe(404);
    const bad = await overview('?filter[from]=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.parameter).toBe('filter[from]');
    const backwards = await overview(`?filter[from]=${TO}&filter[to]=${FROM}`);
    expect(backwards.statusCode).toBe(422);
  });
});
