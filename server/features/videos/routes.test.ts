import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { pollSearch } from './poll.js';

const { alreadySaved: ALREADY_SAVED, notFoundAtUrl: NO_VIDEO_AT_URL } = MSG.videos;

let ctx: TestContext;
let fake: FakeYoutube;
const chan = (n: string) => `UC${n.padEnd(22, '0').slice(0, 22)}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  fake = await startFakeYoutube();
  ctx = await createTestContext(fake.env);
  fake.addChannel({ id: chan('alpha'), title: 'Alpha Plays', subscribers: 120_000, country: 'US' });
  fake.addChannel({ id: chan('beta'), title: 'Beta Reviews', subscribers: 800, country: 'FR' });
  const videos: [string, string, string, number, number][] = [
    ['aaaaaaaaaa1', 'alpha', 'Skyforge review: worth it?', 500, 60],
    ['aaaaaaaaaa2', 'beta', 'Skyforge premières impressions', 20, 120],
    ['aaaaaaaaaa3', 'alpha', 'Skyforge speedrun', 9000, 30],
    ['aaaaaaaaaa4', 'beta', 'A chat', 5, 10],
  ];
  for (const [id, c, title, views, ago] of videos)
    fake.addVideo({
      id,
      channelId: chan(c),
      title,
      description: c === 'beta' && views > 5 ? 'Skyforge en français' : '',
      publishedAt: minutesAgo(ago),
      views,
      language: c === 'beta' ? 'fr' : 'en',
    });
  fake.addVideo({ id: 'missing0001', channelId: chan('alpha'), title: 'An old one nobody searched', publishedAt: '2024-01-01T00:00:00Z', views: 77 });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

type Err = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };
const errors = (res: { json(): { errors: Err[] } }) => res.json().errors;

async function setup(plan: 'pro' | 'starter' = 'pro') {
  const owner = await makeOrg(ctx, { plan });
  const project = await makeProject(ctx, owner.org.id, { name: 'Skyforge launch' });
  const tag = await makeTag(ctx, owner.org.id, project.id, 'Reviews');
  return { owner, project, tag, token: owner.token };
}

describe('videos routes', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let feedId: string;
  beforeAll(async () => {
    s = await setup();
  });

  it('validates the create body in both forms, with pointers', async () => {
    const plain = await ctx.call('POST', '/api/youtube_feed', { token: s.token, body: { keyword: 'ab', project_id: s.project.id } });
    expect(plain.statusCode).toBe(422);
    expect(errors(plain)[0].source?.pointer).toBe('/keyword');
    const wrapped = await ctx.call('POST', '/api/youtube_feed', {
      token: s.token,
      body: { data: { type: 'youtube_feed', attributes: { keyword: 'Skyforge' } } },
    });
    expect(wrapped.statusCode).toBe(422);
    expect(errors(wrapped).map((e) => e.source?.pointer)).toEqual(['/data/attributes/project_id']);
  });

  it('creates the feed (201), links the project, and refuses a second one (409)', async () => {
    const res = await ctx.call('POST', '/api/youtube_feed', {
      token: s.token,
      body: { data: { type: 'youtube_feed', attributes: { keyword: 'Skyforge', project_id: String(s.project.id) } } },
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.data).toMatchObject({
      type: 'youtube_feed',
      attributes: { keyword: 'Skyforge', project_id: String(s.project.id), state: 'waiting', total_videos: 0 },
    });
    expect(doc.meta).toMatchObject({ status: 'ACTIVE' });
    feedId = doc.data.id;
    const [project] = (await ctx.deps.pool.query('select youtube_search_id from projects where id = $1', [s.project.id])).rows;
    expect(String(project.youtube_search_id)).toBe(feedId);
    const again = await ctx.call('POST', '/api/youtube_feed', { token: s.token, body: { keyword: 'Other', project_id: s.project.id } });
    expect(again.statusCode).toBe(409);
    expect(errors(again)[0]).toMatchObject({ code: 'conflict', source: { pointer: '/project_id' } });
  });

  it('lists the feed with paging, sorting and filters after a poll', async () => {
    const [{ search_id }] = (await ctx.deps.pool.query('select search_id from youtube_feeds where id = $1', [feedId])).rows;
    await pollSearch(ctx.deps, search_id);
    const all = await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token: s.token });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.data.map((d: { attributes: { youtube_video_id: string } }) => d.attributes.youtube_video_id)).toEqual([
      'aaaaaaaaaa3',
      'aaaaaaaaaa1',
      'aaaaaaaaaa2',
    ]);
    expect(body.meta).toMatchObject({ total_entries: 3, last_page: 1, page_number: 1, page_size: 10 });
    expect(body.meta.latest_pull).not.toBeNull();
    expect(body.data[0]).toMatchObject({
      type: 'youtube_video',
      attributes: { views: 9000, saved: false, channel: { title: 'Alpha Plays', subscribers: 120_000, country: 'US' } },
    });
    const byViews = await ctx.call('GET', `/api/youtube_feed/${feedId}?sortField=views&sortOrder=asc&pageSize=2&page=0`, { token: s.token });
    expect(byViews.json().data.map((d: { attributes: { views: number } }) => d.attributes.views)).toEqual([20, 500]);
    expect(byViews.json().meta).toMatchObject({ total_entries: 3, last_page: 2 });
    const page2 = await ctx.call('GET', `/api/youtube_feed/${feedId}?sortField=views&sortOrder=asc&page[page_size]=2&page[page]=2`, { token: s.token });
    expect(page2.json().data.map((d: { attributes: { views: number } }) => d.attributes.views)).toEqual([9000]);
    const search = await ctx.call('GET', `/api/youtube_feed/${feedId}?searchTerm=BETA&minViews=10`, { token: s.token });
    expect(search.json().data.map((d: { attributes: { youtube_video_id: string } }) => d.attributes.youtube_video_id)).toEqual(['aaaaaaaaaa2']);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await ctx.call('GET', `/api/youtube_feed/${feedId}?startDate=2000-01-01&endDate=${today}&maxViews=600`, { token: s.token });
    expect(dated.json().meta.total_entries).toBe(2);
    const badSort = await ctx.call('GET', `/api/youtube_feed/${feedId}?sortField=secret`, { token: s.token });
    expect(badSort.statusCode).toBe(400);
    expect(errors(badSort)[0].source?.parameter).toBe('sortField');
    const otherOrg = await ctx.call('GET', `/api/youtube_feed/${feedId}?organization_id=999999`, { token: s.token });
    expect(otherOrg.statusCode).toBe(404);
    const info = await ctx.call('GET', `/api/youtube_feed/${feedId}/info`, { token: s.token });
    expect(info.json().data.attributes).toMatchObject({ state: 'ok', total_videos: 3, last_error: null });
  });

  it('deletes feed videos for good: a later poll does not bring them back', async () => {
    const list = (await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token: s.token })).json().data;
    const speedrun = list.find((d: { attributes: { youtube_video_id: string } }) => d.attributes.youtube_video_id === 'aaaaaaaaaa3').id;
    const res = await ctx.call('DELETE', '/api/youtube_feed', { token: s.token, body: { videos: [speedrun], keyword_id: feedId } });
    expect(res.json()).toEqual({ data: { type: 'bulk_result', id: 'delete', attributes: { success: 1, failed: 0, results: [] } } });
    await ctx.deps.pool.query('update youtube_searches set published_after = null');
    const [{ search_id }] = (await ctx.deps.pool.query('select search_id from youtube_feeds where id = $1', [feedId])).rows;
    await pollSearch(ctx.deps, search_id);
    const after = (await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token: s.token })).json();
    expect(after.meta.total_entries).toBe(2);
    expect(after.data.map((d: { id: string }) => d.id)).not.toContain(speedrun);
  });

  it('saves feed videos under a tag (each row on its own) and reports duplicates as KO', async () => {
    const list = (await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token: s.token })).json().data;
    const ids = list.map((d: { id: string }) => d.id);
    const first = await ctx.call('POST', '/api/youtube_feed/save', { token: s.token, body: { youtube_videos: [{ video_id: ids[0], tag_id: s.tag.id }] } });
    expect(first.json().data.attributes).toEqual({ success: 1, failed: 0, results: [{ id: ids[0], status: 'OK', reason: null }] });
    const second = await ctx.call('POST', '/api/youtube_feed/save', {
      token: s.token,
      body: { youtube_videos: ids.map((id: string) => ({ video_id: id, tag_id: s.tag.id })) },
    });
    expect(second.json().data.attributes).toMatchObject({
      success: 1,
      failed: 1,
      results: [
        { id: ids[0], status: 'KO', reason: ALREADY_SAVED },
        { id: ids[1], status: 'OK' },
      ],
    });
    const listed = (await ctx.call('GET', `/api/youtube_feed/${feedId}`, { token: s.token })).json().data;
    expect(listed.every((d: { attributes: { saved: boolean } }) => d.attributes.saved)).toBe(true);
  });

  it('lists, edits and deletes saved videos', async () => {
    const res = await ctx.call('GET', `/api/saved_videos?project_id=${s.project.id}&sortField=channel_subscribers&sortOrder=asc`, { token: s.token });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { attributes: { channel_subscribers: number } }) => r.attributes.channel_subscribers)).toEqual([800, 120_000]);
    expect(rows[0]).toMatchObject({
      type: 'saved_video',
      attributes: { tag: 'Reviews', tag_id: String(s.tag.id), channel_title: 'Beta Reviews', channel_country: 'FR' },
    });
    const filtered = await ctx.call('GET', `/api/saved_videos?filter[project_id]=${s.project.id}&languages=fr&minFollowers=100&tags=${s.tag.id}`, {
      token: s.token,
    });
    expect(filtered.json().meta.total_entries).toBe(1);
    expect((await ctx.call('GET', '/api/saved_videos', { token: s.token })).statusCode).toBe(400);
    const edit = await ctx.call('PATCH', `/api/saved_videos/${rows[0].id}`, {
      token: s.token,
      body: { data: { type: 'saved_video', attributes: { title: 'Edited', views: 12345 } } },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ data: { attributes: { title: 'Edited', views: 12345 } }, meta: { message: 'Video has been edited.' } });
    const badTag = await ctx.call('PATCH', `/api/saved_videos/${rows[0].id}`, { token: s.token, body: { tag_id: 99999999 } });
    expect(errors(badTag)[0].source?.pointer).toBe('/tag_id');
    const del = await ctx.call('DELETE', '/api/saved_videos', { token: s.token, body: { video_ids: [rows[0].id, 99999999] } });
    expect(del.json().data.attributes).toMatchObject({ success: 1 });
  });

  it('saves a missing video by its address, in every URL form', async () => {
    const save = (url: string) =>
      ctx.call('POST', '/api/saved_videos/save_missing_video', { token: s.token, body: { youtube_video_url: url, tag_id: s.tag.id } });
    const res = await save('https://youtu.be/missing0001?t=3');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      youtube_video_id: 'missing0001',
      views: 77,
      channel_title: 'Alpha Plays',
      channel_subscribers: 120_000,
    });
    for (const url of ['https://www.youtube.com/watch?v=missing0001', 'https://youtube.com/shorts/missing0001']) {
      const again = await save(url);
      expect(again.statusCode).toBe(422);
      expect(errors(again)[0]).toMatchObject({ detail: ALREADY_SAVED, source: { pointer: '/youtube_video_url' } });
    }
    const unknown = await save('https://www.youtube.com/watch?v=nosuchvideo');
    expect(unknown.statusCode).toBe(422);
    expect(errors(unknown)[0]).toMatchObject({ detail: NO_VIDEO_AT_URL, source: { pointer: '/youtube_video_url' } });
    expect((await save('https://example.com/watch?v=missing0001')).statusCode).toBe(422);
  });

  it('moves the feed to a new keyword (its videos stay) and stops polling when disabled', async () => {
    const res = await ctx.call('PATCH', `/api/youtube_feed/${feedId}`, { token: s.token, body: { keyword: 'Skyforge Deluxe' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ keyword: 'Skyforge Deluxe', total_videos: 2 });
    const off = await ctx.call('PATCH', `/api/youtube_feed/${feedId}`, {
      token: s.token,
      body: { data: { id: feedId, type: 'youtube_feed', attributes: { is_enabled: false } } },
    });
    expect(off.json().data.attributes).toMatchObject({ is_enabled: false, next_check_at: null });
  });

  it('previews a keyword once per 30 minutes', async () => {
    const before = fake.calls('/search');
    const res = await ctx.call('POST', '/api/youtube_feed/preview', { token: s.token, body: { keyword: 'Skyforge' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data.length).toBeLessThanOrEqual(10);
    expect(res.json().data[0]).toHaveProperty('youtube_video_id');
    await ctx.call('POST', '/api/youtube_feed/preview', { token: s.token, body: { data: { attributes: { keyword: ' skyforge ' } } } });
    expect(fake.calls('/search') - before).toBeLessThanOrEqual(1);
    const avail = await ctx.call('GET', '/api/youtube_feed/availability', { token: s.token });
    expect(avail.json().data).toMatchObject({ type: 'availability', id: 'youtube', attributes: { available: true, reason: null } });
  });

  it('answers 404 for another organization, 403 without the plan flag or the slack flag, refresh for operators only', async () => {
    const outsider = await makeOrg(ctx);
    for (const [method, url] of [
      ['GET', `/api/youtube_feed/${feedId}`],
      ['GET', `/api/youtube_feed/${feedId}/info`],
      ['PATCH', `/api/youtube_feed/${feedId}`],
      ['GET', `/api/saved_videos?project_id=${s.project.id}`],
    ] as const) {
      const res = await ctx.call(method, url, { token: outsider.token, body: method === 'PATCH' ? { keyword: 'Hijack' } : undefined });
      expect(res.statusCode, url).toBe(404);
    }
    const theirs = await ctx.call('POST', '/api/youtube_feed', { token: outsider.token, body: { keyword: 'Hijack', project_id: s.project.id } });
    expect(theirs.statusCode).toBe(404);
    const starter = await setup('starter');
    const denied = await ctx.call('POST', '/api/youtube_feed', { token: starter.token, body: { keyword: 'Skyforge', project_id: starter.project.id } });
    expect(denied.statusCode).toBe(403);
    expect(errors(denied)[0]).toMatchObject({ code: 'plan_limit', detail: 'You need to upgrade your current subscription to keep using this feature.' });
    const noSlack = await setup();
    await ctx.deps.pool.query(`update organizations set permissions = permissions || '{"slack": false}'::jsonb where id = $1`, [noSlack.owner.org.id]);
    const slack = await ctx.call('POST', '/api/youtube_feed', {
      token: noSlack.token,
      body: { keyword: 'Skyforge', project_id: noSlack.project.id, slack_webhook_url: 'https://hooks.slack.com/services/T0/B0/x' },
    });
    expect(slack.statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/youtube_feed/${feedId}/refresh`, { token: s.token })).statusCode).toBe(404);
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const opProject = await makeProject(ctx, operator.org.id);
    const opFeed = (await ctx.call('POST', '/api/youtube_feed', { token: operator.token, body: { keyword: 'Skyforge', project_id: opProject.id } })).json().data
      .id;
    const before = fake.calls('/search');
    const refresh = await ctx.call('GET', `/api/youtube_feed/${opFeed}/refresh`, { token: operator.token });
    expect(refresh.statusCode).toBe(202);
    expect(refresh.json().data).toMatchObject({ type: 'refresh', attributes: { queued: true } });
    expect(fake.calls('/search')).toBe(before + 1);
  });
});

describe('videos without a YouTube key', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  });
  afterAll(() => bare.close());

  it('creates waiting feeds and answers 503 not_connected for calls that need YouTube', async () => {
    const { token, org } = await makeOrg(bare);
    const project = await makeProject(bare, org.id);
    const tag = await makeTag(bare, org.id, project.id);
    const created = await bare.call('POST', '/api/youtube_feed', { token, body: { keyword: 'Skyforge', project_id: project.id } });
    expect(created.statusCode).toBe(201);
    expect(created.json().meta).toEqual({ status: 'PENDING', reason: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.', notification_tests: {} });
    expect(created.json().data.attributes).toMatchObject({ state: 'not_configured' });
    const preview = await bare.call('POST', '/api/youtube_feed/preview', { token, body: { keyword: 'Skyforge' } });
    expect(preview.statusCode).toBe(503);
    expect(errors(preview)[0]).toMatchObject({ code: 'not_connected', detail: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.' });
    const missing = await bare.call('POST', '/api/saved_videos/save_missing_video', {
      token,
      body: { youtube_video_url: 'https://youtu.be/missing0001', tag_id: tag.id },
    });
    expect(missing.statusCode).toBe(503);
    const avail = await bare.call('GET', '/api/youtube_feed/availability', { token });
    expect(avail.json().data.attributes).toEqual({
      available: false,
      reason: 'YouTube is not connected on this server: set YOUTUBE_API_KEY.',
      searches_left_today: null,
    });
  });
});
