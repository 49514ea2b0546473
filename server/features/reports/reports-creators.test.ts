import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TOP_CREATORS, SHOW_CREATORS_MESSAGE } from '../../../common/schemas/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { twitchStreamStats } from '../../db/schema/stream-samples.js';
import { savedStreams, twitchChannels } from '../../db/schema/streams.js';
import { savedVideos, youtubeChannels } from '../../db/schema/videos.js';
import { pointers, reportBody, reportWorkspace } from './test-fixtures.js';

/**
 * A report's top creators (issue 30 item 3): the leaderboard of its own saved streams and saved
 * videos (GET reports/{id}/creators and its public variant), and the `show_creators` switch.
 *
 * The streams' running totals are written as the polls leave them (streams/metrics.ts):
 *   A1 (Aster)  3 samples of 2 min: 100, 300, 200 → 600 × 120 s = 72,000,000 viewer-ms (20 h), peak 300
 *   A2 (Aster)  1 sample of 2 min: 500 → 60,000,000 viewer-ms (16.67 h), peak 500
 *   B1 (Bolt)   2 samples of 2 min: 50, 400 → 54,000,000 viewer-ms (15 h), peak 400
 *   Q1 (quiet)  never sampled
 *   X1 (Xeno)   3,600,000,000 viewer-ms (1,000 h): saved in the project, not in the report
 * Aster: 2 streams, 36.67 h, peak 500; Bolt: 1 stream, 15 h, peak 400; quiet: 0 h, no peak.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SCREENSHOTS_ENABLED: 'false' });
});
afterAll(async () => {
  await ctx?.close();
});

const t0 = Date.parse('2024-03-04T18:00:00Z');
const at = (min: number) => new Date(t0 + min * 60_000);

type Ws = Awaited<ReturnType<typeof reportWorkspace>>;
type Doc = { data: { type: string; id: string; attributes: Record<string, unknown> }[]; meta: Record<string, unknown> };

async function stream(ws: Ws, key: string, broadcaster: { id: string | null; name: string }, sampled?: { viewerMs: number; coveredMs: number; peak: number }) {
  const [row] = await ctx.deps.db
    .insert(savedStreams)
    .values({
      organizationId: ws.org.id,
      projectId: ws.project.id,
      tagId: ws.tags.reviews.id,
      twitchVideoId: `stream:${key}`,
      title: `Stream ${key}`,
      viewCount: 0,
      followers: 300,
      publishedAt: at(0),
      broadcasterId: broadcaster.id,
      broadcasterName: broadcaster.name,
    })
    .returning();
  if (sampled)
    await ctx.deps.db.insert(twitchStreamStats).values({
      streamId: key,
      gameId: '1990003000',
      broadcasterId: broadcaster.id ?? '',
      startedAt: at(0),
      firstSampleAt: at(1),
      lastSampleAt: at(5),
      lastViewers: sampled.peak,
      peakViewers: sampled.peak,
      peakAt: at(3),
      viewerMs: sampled.viewerMs,
      coveredMs: sampled.coveredMs,
      samples: 3,
      endedAt: at(6),
    });
  return row.id;
}

let seq = 0;
async function video(ws: Ws, channel: { id: string; title: string }, views: number) {
  const n = seq++;
  const [row] = await ctx.deps.db
    .insert(savedVideos)
    .values({
      organizationId: ws.org.id,
      projectId: ws.project.id,
      tagId: ws.tags.reviews.id,
      youtubeVideoId: `crv${ws.org.id}x${n}`,
      title: `${channel.title} video ${n}`,
      views,
      publishedAt: new Date('2024-03-05T10:00:00Z'),
      channelId: channel.id,
      channelTitle: channel.title,
    })
    .returning();
  return row.id;
}

/** A report over Aster's, Bolt's and the quiet streams and three videos, with Xeno's stream and a big video left out. */
async function creatorsReport(attributes: Record<string, unknown> = {}) {
  const ws = await reportWorkspace(ctx);
  await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
  await ctx.deps.db
    .insert(twitchChannels)
    .values({ id: `61${ws.org.id}01`, login: 'aster', displayName: 'Aster', profileImageUrl: 'https://static-cdn.jtvnw.net/aster.png', followers: 9000 })
    .onConflictDoNothing();
  const aster = { id: `61${ws.org.id}01`, name: 'aster' };
  const bolt = { id: `61${ws.org.id}02`, name: 'bolt' };
  const k = (n: number) => `8${ws.org.id}00${n}`;
  const streams = [
    await stream(ws, k(1), aster, { viewerMs: 72_000_000, coveredMs: 360_000, peak: 300 }),
    await stream(ws, k(2), aster, { viewerMs: 60_000_000, coveredMs: 120_000, peak: 500 }),
    await stream(ws, k(3), bolt, { viewerMs: 54_000_000, coveredMs: 240_000, peak: 400 }),
    await stream(ws, k(4), { id: null, name: 'quietcaster' }),
  ];
  const outside = await stream(ws, k(5), { id: `61${ws.org.id}09`, name: 'xeno' }, { viewerMs: 3_600_000_000, coveredMs: 600_000, peak: 9000 });
  const alpha = { id: `UCalpha${ws.org.id}`, title: 'Alpha Plays' };
  const beta = { id: `UCbeta${ws.org.id}`, title: 'Beta Reviews' };
  await ctx.deps.db.insert(youtubeChannels).values({ id: beta.id, title: 'Beta Reviews', thumbnail: 'https://yt3.ggpht.com/beta.jpg', subscribers: 42_000 });
  const videos = [await video(ws, alpha, 1200), await video(ws, alpha, 300), await video(ws, beta, 2000)];
  const bigOutside = await video(ws, { id: `UCgamma${ws.org.id}`, title: 'Gamma' }, 1_000_000);
  const res = await ctx.call('POST', '/api/reports', {
    token: ws.token,
    body: reportBody(ws.project.id, { videos, saved_streams: streams, ...attributes }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ws, id: res.json().data.id as string, outside, bigOutside, aster, bolt, alpha, beta };
}

const rows = (doc: Doc, platform: string) => doc.data.filter((d) => d.attributes.platform === platform).map((d) => d.attributes);

describe('a report’s top creators', () => {
  it('ranks the report’s own saved streams’ broadcasters by hours watched and its videos’ channels by views, for members and on the public link', async () => {
    const { ws, id, aster, bolt, alpha, beta } = await creatorsReport();
    for (const url of [`/api/reports/${id}/creators`, `/api/p/reports/${id}/creators`]) {
      const res = await ctx.call('GET', url, { token: url.includes('/p/') ? undefined : ws.token });
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json() as Doc;
      expect(doc.data.every((d) => d.type === 'creator')).toBe(true);
      const twitch = rows(doc, 'twitch');
      expect(twitch.map((r) => [r.rank, r.broadcaster_name, r.streams, r.peak_viewers])).toEqual([
        [1, 'Aster', 2, 500],
        [2, 'bolt', 1, 400],
        [3, 'quietcaster', 1, null],
      ]);
      expect(twitch[0]).toMatchObject({ broadcaster_id: aster.id, broadcaster_login: 'aster', profile_image_url: 'https://static-cdn.jtvnw.net/aster.png' });
      expect(twitch[0].hours_watched).toBeCloseTo(132_000_000 / 3_600_000, 6);
      expect(twitch[1]).toMatchObject({ broadcaster_id: bolt.id, hours_watched: 15, average_viewers: 225 });
      expect(twitch[2]).toMatchObject({ hours_watched: 0, average_viewers: null });
      const youtube = rows(doc, 'youtube');
      expect(youtube.map((r) => [r.rank, r.channel_id, r.channel_title, r.videos, r.views])).toEqual([
        [1, beta.id, 'Beta Reviews', 1, 2000],
        [2, alpha.id, 'Alpha Plays', 2, 1500],
      ]);
      expect(youtube[0]).toMatchObject({ thumbnail: 'https://yt3.ggpht.com/beta.jpg', subscribers: 42_000 });
      // Nothing of the project's other saved streams and videos (Xeno's 1,000 hours, Gamma's million views).
      expect(res.body).not.toMatch(/xeno|Gamma/);
      expect(doc.meta).toEqual({
        limit: REPORT_TOP_CREATORS,
        twitch: { creators: 3, hours_watched: expect.any(Number), streams: 4 },
        youtube: { creators: 2, views: 3500, videos: 3 },
      });
      // Aster's 132,000,000 and Bolt's 54,000,000 viewer-ms.
      expect((doc.meta.twitch as { hours_watched: number }).hours_watched).toBeCloseTo(186_000_000 / 3_600_000, 6);
    }
  });

  it('shows at most ten creators of a platform; the totals count every one', async () => {
    const ws = await reportWorkspace(ctx);
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const videos = [];
    for (let n = 1; n <= REPORT_TOP_CREATORS + 2; n++) videos.push(await video(ws, { id: `UCmany${ws.org.id}x${n}`, title: `Channel ${n}` }, n * 100));
    const res = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { videos }) });
    expect(res.statusCode, res.body).toBe(201);
    const doc = (await ctx.call('GET', `/api/p/reports/${res.json().data.id}/creators`)).json() as Doc;
    const youtube = rows(doc, 'youtube');
    expect(youtube).toHaveLength(REPORT_TOP_CREATORS);
    expect(youtube[0]).toMatchObject({ rank: 1, channel_title: 'Channel 12', views: 1200 });
    expect(youtube.at(-1)).toMatchObject({ rank: 10, channel_title: 'Channel 3' });
    expect(rows(doc, 'twitch')).toEqual([]);
    expect(doc.meta).toMatchObject({ twitch: { creators: 0, hours_watched: 0, streams: 0 }, youtube: { creators: 12, videos: 12, views: 7800 } });
  });

  it('answers 404 to another organization, and for an unknown or deleted report on the public link', async () => {
    const { ws, id } = await creatorsReport();
    const stranger = await reportWorkspace(ctx);
    const theirs = await ctx.call('GET', `/api/reports/${id}/creators`, { token: stranger.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors[0].code).toBe('not_found');
    expect((await ctx.call('GET', `/api/reports/${id}/creators`)).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/p/reports/AAAAAAAAAAAAAAAAAAAAAA/creators')).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/p/reports/not-a-report-id/creators')).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `/api/reports/${id}`, { token: ws.token })).statusCode).toBe(204);
    expect((await ctx.call('GET', `/api/p/reports/${id}/creators`)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/reports/${id}/creators`, { token: ws.token })).statusCode).toBe(404);
  });

  it('keeps show_creators: true unless told, false when published so, changed by PATCH; the route answers either way', async () => {
    const shown = await creatorsReport();
    const detail = async (id: string, token?: string) =>
      (await ctx.call('GET', token ? `/api/reports/${id}` : `/api/p/reports/${id}`, { token })).json().data.attributes;
    expect((await detail(shown.id, shown.ws.token)).show_creators).toBe(true);

    const hidden = await creatorsReport({ show_creators: false });
    expect((await detail(hidden.id)).show_creators).toBe(false);
    const list = await ctx.call('GET', `/api/reports?filter[project_id]=${hidden.ws.project.id}`, { token: hidden.ws.token });
    expect(list.json().data[0].attributes.show_creators).toBe(false);
    // The page hides the section; the route still answers.
    const doc = (await ctx.call('GET', `/api/p/reports/${hidden.id}/creators`)).json() as Doc;
    expect(rows(doc, 'twitch')).toHaveLength(3);

    const patch = (attributes: Record<string, unknown>) =>
      ctx.call('PATCH', `/api/reports/${hidden.id}`, { token: hidden.ws.token, body: { data: { type: 'report', attributes } } });
    const on = await patch({ show_creators: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.attributes.show_creators).toBe(true);
    // A rename leaves it as it is.
    expect((await patch({ name: 'Renamed coverage' })).json().data.attributes).toMatchObject({ name: 'Renamed coverage', show_creators: true });
    expect((await patch({ show_creators: false })).json().data.attributes.show_creators).toBe(false);
  });

  it('refuses a show_creators that is not a boolean (422 at its pointer), on publish and on PATCH', async () => {
    const ws = await reportWorkspace(ctx);
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const created = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { show_creators: 'yes' }) });
    expect(created.statusCode, created.body).toBe(422);
    expect(pointers(created)).toEqual({ '/data/attributes/show_creators': SHOW_CREATORS_MESSAGE });
    expect((await ctx.call('GET', `/api/reports?filter[project_id]=${ws.project.id}`, { token: ws.token })).json().data).toEqual([]);

    const ok = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, {}) });
    const id = ok.json().data.id as string;
    const patched = await ctx.call('PATCH', `/api/reports/${id}`, { token: ws.token, body: { data: { type: 'report', attributes: { show_creators: 1 } } } });
    expect(patched.statusCode, patched.body).toBe(422);
    expect(pointers(patched)).toEqual({ '/data/attributes/show_creators': SHOW_CREATORS_MESSAGE });
    expect((await ctx.call('GET', `/api/reports/${id}`, { token: ws.token })).json().data.attributes.show_creators).toBe(true);
  });
});
