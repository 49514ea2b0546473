import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_MEDIA_MESSAGES } from '../../../common/schemas/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeProject, makeTag } from '../../../test/helpers/factories.js';
import { twitchStreamSamples, twitchStreamStats } from '../../db/schema/stream-samples.js';
import { savedStreams } from '../../db/schema/streams.js';
import { savedVideos, youtubeVideos } from '../../db/schema/videos.js';
import { pointers, reportBody, reportWorkspace } from './test-fixtures.js';

/**
 * A report's saved videos and streams: only the project's own are accepted, the report's lists
 * (member and public) read them from the saved tables with paging and sorting, and the totals
 * count what is still there.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SCREENSHOTS_ENABLED: 'false' });
});
afterAll(async () => {
  await ctx?.close();
});

async function mediaReport() {
  const ws = await reportWorkspace(ctx);
  await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
  const v1 = await ws.saveVideo({ tagId: ws.tags.reviews.id, date: '2024-03-05T10:00:00Z', title: 'Launch trailer reaction', views: 1200 });
  const v2 = await ws.saveVideo({ tagId: ws.tags.news.id, date: '2024-03-09T10:00:00Z', title: 'Launch review', views: 300 });
  const v3 = await ws.saveVideo({ tagId: ws.tags.news.id, date: '2024-03-07T10:00:00Z', title: 'Launch speedrun', views: 40 });
  const s1 = await ws.saveStream({ tagId: ws.tags.reviews.id, date: '2024-03-04T18:00:00Z', title: 'Launch night stream', views: 900 });
  const res = await ctx.call('POST', '/api/reports', {
    token: ws.token,
    body: reportBody(ws.project.id, { videos: [v1.id, v2.id, v3.id], saved_streams: [s1.id] }),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.attributes).toMatchObject({ 'reports-videos': 3, 'reports-streams': 1 });
  return { ws, id: res.json().data.id as string, videos: [v1, v2, v3], stream: s1 };
}

const titles = (res: { json(): { data: { attributes: { title: string } }[] } }) => res.json().data.map((d) => d.attributes.title);

describe('report videos and streams', () => {
  it('lists the report’s saved videos and streams, newest first, paged, for members and on the public link', async () => {
    const { ws, id, videos, stream } = await mediaReport();
    const list = await ctx.call('GET', `/api/reports/${id}/videos`, { token: ws.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(titles(list)).toEqual(['Launch review', 'Launch speedrun', 'Launch trailer reaction']);
    expect(list.json().meta).toEqual({ total_entries: 3, last_page: 1, page_number: 1, page_size: 10 });
    const first = list.json().data[2];
    expect(first).toMatchObject({
      type: 'saved_video',
      id: String(videos[0].id),
      attributes: {
        views: 1200,
        youtube_video_id: videos[0].youtubeVideoId,
        channel_title: 'Launch Channel',
        channel_subscribers: 5000,
        tag: 'Reviews',
        tag_id: String(ws.tags.reviews.id),
        project_id: String(ws.project.id),
        published_at: '2024-03-05T10:00:00.000Z',
      },
    });

    const page2 = await ctx.call('GET', `/api/reports/${id}/videos?page=2&page_size=2`, { token: ws.token });
    expect(titles(page2)).toEqual(['Launch trailer reaction']);
    expect(page2.json().meta).toMatchObject({ total_entries: 3, last_page: 2, page_number: 2 });
    const asc = await ctx.call('GET', `/api/p/saved_videos?report_id=${id}&sortField=published_at&sortOrder=asc&sizePerPage=2`);
    expect(titles(asc)).toEqual(['Launch trailer reaction', 'Launch speedrun']);
    const byViews = await ctx.call('GET', `/api/p/reports/${id}/videos?sortField=views`);
    expect(titles(byViews)).toEqual(['Launch trailer reaction', 'Launch review', 'Launch speedrun']);

    for (const url of [`/api/reports/${id}/streams`, `/api/p/reports/${id}/streams`, `/api/p/saved_streams?report_id=${id}`]) {
      const res = await ctx.call('GET', url, { token: url.includes('/p/') ? undefined : ws.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({
          type: 'saved_stream',
          id: String(stream.id),
          attributes: expect.objectContaining({ title: 'Launch night stream', view_count: 900, followers: 1200, url: stream.url, tag: 'Reviews' }),
        }),
      ]);
    }

    const detail = (await ctx.call('GET', `/api/p/reports/${id}`)).json().data.attributes;
    expect(detail.totals).toMatchObject({ articles: 1, videos: 3, video_views: 1540, streams: 1, stream_views: 900 });
  });

  it('forgets a saved video deleted after publishing: gone from the list and the counts', async () => {
    const { ws, id, videos } = await mediaReport();
    await ctx.deps.db.delete(savedVideos).where(eq(savedVideos.id, videos[1].id));
    const list = await ctx.call('GET', `/api/reports/${id}/videos`, { token: ws.token });
    expect(titles(list)).toEqual(['Launch speedrun', 'Launch trailer reaction']);
    const detail = (await ctx.call('GET', `/api/reports/${id}`, { token: ws.token })).json().data.attributes;
    expect(detail).toMatchObject({ 'reports-videos': 2, totals: { videos: 2, video_views: 1240 } });
  });

  it('refuses videos and streams that are not the project’s (another project, another organization, unknown)', async () => {
    const mine = await reportWorkspace(ctx);
    await mine.save({ tagId: mine.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const other = await makeProject(ctx, mine.org.id, { name: 'Other project' });
    const otherTag = await makeTag(ctx, mine.org.id, other.id, 'Other');
    const otherProjectVideo = await mine.saveVideo({ tagId: otherTag.id, projectId: other.id, date: '2024-03-05T10:00:00Z' });
    const ownVideo = await mine.saveVideo({ tagId: mine.tags.reviews.id, date: '2024-03-05T10:00:00Z' });
    const theirs = await reportWorkspace(ctx);
    const theirStream = await theirs.saveStream({ tagId: theirs.tags.reviews.id, date: '2024-03-05T10:00:00Z' });

    const res = await ctx.call('POST', '/api/reports', {
      token: mine.token,
      body: reportBody(mine.project.id, { videos: [ownVideo.id, otherProjectVideo.id, 999_999_999_999], saved_streams: [theirStream.id] }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(pointers(res)).toEqual({
      '/data/attributes/videos/1': REPORT_MEDIA_MESSAGES.videoNotInProject,
      '/data/attributes/videos/2': REPORT_MEDIA_MESSAGES.videoNotInProject,
      '/data/attributes/saved_streams/0': REPORT_MEDIA_MESSAGES.streamNotInProject,
    });
    const reports = await ctx.call('GET', `/api/reports?project_id=${mine.project.id}`, { token: mine.token });
    expect(reports.json().data).toEqual([]);
  });

  it('answers 400 for a sort or page it does not know, and 404 for another organization’s report', async () => {
    const { ws, id } = await mediaReport();
    const badSort = await ctx.call('GET', `/api/p/reports/${id}/videos?sortField=password`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].source).toEqual({ parameter: 'sortField' });
    expect((await ctx.call('GET', `/api/reports/${id}/streams?sortOrder=sideways`, { token: ws.token })).statusCode).toBe(400);
    expect((await ctx.call('GET', `/api/reports/${id}/streams?page_size=0`, { token: ws.token })).statusCode).toBe(400);
    const stranger = await reportWorkspace(ctx);
    expect((await ctx.call('GET', `/api/reports/${id}/videos`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('gives each stream its live metrics and each video its current views, views when found and removal; sorts streams by the metrics', async () => {
    const ws = await reportWorkspace(ctx);
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const growing = await ws.saveVideo({ tagId: ws.tags.reviews.id, date: '2024-03-05T10:00:00Z', title: 'Growing', views: 1000 });
    const removed = await ws.saveVideo({ tagId: ws.tags.reviews.id, date: '2024-03-06T10:00:00Z', title: 'Removed', views: 500 });
    // YouTube found the first at 800 views and read it again after it was saved (2,500); the second was
    // read before it was saved (its saved copy stands) and is gone from YouTube since.
    const after = new Date(growing.insertedAt.getTime() + 60_000);
    const before = new Date(removed.insertedAt.getTime() - 60_000);
    await ctx.deps.db.insert(youtubeVideos).values([
      {
        videoId: growing.youtubeVideoId,
        channelId: 'UCchannel',
        publishedAt: growing.publishedAt,
        views: 2500,
        viewsAtFound: 800,
        statsFetchedAt: after,
        statsRefreshedAt: after,
      },
      {
        videoId: removed.youtubeVideoId,
        channelId: 'UCchannel',
        publishedAt: removed.publishedAt,
        views: 480,
        viewsAtFound: 480,
        statsFetchedAt: before,
        removedAt: after,
      },
    ]);

    // Two live streams sampled by the polls (as server/features/streams/metrics.ts counts them), polls 2 minutes apart:
    // A from t0: 100, 300, 200 at t0 + 1, 3, 5 min, gone at 7 min; each sample stands for 2 min (1 min each side), so
    // 600 × 120 s = 20 h watched, 200 on average, peak 300, 6 min on air (its end: the last sample + 1 min).
    // B from t0 + 2 min: 50, 400 at 3 and 5 min, gone at 7 min: 450 × 120 s = 15 h, 225 on average, peak 400, 4 min on air.
    // Together: 200 + 400 = 600 viewers at once at 5 min. A third saved stream was never sampled.
    const t0 = Date.parse('2024-03-04T18:00:00Z');
    const at = (min: number) => new Date(t0 + min * 60_000);
    const live = async (key: string, title: string, broadcasterId: string) => {
      const [row] = await ctx.deps.db
        .insert(savedStreams)
        .values({
          organizationId: ws.org.id,
          projectId: ws.project.id,
          tagId: ws.tags.reviews.id,
          twitchVideoId: `stream:${key}`,
          title,
          viewCount: 0,
          followers: 300,
          publishedAt: at(0),
          broadcasterId,
          broadcasterName: `caster${broadcasterId}`,
        })
        .returning();
      return row;
    };
    const streamA = await live('81000001', 'Stream A', '6100001');
    const streamB = await live('81000002', 'Stream B', '6100002');
    const quiet = await ws.saveStream({ tagId: ws.tags.reviews.id, date: '2024-03-04T20:00:00Z', title: 'Never sampled', views: 70 });
    const stats = (id: string, start: number, samples: [number, number][], viewerMs: number, coveredMs: number, end: number) => ({
      streamId: id,
      gameId: '1990003000',
      broadcasterId: id === '81000001' ? '6100001' : '6100002',
      startedAt: at(start),
      firstSampleAt: at(samples[0][0]),
      lastSampleAt: at(samples[samples.length - 1][0]),
      lastViewers: samples[samples.length - 1][1],
      peakViewers: Math.max(...samples.map(([, v]) => v)),
      peakAt: at(samples.reduce((a, b) => (b[1] > a[1] ? b : a))[0]),
      viewerMs,
      coveredMs,
      samples: samples.length,
      endedAt: at(end),
    });
    const samplesA: [number, number][] = [
      [1, 100],
      [3, 300],
      [5, 200],
    ];
    const samplesB: [number, number][] = [
      [3, 50],
      [5, 400],
    ];
    await ctx.deps.db
      .insert(twitchStreamStats)
      .values([stats('81000001', 0, samplesA, 72_000_000, 360_000, 6), stats('81000002', 2, samplesB, 54_000_000, 240_000, 6)]);
    await ctx.deps.db
      .insert(twitchStreamSamples)
      .values([
        ...samplesA.map(([m, viewers]) => ({ streamId: '81000001', sampledAt: at(m), viewers })),
        ...samplesB.map(([m, viewers]) => ({ streamId: '81000002', sampledAt: at(m), viewers })),
      ]);

    const res = await ctx.call('POST', '/api/reports', {
      token: ws.token,
      body: reportBody(ws.project.id, { videos: [growing.id, removed.id], saved_streams: [streamA.id, streamB.id, quiet.id] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;

    type Doc = { data: { id: string; attributes: Record<string, unknown> }[] };
    const metrics = (doc: Doc) =>
      doc.data.map((d) => [d.attributes.title, d.attributes.peak_viewers, d.attributes.average_viewers, d.attributes.hours_watched, d.attributes.airtime]);
    for (const url of [`/api/reports/${id}/streams?sortField=title&sortOrder=asc`, `/api/p/reports/${id}/streams?sortField=title&sortOrder=asc`]) {
      const list = await ctx.call('GET', url, { token: url.includes('/p/') ? undefined : ws.token });
      expect(list.statusCode, list.body).toBe(200);
      expect(metrics(list.json()), url).toEqual([
        ['Never sampled', null, null, null, null],
        ['Stream A', 300, 200, 20, 360],
        ['Stream B', 400, 225, 15, 240],
      ]);
      expect(list.json().data[1].attributes.ended_at).toBe(at(6).toISOString());
    }
    const order = async (query: string) => titles(await ctx.call('GET', `/api/p/reports/${id}/streams?${query}`));
    expect(await order('sortField=hours_watched')).toEqual(['Stream A', 'Stream B', 'Never sampled']);
    expect(await order('sortField=peak_viewers')).toEqual(['Stream B', 'Stream A', 'Never sampled']);
    expect(await order('sortField=average_viewers&sortOrder=asc')).toEqual(['Never sampled', 'Stream A', 'Stream B']);
    expect(await order('sortField=hours_watched&page=2&page_size=2')).toEqual(['Never sampled']);

    const videos = (await ctx.call('GET', `/api/p/reports/${id}/videos?sortField=views`)).json() as Doc;
    expect(videos.data.map((d) => d.attributes)).toEqual([
      expect.objectContaining({
        title: 'Growing',
        views: 2500,
        current_views: 2500,
        views_at_found: 800,
        stats_refreshed_at: after.toISOString(),
        removed_at: null,
      }),
      expect.objectContaining({ title: 'Removed', views: 500, current_views: 500, views_at_found: 480, removed_at: after.toISOString() }),
    ]);

    const detail = (await ctx.call('GET', `/api/p/reports/${id}`)).json().data.attributes;
    expect(detail.totals).toMatchObject({
      videos: 2,
      video_views: 3000,
      streams: 3,
      stream_views: 70,
      stream_hours_watched: 35,
      stream_peak_viewers: 600,
      stream_channels: 3,
    });
  });
});
