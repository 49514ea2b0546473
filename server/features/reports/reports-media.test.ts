import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_MEDIA_MESSAGES } from '../../../common/schemas/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeProject, makeTag } from '../../../test/helpers/factories.js';
import { savedVideos } from '../../db/schema/videos.js';
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
});
