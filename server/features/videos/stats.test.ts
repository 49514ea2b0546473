import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedArticles } from '../../db/schema/coverage.js';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { quotaToday, reserveQuota } from './quota.js';
import { addDemoVideos, createYoutubeFeed, type IngestVideo } from './service.js';
import { DAY_MS, nextStatsAt } from './stats-schedule.js';
import { refreshDueStats, statsReserveUnits } from './stats.js';

/**
 * Views that keep growing (issue 30): the counts of kept videos are re-read at +1, +7 and +30 days
 * after publication (each once; a missed window caught up once), 50 ids a call, through the same
 * daily quota as the pollers, leaving the searches' share; a video gone from YouTube is marked.
 * The fake's counts change between reads; the clock is virtual (each run is given its `now`).
 */
let ctx: TestContext;
let fake: FakeYoutube;
beforeAll(async () => {
  fake = await startFakeYoutube();
  ctx = await createTestContext({ ...fake.env, SCREENSHOTS_ENABLED: 'false' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
// Re-reads are global (shared rows): each test starts with no videos so its counts are its own.
beforeEach(async () => {
  await ctx.deps.pool.query('delete from saved_videos');
  await ctx.deps.pool.query('delete from youtube_videos');
  await ctx.deps.pool.query('delete from youtube_quota');
});

const CHANNEL = 'UCstatsxxxxxxxxxxxxxxxxx';
let seq = 0;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => ctx.deps.pool.query(text, params).then((r) => r.rows as T[]);
/** videos.list calls that asked for this id. */
const readsOf = (id: string) => fake.requests.filter((r) => r.path === '/api/videos' && (r.query.id ?? '').split(',').includes(id)).length;
const videoRow = async (id: string) =>
  (
    await q<{
      id: number;
      views: number | null;
      views_at_found: number | null;
      stats_refreshed_at: Date | null;
      next_stats_at: Date | null;
      removed_at: Date | null;
    }>('select id, views, views_at_found, stats_refreshed_at, next_stats_at, removed_at from youtube_videos where video_id = $1', [id])
  )[0];

/** A feed holding `n` videos published at `published`, found (and first read) at `foundAt` with `views` each. */
async function feedWith(n: number, published: Date, foundAt: Date, views = 10) {
  const { org, token } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id);
  const feed = await ctx.deps.db.transaction((tx) =>
    createYoutubeFeed(tx, org.id, { projectId: project.id, keyword: `Stats game ${seq++}` }, ctx.config, foundAt),
  );
  fake.addChannel({ id: CHANNEL, title: 'Stats TV', subscribers: 100 });
  const videos: IngestVideo[] = Array.from({ length: n }, () => {
    const videoId = `s${String(seq++).padStart(10, '0')}`;
    fake.addVideo({ id: videoId, channelId: CHANNEL, title: `Stats video ${videoId}`, publishedAt: published.toISOString(), views, likes: 1, comments: 0 });
    return {
      videoId,
      channelId: CHANNEL,
      channelTitle: 'Stats TV',
      title: `Stats video ${videoId}`,
      description: '',
      thumbnail: null,
      publishedAt: published,
      views,
      likes: 1,
      comments: 0,
      language: null,
      liveBroadcastContent: 'none',
      withStats: true,
    };
  });
  await ctx.deps.db.transaction((tx) => addDemoVideos(tx, org.id, feed.id, [], videos, foundAt));
  return { org, token, project, feedId: feed.id, ids: videos.map((v) => v.videoId) };
}

describe('the re-read schedule', () => {
  it('is the first window after the last read: +1, +7, +30 days, then every 29 days', () => {
    const p = new Date('2026-05-01T12:00:00Z');
    expect(nextStatsAt(p, at(p, 3600_000))).toEqual(at(p, DAY_MS));
    expect(nextStatsAt(p, at(p, DAY_MS))).toEqual(at(p, 7 * DAY_MS));
    expect(nextStatsAt(p, at(p, 8 * DAY_MS))).toEqual(at(p, 30 * DAY_MS));
    // A read 40 days after publication (a job down for weeks): the next one is 29 days later, not three catch-ups.
    expect(nextStatsAt(p, at(p, 40 * DAY_MS))).toEqual(at(p, 69 * DAY_MS));
  });
});

describe('re-reading video counts', () => {
  it('reads a feed video at +1, +7 and +30 days, once each, keeping the views as found; counted in the daily quota', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const found = at(published, 3600_000);
    const {
      ids: [id],
    } = await feedWith(1, published, found, 10);
    expect(await videoRow(id)).toMatchObject({ views: 10, views_at_found: 10, stats_refreshed_at: null, next_stats_at: at(published, DAY_MS) });

    // Not due yet: no call.
    expect(await refreshDueStats(ctx.deps, at(found, 3600_000))).toMatchObject({ status: 'ok', calls: 0 });
    const windows: [number, number][] = [
      [1, 500],
      [7, 2600],
      [30, 9100],
    ];
    for (const [days, views] of windows) {
      fake.setStats(id, { views, likes: views / 100 });
      const now = at(published, days * DAY_MS + 60_000);
      const used = (await quotaToday(ctx.deps.db, ctx.config, now)).default.used;
      const before = readsOf(id);
      expect(await refreshDueStats(ctx.deps, now)).toMatchObject({ status: 'ok', calls: 1, refreshed: 1, removed: 0 });
      expect(readsOf(id) - before).toBe(1);
      expect((await quotaToday(ctx.deps.db, ctx.config, now)).default.used - used).toBe(1);
      // Each window once: a second run in the same window reads nothing.
      expect(await refreshDueStats(ctx.deps, at(now, 60_000))).toMatchObject({ calls: 0 });
      const row = await videoRow(id);
      expect(row).toMatchObject({ views, views_at_found: 10, stats_refreshed_at: now });
    }
    // After +30 days: the policy's refresh, 29 days after the last read.
    expect((await videoRow(id)).next_stats_at).toEqual(at(published, 59 * DAY_MS + 60_000));
  });

  it('catches up a missed window once, not once per window', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const {
      ids: [id],
    } = await feedWith(1, published, at(published, 3600_000), 10);
    fake.setStats(id, { views: 7777 });
    const late = at(published, 40 * DAY_MS);
    const before = readsOf(id);
    expect(await refreshDueStats(ctx.deps, late)).toMatchObject({ calls: 1, refreshed: 1 });
    expect(await refreshDueStats(ctx.deps, at(late, 60_000))).toMatchObject({ calls: 0 });
    expect(readsOf(id) - before).toBe(1);
    expect(await videoRow(id)).toMatchObject({ views: 7777, next_stats_at: at(late, 29 * DAY_MS) });
  });

  it('asks for 50 ids a call: 120 due videos are 3 calls (50, 50, 20) and 3 units', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const { ids } = await feedWith(120, published, at(published, 3600_000), 10);
    for (const id of ids) fake.setStats(id, { views: 321 });
    const now = at(published, DAY_MS + 60_000);
    const calls = fake.requests.length;
    expect(await refreshDueStats(ctx.deps, now)).toMatchObject({ status: 'ok', calls: 3, refreshed: 120 });
    const sizes = fake.requests
      .slice(calls)
      .filter((r) => r.path === '/api/videos')
      .map((r) => r.query.id.split(',').length);
    expect(sizes).toEqual([50, 50, 20]);
    expect((await quotaToday(ctx.deps.db, ctx.config, now)).default.used).toBe(3);
    const [{ n }] = await q<{ n: number }>('select count(*)::int as n from youtube_videos where views = 321');
    expect(n).toBe(120);
  });

  it('yields to searches: stops where the searches’ share of the day’s units begins, and the rest waits for the next run', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    await feedWith(120, published, at(published, 3600_000), 10);
    const small = { ...ctx.config, youtube: { ...ctx.config.youtube, dailyUnits: 30, searchDailyLimit: 3 } };
    const deps = { ...ctx.deps, config: small };
    expect(statsReserveUnits(small)).toBe(18);
    const now = at(published, DAY_MS + 60_000);
    // The pollers spent 10 units today: the re-reads may spend 2 more (30 − 18 kept for searches).
    expect(await reserveQuota(ctx.deps.db, small, 'default', 10, now)).toBe(true);
    expect(await refreshDueStats(deps, now)).toMatchObject({ status: 'quota', calls: 2, refreshed: 100 });
    expect((await quotaToday(ctx.deps.db, small, now)).default.used).toBe(12);
    // What the searches' look-ups need is still there.
    expect(await reserveQuota(ctx.deps.db, small, 'default', 1, now)).toBe(true);
    const [{ due }] = await q<{ due: number }>('select count(*)::int as due from youtube_videos where next_stats_at <= $1', [now]);
    expect(due).toBe(20);
    // The next Pacific day: the 20 left are read.
    expect(await refreshDueStats(deps, at(now, DAY_MS))).toMatchObject({ status: 'ok', calls: 1, refreshed: 20 });
  });

  it('marks a video deleted on YouTube instead of failing, and drops its counts when the policy’s 30 days are up', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const found = at(published, 3600_000);
    const {
      ids: [kept, gone],
    } = await feedWith(2, published, found, 10);
    fake.setStats(kept, { views: 55 });
    fake.removeVideo(gone);
    const day1 = at(published, DAY_MS + 60_000);
    expect(await refreshDueStats(ctx.deps, day1)).toMatchObject({ status: 'ok', calls: 1, refreshed: 1, removed: 1 });
    expect(await videoRow(kept)).toMatchObject({ views: 55, removed_at: null });
    // Marked, counts kept while they are younger than 30 days; one more try when they reach it.
    expect(await videoRow(gone)).toMatchObject({ views: 10, removed_at: day1, next_stats_at: at(found, 30 * DAY_MS) });
    await refreshDueStats(ctx.deps, at(found, 30 * DAY_MS + 60_000));
    expect(await videoRow(gone)).toMatchObject({ views: null, views_at_found: null, next_stats_at: null, removed_at: day1 });
  });

  it('spends nothing on due videos no feed or saved coverage keeps', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const {
      feedId,
      ids: [id],
    } = await feedWith(1, published, at(published, 3600_000), 10);
    await q(`update youtube_feed_videos set status = 'deleted' where feed_id = $1`, [feedId]);
    const before = fake.requests.length;
    expect(await refreshDueStats(ctx.deps, at(published, DAY_MS + 60_000))).toMatchObject({ calls: 0, released: 1 });
    expect(fake.requests.length).toBe(before);
    expect((await videoRow(id)).next_stats_at).toEqual(at(published, 7 * DAY_MS));
  });
});

describe('current views in the feed, saved videos and the report', () => {
  it('the feed and saved resources carry the re-read counts; the report shows current views and their total', async () => {
    const published = new Date(Date.now() - 2 * 3600_000);
    const {
      org,
      token,
      project,
      feedId,
      ids: [id],
    } = await feedWith(1, published, at(published, 3600_000), 10);
    const tag = await makeTag(ctx, org.id, project.id, 'Coverage');
    const [{ id: rowId }] = await q<{ id: string }>('select id from youtube_videos where video_id = $1', [id]);
    const save = await ctx.call('POST', '/api/youtube_feed/save', { token, body: { youtube_videos: [{ video_id: Number(rowId), tag_id: tag.id }] } });
    expect(save.statusCode, save.body).toBe(200);
    const saved = (await ctx.call('GET', `/api/saved_videos?project_id=${project.id}`, { token })).json().data[0];
    expect(saved.attributes).toMatchObject({ views: 10, current_views: 10, views_at_found: 10, stats_refreshed_at: null, removed_at: null });

    fake.setStats(id, { views: 4200 });
    const day1 = at(published, DAY_MS + 60_000);
    expect(await refreshDueStats(ctx.deps, day1)).toMatchObject({ calls: 1, refreshed: 1 });

    const feed = await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().data[0].attributes).toMatchObject({
      youtube_video_id: id,
      views: 4200,
      views_at_found: 10,
      stats_refreshed_at: day1.toISOString(),
      removed_at: null,
    });
    const after = (await ctx.call('GET', `/api/saved_videos?project_id=${project.id}`, { token })).json().data[0];
    // The saved copy stays as saved (and editable); current_views follows YouTube.
    expect(after.attributes).toMatchObject({ views: 10, current_views: 4200, views_at_found: 10, stats_refreshed_at: day1.toISOString() });

    // A report needs an article of the project besides its videos.
    await ctx.deps.db.insert(savedArticles).values({
      organizationId: org.id,
      projectId: project.id,
      tagId: tag.id,
      urlKey: `stats-${seq++}`,
      url: 'http://127.0.0.1:9/story',
      fullUrl: 'http://127.0.0.1:9/story',
      title: 'Launch story',
      language: 'en',
      reach: 1,
      date: new Date('2026-01-02T10:00:00Z'),
    });
    const report = await ctx.call('POST', '/api/reports', {
      token,
      body: {
        data: {
          type: 'report',
          attributes: { name: 'Launch', status: 0, date_start: '2020-01-01', date_end: '2030-12-31', videos: [Number(saved.id)] },
          relationships: { project: { data: { type: 'project', id: String(project.id) } } },
        },
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    const reportId = report.json().data.id as string;
    const videos = await ctx.call('GET', `/api/reports/${reportId}/videos`, { token });
    expect(videos.statusCode, videos.body).toBe(200);
    expect(videos.json().data[0].attributes).toMatchObject({ views: 4200, current_views: 4200, views_at_found: 10, stats_refreshed_at: day1.toISOString() });
    const detail = (await ctx.call('GET', `/api/reports/${reportId}`, { token })).json().data.attributes;
    expect(detail.totals).toMatchObject({ videos: 1, video_views: 4200 });
  });
});
