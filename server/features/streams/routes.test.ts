import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';

type StreamMetrics = { title: string; peak_viewers: number | null; average_viewers: number | null; hours_watched: number | null };
import { TwitchClient } from '../../integrations/twitch/client.js';
import { seedDemoStreams } from '../../seed/seed-streams.js';
import { seriesTotals } from './metrics.js';
import { pollGame } from './poll.js';

let ctx: TestContext;
let bare: TestContext;
let fake: FakeTwitch;
beforeAll(async () => {
  fake = await startFakeTwitch();
  fake.games.push({ id: '1990000001', name: 'Starfall', box_art_url: 'https://static-cdn.jtvnw.net/ttv-boxart/1990000001-{width}x{height}.jpg' });
  ctx = await createTestContext(fake.env);
  bare = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
  await fake.close();
});

type ErrorBody = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };
const errors = (res: { json(): { errors: ErrorBody[] } }) => res.json().errors;

async function workspace(c: TestContext = ctx) {
  const { org, token } = await makeOrg(c);
  const project = await makeProject(c, org.id, { name: 'Nebula Esports' });
  const tag = await makeTag(c, org.id, project.id, 'Tournament coverage');
  return { orgId: org.id, token, projectId: project.id, tagId: tag.id };
}

describe('Twitch feed routes', () => {
  it('creates one feed per project (plain or JSON:API body), links the project, and validates with pointers', async () => {
    const w = await workspace();
    const noGame = await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Nebula', project_id: w.projectId } });
    expect(noGame.statusCode).toBe(422);
    expect(errors(noGame)).toEqual([expect.objectContaining({ source: { pointer: '/game_id' }, detail: MSG.streams.gameRequired })]);
    const wrapped = await ctx.call('POST', '/api/twitch_feed', {
      token: w.token,
      body: { data: { type: 'twitch_feed', attributes: { keyword: 'ab', project_id: w.projectId } } },
    });
    expect(wrapped.statusCode).toBe(422);
    expect(
      errors(wrapped)
        .map((e) => e.source?.pointer)
        .sort(),
    ).toEqual(['/data/attributes/game_id', '/data/attributes/keyword']);

    const created = await ctx.call('POST', '/api/twitch_feed', {
      token: w.token,
      body: { data: { type: 'twitch_feed', attributes: { keyword: 'Nebula', project_id: w.projectId, game_id: '1990000001' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      type: 'twitch_feed',
      attributes: { keyword: 'Nebula', game_id: '1990000001', game_name: 'Starfall', state: 'waiting', is_enabled: true },
    });
    const feedId = Number(created.json().data.id);
    const project = await ctx.deps.pool.query('select twitch_search_id from projects where id = $1', [w.projectId]);
    expect(project.rows[0].twitch_search_id).toBe(feedId);
    const again = await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Other', project_id: w.projectId, game_id: '509658' } });
    expect(again.statusCode).toBe(409);
  });

  it('edits only what changed (PATCH, or POST with twitch_search_id) and answers 404 across organizations', async () => {
    const w = await workspace();
    const other = await workspace();
    const feedId = Number(
      (await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Nebula', project_id: w.projectId, game_id: '1990000001' } })).json().data
        .id,
    );
    const patched = await ctx.call('PATCH', `/api/twitch_feed/${feedId}`, { token: w.token, body: { keyword: 'Nebula Cup', is_enabled: false } });
    expect(patched.json().data.attributes).toMatchObject({ keyword: 'Nebula Cup', is_enabled: false, game_id: '1990000001' });
    const viaPost = await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { twitch_search_id: feedId, game_id: '509658' } });
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json().data.attributes).toMatchObject({ keyword: 'Nebula Cup', game_id: '509658', game_name: 'Just Chatting' });

    for (const [method, url, body] of [
      ['GET', `/api/twitch_feed/${feedId}/info`, undefined],
      ['GET', `/api/twitch_feed/${feedId}`, undefined],
      ['PATCH', `/api/twitch_feed/${feedId}`, { keyword: 'Hijacked' }],
      ['POST', '/api/twitch_feed', { keyword: 'Planted', project_id: w.projectId, game_id: '509658' }],
      ['DELETE', '/api/twitch_feed', { videos: [1], keyword_id: feedId }],
    ] as const) {
      const res = await ctx.call(method, url, { token: other.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listedWithForeignOrg = await ctx.call('GET', `/api/twitch_feed/${feedId}?organization_id=${other.orgId}`, { token: w.token });
    expect(listedWithForeignOrg.statusCode).toBe(404);
  });

  it('needs the plan’s twitch_feed flag, and the slack/discord flags for their webhooks', async () => {
    const starter = await makeOrg(ctx, { plan: 'starter' });
    const res = await ctx.call('GET', '/api/twitch_feed/availability', { token: starter.token });
    expect(res.statusCode).toBe(200);
    const project = await makeProject(ctx, starter.org.id);
    const denied = await ctx.call('POST', '/api/twitch_feed', { token: starter.token, body: { keyword: 'Nebula', project_id: project.id, game_id: '509658' } });
    expect(denied.statusCode).toBe(403);
    expect(errors(denied)[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });

    const w = await workspace();
    await ctx.deps.pool.query(`update organizations set permissions = permissions || '{"discord": false}'::jsonb where id = $1`, [w.orgId]);
    const discord = await ctx.call('POST', '/api/twitch_feed', {
      token: w.token,
      body: { keyword: 'Nebula', project_id: w.projectId, game_id: '509658', discord_webhook_url: 'https://discord.com/api/webhooks/1/abc' },
    });
    expect(discord.statusCode).toBe(403);
    expect(errors(discord)[0]).toMatchObject({ code: 'plan_limit', source: { pointer: '/discord_webhook_url' } });
  });

  it('lists feed items with filters, sorting, paging and 150×80 thumbnails; saves and deletes in bulk', async () => {
    const w = await workspace();
    const feedId = Number(
      (await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Nebula', project_id: w.projectId, game_id: '1990000001' } })).json().data
        .id,
    );
    fake.addUser({ id: '6001', login: 'nebulaqueen', display_name: 'NebulaQueen', followers: 12000 });
    fake.addUser({ id: '6002', login: 'smallcaster', display_name: 'SmallCaster', followers: 40 });
    const live = fake.addStream({
      user_id: '6001',
      game_id: '1990000001',
      title: 'Nebula finals LIVE',
      viewer_count: 3000,
      tags: ['English', 'Esports'],
      language: 'en',
    });
    fake.addVideo({ user_id: '6002', game_id: '1990000001', title: 'Nebula recap', view_count: 120, language: 'de' });
    await pollGame({ db: ctx.deps.db, client: new TwitchClient(ctx.config.twitch) }, '1990000001');

    const all = await ctx.call('GET', `/api/twitch_feed/${feedId}?sortField=view_count&sortOrder=asc`, { token: w.token });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((d: { attributes: { title: string } }) => d.attributes.title)).toEqual(['Nebula recap', 'Nebula finals LIVE']);
    const stream = all.json().data[1];
    expect(stream.type).toBe('twitch_video');
    expect(stream.attributes).toMatchObject({
      kind: 'stream',
      live: true,
      url: 'https://www.twitch.tv/nebulaqueen',
      channel: { broadcaster_name: 'NebulaQueen', followers: 12000 },
    });
    expect(stream.attributes.thumbnail_url).toBe('https://static-cdn.jtvnw.net/previews-ttv/live_user_nebulaqueen-150x80.jpg');
    expect(all.json().data[0].attributes.thumbnail_url).toMatch(/thumb-150x80\.jpg$/);
    expect(all.json().meta).toMatchObject({ total_entries: 2, page_size: 10, page_number: 1 });
    expect(all.json().meta.latest_pull).not.toBeNull();

    const filtered = async (qs: string) =>
      (await ctx.call('GET', `/api/twitch_feed/${feedId}?${qs}`, { token: w.token }))
        .json()
        .data.map((d: { attributes: { title: string } }) => d.attributes.title);
    expect(await filtered('minFollowers=1000')).toEqual(['Nebula finals LIVE']);
    expect(await filtered('languages=de')).toEqual(['Nebula recap']);
    expect(await filtered('tags=esports')).toEqual(['Nebula finals LIVE']);
    expect(await filtered('kind=video')).toEqual(['Nebula recap']);
    expect(await filtered('searchTerm=smallcaster')).toEqual(['Nebula recap']);
    expect(await filtered('pageSize=1&page=2&sortField=title&sortOrder=asc')).toEqual(['Nebula recap']);
    const bad = await ctx.call('GET', `/api/twitch_feed/${feedId}?minViews=10&maxViews=5`, { token: w.token });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call('GET', `/api/twitch_feed/${feedId}?sortField=bogus`, { token: w.token })).statusCode).toBe(400);

    const ids = all.json().data.map((d: { id: string }) => Number(d.id));
    const save = await ctx.call('POST', '/api/twitch_feed/save', { token: w.token, body: { streams: ids, tag_id: w.tagId, keyword_id: feedId } });
    expect(save.json().data).toMatchObject({ type: 'bulk_result', id: 'save', attributes: { success: 2, failed: 0 } });
    const twice = await ctx.call('POST', '/api/twitch_feed/save', { token: w.token, body: { streams: [ids[1]], tag_id: w.tagId, keyword_id: feedId } });
    expect(twice.json().data.attributes).toMatchObject({
      success: 0,
      failed: 1,
      results: [{ id: String(ids[1]), status: 'KO', reason: MSG.streams.alreadySaved }],
    });
    const saved = await ctx.call('GET', `/api/saved_streams?project_id=${w.projectId}&sortField=followers`, { token: w.token });
    expect(
      saved.json().data.map((d: { attributes: Record<string, unknown> }) => [d.attributes.title, d.attributes.followers, d.attributes.twitch_video_id]),
    ).toEqual([
      ['Nebula finals LIVE', 12000, `stream:${live.id}`],
      ['Nebula recap', 40, expect.stringMatching(/^\d+$/)],
    ]);
    expect(all.json().data.every((d: { attributes: { saved: boolean } }) => !d.attributes.saved)).toBe(true);
    const after = await ctx.call('GET', `/api/twitch_feed/${feedId}`, { token: w.token });
    expect(after.json().data.every((d: { attributes: { saved: boolean } }) => d.attributes.saved)).toBe(true);

    const del = await ctx.call('DELETE', '/api/twitch_feed', { token: w.token, body: { videos: [ids[0]], keyword_id: feedId } });
    expect(del.json().data.attributes).toMatchObject({ success: 1, failed: 0 });
    expect((await ctx.call('GET', `/api/twitch_feed/${feedId}`, { token: w.token })).json().meta.total_entries).toBe(1);
  });

  it('edits saved streams, deletes them in bulk (also at saved_streams/), and adds missing ones by URL', async () => {
    const w = await workspace();
    fake.addUser({ id: '6101', login: 'starfallpro', display_name: 'StarfallPro', followers: 777 });
    const vod = fake.addVideo({ user_id: '6101', game_id: '1990000001', title: 'Starfall grand final VOD', type: 'archive' });
    const byVideo = await ctx.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { stream_url: `https://www.twitch.tv/videos/${vod.id}`, tag_id: w.tagId },
    });
    expect(byVideo.statusCode, byVideo.body).toBe(201);
    expect(byVideo.json().data.attributes).toMatchObject({
      title: 'Starfall grand final VOD',
      followers: 777,
      twitch_video_id: vod.id,
      tag: 'Tournament coverage',
    });
    // The channel offline: its latest archive (already saved → 422 with the catalogue's words).
    const offline = await ctx.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { stream_url: 'https://www.twitch.tv/starfallpro', tag_id: w.tagId },
    });
    expect(offline.statusCode).toBe(422);
    expect(errors(offline)[0]).toMatchObject({ source: { pointer: '/stream_url' }, detail: MSG.streams.alreadySaved });
    const live = fake.addStream({ user_id: '6101', game_id: '1990000001', title: 'Starfall showmatch' });
    const byChannel = await ctx.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { stream_url: 'https://twitch.tv/StarfallPro', tag_id: w.tagId },
    });
    expect(byChannel.statusCode).toBe(201);
    expect(byChannel.json().data.attributes).toMatchObject({ twitch_video_id: `stream:${live.id}`, url: 'https://www.twitch.tv/starfallpro' });
    const nothing = await ctx.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { stream_url: 'https://www.twitch.tv/nobodyhere', tag_id: w.tagId },
    });
    expect(nothing.statusCode).toBe(422);
    expect(errors(nothing)[0]).toMatchObject({ source: { pointer: '/stream_url' }, detail: MSG.streams.notFoundAtUrl });
    const notTwitch = await ctx.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { data: { attributes: { stream_url: 'https://example.com/x', tag_id: w.tagId } } },
    });
    expect(errors(notTwitch)[0].source?.pointer).toBe('/data/attributes/stream_url');

    const id = byVideo.json().data.id;
    const edited = await ctx.call('PATCH', `/api/saved_streams/${id}`, { token: w.token, body: { title: 'Grand final (edited)', followers: 800 } });
    expect(edited.json()).toMatchObject({
      data: { attributes: { title: 'Grand final (edited)', followers: 800 } },
      meta: { message: 'Stream has been edited.' },
    });
    const other = await workspace();
    expect((await ctx.call('PATCH', `/api/saved_streams/${id}`, { token: other.token, body: { title: 'x' } })).statusCode).toBe(404);
    const foreignDelete = await ctx.call('DELETE', '/api/saved_streams', { token: other.token, body: { stream_ids: [Number(id)] } });
    expect(foreignDelete.json().data.attributes.success).toBe(0);
    const deleted = await ctx.call('DELETE', '/api/saved_streams/', { token: w.token, body: { stream_ids: [Number(id), Number(byChannel.json().data.id)] } });
    expect(deleted.json().data).toMatchObject({ type: 'bulk_result', attributes: { success: 2 } });
    expect((await ctx.call('GET', `/api/saved_streams?filter[project_id]=${w.projectId}`, { token: w.token })).json().meta.total_entries).toBe(0);
    expect((await ctx.call('GET', `/api/saved_streams?project_id=${w.projectId}`, { token: other.token })).statusCode).toBe(404);
  });

  it('searches games (more than 2 characters) and previews streams', async () => {
    const w = await workspace();
    const short = await ctx.call('GET', '/api/twitch_feed/preview?searchTerm=ze', { token: w.token });
    expect(short.statusCode).toBe(400);
    expect(errors(short)[0].source?.parameter).toBe('searchTerm');
    const games = await ctx.call('GET', '/api/twitch_feed/preview?searchTerm=zelda', { token: w.token });
    expect(games.json().data.map((g: { name: string }) => g.name)).toEqual([
      'The Legend of Zelda: Tears of the Kingdom',
      'The Legend of Zelda: Breath of the Wild',
    ]);
    fake.addStream({ user_id: '6201', game_id: '27471', title: 'Creeper hunting' });
    const preview = await ctx.call('GET', '/api/twitch_feed/preview_streams?keyword=creeper&game_id=27471', { token: w.token });
    expect(preview.json().data).toEqual([expect.objectContaining({ title: 'Creeper hunting', kind: 'stream', live: true })]);
  });

  it('lets only the platform operator refresh a feed now', async () => {
    const w = await workspace();
    const feedId = Number(
      (await ctx.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Nebula', project_id: w.projectId, game_id: '1990000001' } })).json().data
        .id,
    );
    expect((await ctx.call('GET', `/api/twitch_feed/${feedId}/refresh`, { token: w.token })).statusCode).toBe(404);
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const project = await makeProject(ctx, operator.org.id);
    const opFeed = Number(
      (await ctx.call('POST', '/api/twitch_feed', { token: operator.token, body: { keyword: 'Nebula', project_id: project.id, game_id: '1990000001' } })).json()
        .data.id,
    );
    const before = fake.calls('/streams');
    const res = await ctx.call('GET', `/api/twitch_feed/${opFeed}/refresh`, { token: operator.token });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ type: 'refresh', attributes: { queued: true } });
    expect(fake.calls('/streams')).toBe(before + 1);
  });

  it('without credentials: feeds wait as not_configured, calls that need Twitch answer 503 not_connected', async () => {
    const w = await workspace(bare);
    const availability = await bare.call('GET', '/api/twitch_feed/availability', { token: w.token });
    expect(availability.json().data).toEqual({
      type: 'availability',
      id: 'twitch',
      attributes: { available: false, reason: MSG.streams.notConnected, searches_left_today: null },
    });
    const created = await bare.call('POST', '/api/twitch_feed', { token: w.token, body: { keyword: 'Nebula', project_id: w.projectId, game_id: '509658' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ state: 'not_configured', game_name: '509658', next_check_at: null });
    for (const url of ['/api/twitch_feed/preview?searchTerm=zelda', '/api/twitch_feed/preview_streams?keyword=nebula&game_id=509658']) {
      const res = await bare.call('GET', url, { token: w.token });
      expect(res.statusCode).toBe(503);
      expect(errors(res)[0]).toMatchObject({ code: 'not_connected', detail: MSG.streams.notConnected });
    }
    const missing = await bare.call('POST', '/api/saved_streams/save_missing_stream', {
      token: w.token,
      body: { stream_url: 'https://www.twitch.tv/videos/1', tag_id: w.tagId },
    });
    expect(missing.statusCode).toBe(503);
  });

  it('the demo seed fills a Nebula feed with streams and videos and saves three, without calling Twitch', async () => {
    const w = await workspace(bare);
    await bare.deps.db.transaction((tx) => seedDemoStreams(tx, { orgId: w.orgId, launchId: w.projectId, esportsId: w.projectId }));
    const info = await bare.call(
      'GET',
      `/api/twitch_feed/${(await bare.deps.pool.query('select twitch_search_id from projects where id = $1', [w.projectId])).rows[0].twitch_search_id}/info`,
      { token: w.token },
    );
    expect(info.json().data.attributes).toMatchObject({ keyword: 'Nebula', game_name: 'Starfall', total_items: 20 });
    const feedId = info.json().data.id;
    const live = await bare.call('GET', `/api/twitch_feed/${feedId}?kind=stream`, { token: w.token });
    expect(live.json().data.map((d: { attributes: { live: boolean } }) => d.attributes.live)).toEqual([true, true]);
    const saved = await bare.call('GET', `/api/saved_streams?project_id=${w.projectId}`, { token: w.token });
    expect(saved.json().data.map((d: { attributes: { tag: string } }) => d.attributes.tag)).toEqual([
      'Tournament coverage',
      'Tournament coverage',
      'Tournament coverage',
    ]);
    // Every stream and video carries the live metrics of the samples the demo wrote, as the polls compute them.
    const rows = (await bare.call('GET', `/api/twitch_feed/${feedId}?pageSize=100`, { token: w.token })).json().data as { attributes: StreamMetrics }[];
    expect(rows).toHaveLength(20);
    const series = await bare.deps.pool.query<{ stream_id: string; started_at: Date; ended_at: Date | null; at: Date[]; viewers: number[] }>(`
      select st.stream_id, st.started_at, st.ended_at, array_agg(s.sampled_at order by s.sampled_at) as at, array_agg(s.viewers order by s.sampled_at) as viewers
      from twitch_stream_stats st join twitch_stream_samples s using (stream_id) where st.game_id = '1990000001' group by st.stream_id`);
    expect(series.rows).toHaveLength(20);
    const day1 = rows.find((r) => r.attributes.title === 'Nebula Cup Day 1 — full broadcast')!.attributes;
    const day1Series = series.rows.find((r) => r.viewers.includes(day1.peak_viewers!) && r.ended_at)!;
    const expected = seriesTotals(
      day1Series.started_at.getTime(),
      day1Series.at.map((at, i) => ({ at: at.getTime(), viewers: day1Series.viewers[i]! })),
      // The poll that no longer saw it: the stored end is halfway there.
      2 * day1Series.ended_at!.getTime() - day1Series.at.at(-1)!.getTime(),
    );
    expect(day1).toMatchObject({ peak_viewers: expected.peakViewers, average_viewers: expected.averageViewers });
    expect(day1.hours_watched).toBeCloseTo(expected.hoursWatched, 1);
    for (const r of rows) {
      expect(r.attributes.peak_viewers).toBeGreaterThan(0);
      expect(r.attributes.hours_watched).toBeGreaterThan(0);
      expect(r.attributes.average_viewers!).toBeLessThanOrEqual(r.attributes.peak_viewers!);
    }
    // Nothing is announced for demo data.
    expect((await bare.deps.pool.query(`select count(*)::int as n from notification_outbox where subject = 'stream'`)).rows[0].n).toBe(0);
  });
});
