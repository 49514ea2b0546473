import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { CREATOR_MESSAGES } from '../../../common/schemas/creators.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { savedCreatorsLeaderboard } from './service.js';

/*
 * The creator leaderboard (issue 30 item 3). The streams' running totals are written as the
 * polls leave them (streams/metrics.ts: each sample stands for half the gap to its neighbours,
 * each half capped at 5 minutes; the first also back to the start), for these samples:
 *
 *   A1 (Aster)  starts D−2 10:00; 100 viewers at 10:05, 200 at 10:15; gone at 10:25
 *               → 100 × 10 min + 200 × 10 min = 180,000,000 viewer-ms (50 h), covered 20 min,
 *                 ended 10:20, airtime 1,200 s, peak 200
 *   A2 (Aster)  starts D−1 12:00; 400 at 12:05; gone at 12:15
 *               → 400 × 10 min = 240,000,000 viewer-ms (66.67 h), covered 10 min, airtime 600 s, peak 400
 *   B1 (Bolt)   starts D−3 11:00; 1000 at 11:05; gone at 11:15
 *               → 600,000,000 viewer-ms (166.67 h), covered 10 min, airtime 600 s, peak 1000
 *   C1 (Cyra)   saved only, never sampled
 *
 * Aster: 2 streams, 420,000,000 viewer-ms = 116.67 h, average 420,000,000 ÷ 1,800,000 = 233,
 * peak 400, airtime 1,800 s. D is today (UTC), so all of it lies in the default period.
 */

const MIN = 60_000;
const H = 3_600_000;
let ctx: TestContext;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const at = (dayOffset: number, hour: number, minute = 0) => new Date(today + dayOffset * 24 * H + hour * H + minute * MIN);
const day = (dayOffset: number) => at(dayOffset, 0).toISOString().slice(0, 10);

type ErrorBody = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };
type Doc = { data: { id: string; attributes: Record<string, unknown> }[]; meta: Record<string, unknown>; errors?: ErrorBody[] };

const w = { orgId: 0, token: '', projectId: 0, tagId: 0, twitchFeed: 0, youtubeFeed: 0, savedC1: 0, savedA1: 0, savedV2: 0, savedV3: 0 };
const q = (text: string, params: unknown[] = []) => ctx.deps.pool.query(text, params);

async function stats(streamId: string, broadcaster: string, startedAt: Date, totals: { viewerMs: number; coveredMs: number; peak: number; endedAt: Date }) {
  await q(
    `insert into twitch_stream_stats (stream_id, game_id, broadcaster_id, started_at, first_sample_at, last_sample_at, last_viewers, peak_viewers, peak_at,
       viewer_ms, covered_ms, samples, ended_at)
     values ($1, '509658', $2, $3, $3, $3, $4, $4, $3, $5, $6, 2, $7)`,
    [streamId, broadcaster, startedAt, totals.peak, totals.viewerMs, totals.coveredMs, totals.endedAt],
  );
}

async function twitchItem(
  kind: 'stream' | 'video',
  twitchId: string,
  broadcaster: string,
  publishedAt: Date,
  extra: { title: string; streamId?: string; url?: string },
) {
  const res = await q(
    `insert into twitch_items (kind, twitch_id, twitch_video_id, twitch_stream_id, broadcaster_id, game_id, title, url, published_at)
     values ($1, $2, $3, $4, $5, '509658', $6, $7, $8) returning id`,
    [kind, twitchId, kind === 'video' ? twitchId : null, extra.streamId ?? null, broadcaster, extra.title, extra.url ?? null, publishedAt],
  );
  return Number(res.rows[0].id);
}

async function inTwitchFeed(itemId: number, status = 'new') {
  await q(`insert into twitch_feed_items (feed_id, item_id, organization_id, status) values ($1, $2, $3, $4)`, [w.twitchFeed, itemId, w.orgId, status]);
}

async function savedStream(key: string, v: { broadcasterId: string | null; name: string; followers: number; publishedAt: Date; title: string }) {
  const res = await q(
    `insert into saved_streams (organization_id, project_id, tag_id, twitch_video_id, title, followers, published_at, broadcaster_id, broadcaster_name, url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'https://www.twitch.tv/videos/1') returning id`,
    [w.orgId, w.projectId, w.tagId, key, v.title, v.followers, v.publishedAt, v.broadcasterId, v.name],
  );
  return Number(res.rows[0].id);
}

async function youtubeVideo(videoId: string, channel: string, publishedAt: Date, views: number | null, statsFetchedAt: Date | null = new Date()) {
  const res = await q(
    `insert into youtube_videos (video_id, channel_id, title, published_at, views, stats_fetched_at) values ($1, $2, $3, $4, $5, $6) returning id`,
    [videoId, channel, `Video ${videoId}`, publishedAt, views, statsFetchedAt],
  );
  return Number(res.rows[0].id);
}

async function savedVideo(videoId: string, v: { channelId: string; title: string; views: number; subscribers: number; publishedAt: Date; insertedAt: Date }) {
  const res = await q(
    `insert into saved_videos (organization_id, project_id, tag_id, youtube_video_id, title, views, published_at, channel_id, channel_title, channel_subscribers, inserted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [w.orgId, w.projectId, w.tagId, videoId, `Saved ${videoId}`, v.views, v.publishedAt, v.channelId, v.title, v.subscribers, v.insertedAt],
  );
  return Number(res.rows[0].id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { org, token } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id, { name: 'Nebula Esports' });
  const tag = await makeTag(ctx, org.id, project.id, 'Tournament coverage');
  Object.assign(w, { orgId: org.id, token, projectId: project.id, tagId: tag.id });
  const feed = await ctx.call('POST', '/api/twitch_feed', { token, body: { keyword: 'Nebula', project_id: project.id, game_id: '509658' } });
  expect(feed.statusCode, feed.body).toBe(201);
  w.twitchFeed = Number(feed.json().data.id);
  const yt = await ctx.call('POST', '/api/youtube_feed', { token, body: { keyword: 'Nebula', project_id: project.id } });
  expect(yt.statusCode, yt.body).toBe(201);
  w.youtubeFeed = Number(yt.json().data.id);

  await q(`insert into twitch_channels (id, login, display_name, profile_image_url, followers) values
    ('a', 'aster', 'Aster', 'https://static-cdn.jtvnw.net/a.png', 5000), ('b', 'bolt', '=Bolt', null, 50)`);
  // Aster: A1 in the feed (as a live stream) and saved through its VOD; A2 in the feed.
  await inTwitchFeed(await twitchItem('stream', 'A1', 'a', at(-2, 10), { title: 'Aster opens the cup', url: 'https://www.twitch.tv/aster' }));
  await twitchItem('video', 'vodA1', 'a', at(-2, 10), { title: 'Aster opens the cup (VOD)', streamId: 'A1' });
  w.savedA1 = await savedStream('vodA1', { broadcasterId: 'a', name: 'Aster', followers: 4900, publishedAt: at(-2, 10), title: 'Aster opens the cup' });
  await stats('A1', 'a', at(-2, 10), { viewerMs: 180_000_000, coveredMs: 20 * MIN, peak: 200, endedAt: at(-2, 10, 20) });
  await inTwitchFeed(await twitchItem('stream', 'A2', 'a', at(-1, 12), { title: 'Aster finals', url: 'https://www.twitch.tv/aster' }));
  await stats('A2', 'a', at(-1, 12), { viewerMs: 240_000_000, coveredMs: 10 * MIN, peak: 400, endedAt: at(-1, 12, 10) });
  // Bolt: B1 in the feed; an older stream (out of any default period) and a deleted one stay out.
  await inTwitchFeed(await twitchItem('stream', 'B1', 'b', at(-3, 11), { title: 'Bolt speedrun', url: 'https://www.twitch.tv/bolt' }));
  await stats('B1', 'b', at(-3, 11), { viewerMs: 600_000_000, coveredMs: 10 * MIN, peak: 1000, endedAt: at(-3, 11, 10) });
  await inTwitchFeed(await twitchItem('stream', 'B0', 'b', at(-90, 11), { title: 'Bolt long ago' }));
  await stats('B0', 'b', at(-90, 11), { viewerMs: 9_000_000_000, coveredMs: 10 * MIN, peak: 9000, endedAt: at(-90, 11, 10) });
  await inTwitchFeed(await twitchItem('stream', 'B9', 'b', at(-1, 9), { title: 'Bolt removed' }), 'deleted');
  await stats('B9', 'b', at(-1, 9), { viewerMs: 9_000_000_000, coveredMs: 10 * MIN, peak: 9000, endedAt: at(-1, 9, 10) });
  // Cyra: saved only (a live stream saved before its VOD), never sampled.
  w.savedC1 = await savedStream('stream:C1', { broadcasterId: 'c', name: 'Cyra', followers: 70, publishedAt: at(-1, 20), title: 'Cyra late show' });

  // YouTube: Xeno's v1 and v2 in the feed (v2 saved too, its saved copy read before YouTube's last count); Yara's v3 saved only.
  await q(`insert into youtube_channels (id, title, thumbnail, subscribers, hidden_subscribers) values
    ('UCxeno', 'Xeno', 'https://yt3.ggpht.com/x.jpg', 1000, false), ('UCyara', 'Yara', null, 99, true)`);
  for (const [id, views, dayOffset] of [
    ['v1', 500, -2],
    ['v2', 300, -1],
  ] as const) {
    const vid = await youtubeVideo(id, 'UCxeno', at(dayOffset, 8), views);
    await q(`insert into youtube_feed_videos (feed_id, video_id, organization_id) values ($1, $2, $3)`, [w.youtubeFeed, vid, w.orgId]);
  }
  w.savedV2 = await savedVideo('v2', { channelId: 'UCxeno', title: 'Xeno', views: 100, subscribers: 900, publishedAt: at(-1, 8), insertedAt: at(-1, 9) });
  w.savedV3 = await savedVideo('v3', { channelId: 'UCyara', title: 'Yara', views: 50, subscribers: 99, publishedAt: at(-4, 8), insertedAt: at(-4, 9) });
}, 60_000);
afterAll(() => ctx?.close());

const get = async (query: string, token = w.token, projectId = w.projectId) => ctx.call('GET', `/api/projects/${projectId}/creators${query}`, { token });
const board = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
};
const names = (doc: Doc) => doc.data.map((r) => r.attributes.broadcaster_name ?? r.attributes.channel_title);

describe('GET projects/{id}/creators (Twitch)', () => {
  it('ranks broadcasters by hours watched over the last 30 days, each stream once, with exact numbers and totals', async () => {
    const doc = await board('');
    expect(names(doc)).toEqual(['=Bolt', 'Aster', 'Cyra']);
    const [bolt, aster, cyra] = doc.data;
    expect(bolt).toMatchObject({ type: 'creator', id: 'b' });
    expect(aster.attributes).toEqual({
      platform: 'twitch',
      rank: 2,
      broadcaster_id: 'a',
      broadcaster_name: 'Aster',
      broadcaster_login: 'aster',
      profile_image_url: 'https://static-cdn.jtvnw.net/a.png',
      followers: 5000,
      streams: 2,
      hours_watched: 420_000_000 / H,
      peak_viewers: 400,
      average_viewers: 233,
      airtime: 1800,
      last_stream_at: at(-1, 12).toISOString(),
      top_stream: { title: 'Aster finals', url: 'https://www.twitch.tv/aster' },
    });
    expect(bolt.attributes).toMatchObject({ rank: 1, streams: 1, hours_watched: 600_000_000 / H, peak_viewers: 1000, average_viewers: 1000, airtime: 600 });
    // Saved only, never sampled: counted, with the saved copy's name and followers, and no live metrics.
    expect(cyra.attributes).toMatchObject({
      rank: 3,
      broadcaster_id: 'c',
      followers: 70,
      streams: 1,
      hours_watched: 0,
      peak_viewers: null,
      average_viewers: null,
      airtime: 0,
      top_stream: { title: 'Cyra late show' },
    });
    expect(doc.meta).toMatchObject({
      total_entries: 3,
      page_number: 1,
      page_size: 25,
      last_page: 1,
      platform: 'twitch',
      period: { from: day(-29), to: day(0) },
      totals: { creators: 3, hours_watched: 1_020_000_000 / H, streams: 4 },
      has_feed: true,
    });
  });

  it('keeps to the period: items whose stream started in it, feed and saved alike', async () => {
    const doc = await board(`?filter[from]=${day(-2)}&filter[to]=${day(-1)}`);
    expect(names(doc)).toEqual(['Aster', 'Cyra']);
    expect(doc.meta).toMatchObject({ period: { from: day(-2), to: day(-1) }, totals: { creators: 2, streams: 3 } });
    const one = await board(`?filter[from]=${day(-2)}&filter[to]=${day(-2)}`);
    expect(one.data.map((r) => r.attributes.streams)).toEqual([1]);
    expect(one.data[0].attributes.hours_watched).toBe(50);
    // The old stream is there when the period reaches it.
    const old = await board(`?filter[from]=${day(-95)}&filter[to]=${day(-85)}`);
    expect(old.data.map((r) => [r.id, r.attributes.hours_watched])).toEqual([['b', 2500]]);
  });

  it('sorts by each metric, either way, ranks across pages, and missing numbers last', async () => {
    const ids = async (sort: string) => (await board(`?sort=${sort}`)).data.map((r) => r.id);
    expect(await ids('-peak_viewers')).toEqual(['b', 'a', 'c']);
    expect(await ids('peak_viewers')).toEqual(['a', 'b', 'c']);
    expect(await ids('-streams')).toEqual(['a', 'b', 'c']);
    expect(await ids('-followers')).toEqual(['a', 'c', 'b']);
    expect(await ids('-average_viewers')).toEqual(['b', 'a', 'c']);
    expect(await ids('hours_watched')).toEqual(['c', 'a', 'b']);
    const page2 = await board('?page[number]=2&page[size]=2');
    expect(page2.data.map((r) => [r.id, r.attributes.rank])).toEqual([['c', 3]]);
    expect(page2.meta).toMatchObject({ total_entries: 3, last_page: 2, page_number: 2, page_size: 2 });
    // A search narrows the rows, not the ranks or the totals (the app's tables spell paging page[page], page[page_size]).
    const found = await board('?filter[search]=ast&page[page]=1&page[page_size]=1');
    expect(found.data.map((r) => [r.id, r.attributes.rank])).toEqual([['a', 2]]);
    expect(found.meta).toMatchObject({ total_entries: 1, page_size: 1, totals: { creators: 3 } });
    expect((await board('?filter[search]=100%25')).data).toEqual([]);
    const beyond = await board('?page[number]=9&page[size]=2');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totals).toMatchObject({ creators: 3 });
  });

  it('exports every row as CSV with headers, and text that would run as a formula escaped', async () => {
    const res = await ctx.call('GET', `/api/projects/${w.projectId}/creators?page[size]=1`, { token: w.token, headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="creators-twitch-${day(-29)}-${day(0)}.csv"`);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'rank,broadcaster_id,broadcaster_name,broadcaster_login,followers,streams,hours_watched,peak_viewers,average_viewers,airtime_seconds,last_stream_at,top_stream_title,top_stream_url',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`1,b,'=Bolt,bolt,50,1,166.67,1000,1000,600,${at(-3, 11).toISOString()},Bolt speedrun,https://www.twitch.tv/bolt`);
    expect(lines[2]).toMatch(/^2,a,Aster,aster,5000,2,116.67,400,233,1800,/);
  });
});

describe('GET projects/{id}/creators (YouTube)', () => {
  it('ranks channels by current views, each video once, with subscribers, top video and totals', async () => {
    const doc = await board('?filter[platform]=youtube');
    expect(doc.data.map((r) => r.attributes)).toEqual([
      {
        platform: 'youtube',
        rank: 1,
        channel_id: 'UCxeno',
        channel_title: 'Xeno',
        thumbnail: 'https://yt3.ggpht.com/x.jpg',
        subscribers: 1000,
        videos: 2,
        views: 800,
        last_video_at: at(-1, 8).toISOString(),
        top_video: { title: 'Video v1', url: 'https://www.youtube.com/watch?v=v1', views: 500 },
      },
      {
        platform: 'youtube',
        rank: 2,
        channel_id: 'UCyara',
        channel_title: 'Yara',
        thumbnail: null,
        // Hidden by the channel.
        subscribers: null,
        videos: 1,
        views: 50,
        last_video_at: at(-4, 8).toISOString(),
        top_video: { title: 'Saved v3', url: 'https://www.youtube.com/watch?v=v3', views: 50 },
      },
    ]);
    expect(doc.meta).toMatchObject({ platform: 'youtube', totals: { creators: 2, views: 850, videos: 3 }, has_feed: true });
    expect((await board('?filter[platform]=youtube&sort=-subscribers')).data.map((r) => r.id)).toEqual(['UCxeno', 'UCyara']);
    expect((await board('?filter[platform]=youtube&sort=videos')).data.map((r) => r.id)).toEqual(['UCyara', 'UCxeno']);
    const csv = await ctx.call('GET', `/api/projects/${w.projectId}/creators?filter[platform]=youtube`, { token: w.token, headers: { accept: 'text/csv' } });
    expect(csv.body.split('\n')[0]).toBe('rank,channel_id,channel_title,subscribers,videos,views,last_video_at,top_video_title,top_video_url,top_video_views');
  });
});

describe('the leaderboard of saved ids (for a report)', () => {
  it('ranks the creators of the given saved streams and videos only, of the organization’s project', async () => {
    const twitch = await savedCreatorsLeaderboard(ctx.deps.db, w.orgId, w.projectId, { platform: 'twitch', savedIds: [w.savedA1, w.savedC1] });
    expect(twitch.rows.map((r) => [r.broadcasterId, r.streams, r.viewerMs])).toEqual([
      ['a', 1, 180_000_000],
      ['c', 1, 0],
    ]);
    expect(twitch.totals).toEqual({ creators: 2, hours_watched: 50, streams: 2 });
    const youtube = await savedCreatorsLeaderboard(ctx.deps.db, w.orgId, w.projectId, {
      platform: 'youtube',
      savedIds: [w.savedV2, w.savedV3],
      sort: 'videos',
    });
    // v2 read by YouTube after it was saved: its current views are YouTube's 300, not the saved 100.
    expect(youtube.rows.map((r) => [r.channelId, r.views])).toEqual([
      ['UCxeno', 300],
      ['UCyara', 50],
    ]);
    const other = await makeOrg(ctx);
    const otherProject = await makeProject(ctx, other.org.id);
    expect((await savedCreatorsLeaderboard(ctx.deps.db, other.org.id, otherProject.id, { platform: 'twitch', savedIds: [w.savedA1] })).rows).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers bad parameters with 422 at each parameter, with a plain message', async () => {
    const errs = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(422);
      return (res.json() as Doc).errors!.map((e) => [e.code, e.source?.parameter, e.detail]);
    };
    expect(await errs('?filter[platform]=vimeo&filter[from]=2026-02-30&page[size]=500')).toEqual([
      ['validation_failed', 'filter[platform]', CREATOR_MESSAGES.platform],
      ['validation_failed', 'filter[from]', CREATOR_MESSAGES.day],
      ['validation_failed', 'page[size]', CREATOR_MESSAGES.size],
    ]);
    expect(await errs(`?filter[from]=${day(0)}&filter[to]=${day(-1)}`)).toEqual([['validation_failed', 'filter[from]', CREATOR_MESSAGES.order]]);
    expect(await errs(`?filter[from]=${day(-366)}&filter[to]=${day(0)}`)).toEqual([['validation_failed', 'filter[from]', CREATOR_MESSAGES.span]]);
    expect((await get(`?filter[from]=${day(-365)}&filter[to]=${day(0)}`)).statusCode).toBe(200);
    expect(await errs('?filter[platform]=youtube&sort=-hours_watched&page[number]=0')).toEqual([
      ['validation_failed', 'sort', CREATOR_MESSAGES.sort('youtube')],
      ['validation_failed', 'page[number]', CREATOR_MESSAGES.page],
    ]);
  });

  it('answers 404 for another organization’s project and an empty board for a project without a feed', async () => {
    const other = await makeOrg(ctx);
    const res = await get('', other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
    const bare = await makeProject(ctx, w.orgId, { name: 'Quiet project' });
    const empty = await board('').then(() => get('', w.token, bare.id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    expect(empty.json().meta).toMatchObject({ total_entries: 0, has_feed: false, totals: { creators: 0, hours_watched: 0, streams: 0 } });
  });

  it('refuses a platform the plan lacks as the Twitch and YouTube routes do', async () => {
    const starter = await makeOrg(ctx, { plan: 'starter' });
    const project = await makeProject(ctx, starter.org.id);
    for (const platform of ['twitch', 'youtube']) {
      const res = await get(`?filter[platform]=${platform}`, starter.token, project.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    }
    // Without a platform: the one the plan has (none here: Twitch's refusal).
    expect((await get('', starter.token, project.id)).statusCode).toBe(403);
    await q(`update organizations set permissions = permissions || '{"twitch_feed": false}'::jsonb where id = $1`, [w.orgId]);
    ctx.deps.authenticator.forgetAll();
    try {
      expect((await get('?filter[platform]=twitch')).statusCode).toBe(403);
      expect((await board('')).meta.platform).toBe('youtube');
    } finally {
      await q(`update organizations set permissions = permissions || '{"twitch_feed": true}'::jsonb where id = $1`, [w.orgId]);
      ctx.deps.authenticator.forgetAll();
    }
  });
});
