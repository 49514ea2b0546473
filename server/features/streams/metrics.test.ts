import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLiveStreams, startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { TwitchClient } from '../../integrations/twitch/client.js';
import { COMPACT_AFTER_MS, COMPACT_POINTS } from './metrics.js';
import { pollGame } from './poll.js';

// Game-wide feeds and live metrics from samples (issue 30), on a virtual clock shared by the fake
// Twitch, the Helix client's rate-limit gate and the polls.
const MIN = 60_000;
const clock = { t: Math.floor(Date.now() / MIN) * MIN - 6 * 3_600_000, now: () => clock.t };
let ctx: TestContext;
let fake: FakeTwitch;
let client: TwitchClient;
beforeAll(async () => {
  fake = await startFakeTwitch({ now: clock.now });
  ctx = await createTestContext(fake.env);
  client = new TwitchClient(ctx.config.twitch, { now: clock.now, sleep: async (ms) => void (clock.t += ms) });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let gameSeq = 0;
function newGame(): string {
  const id = String(1990001000 + gameSeq++);
  fake.games.push({ id, name: `Skyforge ${id}`, box_art_url: '' });
  return id;
}

async function gameWideFeed(gameId: string, attributes: Record<string, unknown> = {}) {
  const { org, token } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id, { name: `Skyforge ${gameId}` });
  const res = await ctx.call('POST', '/api/twitch_feed', {
    token,
    body: { data: { type: 'twitch_feed', attributes: { project_id: project.id, game_id: gameId, ...attributes } } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token, orgId: org.id, projectId: project.id, feedId: Number(res.json().data.id), feed: res.json().data.attributes };
}

const poll = (gameId: string) => pollGame({ db: ctx.deps.db, client }, gameId, new Date(clock.t));
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await ctx.deps.pool.query(text, params)).rows as T[];
type Item = { id: string; attributes: Record<string, unknown> & { twitch_stream_id: string } };
const items = async (token: string, feedId: number, query = ''): Promise<Item[]> =>
  (await ctx.call('GET', `/api/twitch_feed/${feedId}?pageSize=100${query}`, { token })).json().data;

describe('game-wide feeds', () => {
  it('follow every live stream of the game across pages; a minimum viewer count keeps the streams that matter', async () => {
    const game = newGame();
    const all = await gameWideFeed(game);
    expect(all.feed).toMatchObject({ keyword: '', min_viewers: null, game_id: game, game_name: `Skyforge ${game}` });
    const big = await gameWideFeed(game, { keyword: '', min_viewers: 900 });
    expect(big.feed.min_viewers).toBe(900);
    // 300 live streams with 1000, 999, … 701 viewers: three pages of 100.
    addLiveStreams(fake, game, 300, { userBase: 6_100_000, viewers: (i) => 1000 - i });
    fake.addVideo({ user_id: '6100000', game_id: game, title: 'An upload' });
    const calls = fake.calls('/streams');
    const outcome = await poll(game);
    expect(outcome.error).toBeUndefined();
    expect(fake.calls('/streams') - calls).toBe(3);
    expect(outcome).toMatchObject({ streams: 300, samples: 300 });
    const list = await ctx.call('GET', `/api/twitch_feed/${all.feedId}`, { token: all.token });
    // Live streams only: a game-wide feed does not take the game's videos.
    expect(list.json().meta.total_entries).toBe(300);
    expect((await ctx.call('GET', `/api/twitch_feed/${big.feedId}`, { token: big.token })).json().meta.total_entries).toBe(101);
    // A keyword still narrows: a third feed of the same game.
    fake.streams.find((s) => s.user_id === '6100299')!.title = 'Skyforge speedrun any%';
    const narrow = await gameWideFeed(game, { keyword: 'speedrun' });
    await poll(game);
    expect((await items(narrow.token, narrow.feedId)).map((i) => i.attributes.title)).toEqual(['Skyforge speedrun any%']);
  });

  it('validates with pointers: neither keyword nor game, a short keyword, a bad minimum, a game Twitch does not know', async () => {
    const { token } = await makeOrg(ctx);
    const { org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const post = (attributes: Record<string, unknown>) => ctx.call('POST', '/api/twitch_feed', { token, body: { data: { type: 'twitch_feed', attributes } } });
    type E = { detail: string; source: { pointer: string } };
    const neither = (await post({ project_id: project.id })).json().errors as E[];
    expect(neither).toContainEqual(
      expect.objectContaining({
        detail: 'Enter a keyword of at least 3 characters, or choose a game to follow all of its live streams',
        source: { pointer: '/data/attributes/keyword' },
      }),
    );
    const short = await post({ project_id: project.id, game_id: '27471', keyword: 'ab' });
    expect(short.statusCode).toBe(422);
    expect((short.json().errors as E[]).map((e) => e.source.pointer)).toEqual(['/data/attributes/keyword']);
    for (const bad of [-1, 2.5, 'many']) {
      const res = await post({ project_id: project.id, game_id: '27471', min_viewers: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ detail: 'The minimum viewer count must be a whole number, 0 or more', source: { pointer: '/data/attributes/min_viewers' } }),
      ]);
    }
    const mine = await makeOrg(ctx);
    const own = await makeProject(ctx, mine.org.id);
    const unknown = await ctx.call('POST', '/api/twitch_feed', { token: mine.token, body: { project_id: own.id, game_id: '987654321' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ detail: 'This game does not exist on Twitch: choose one from the list', source: { pointer: '/game_id' } }),
    ]);
    expect(await q(`select 1 from twitch_games where id = '987654321'`)).toEqual([]);
    const created = await ctx.call('POST', '/api/twitch_feed', { token: mine.token, body: { project_id: own.id, game_id: '27471' } });
    expect(created.statusCode).toBe(201);
    const moved = await ctx.call('PATCH', `/api/twitch_feed/${created.json().data.id}`, {
      token: mine.token,
      body: { data: { attributes: { game_id: '987654321' } } },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors[0].source.pointer).toBe('/data/attributes/game_id');
  });
});

describe('live metrics from samples', () => {
  it('a stream that rises, peaks and ends: peak, average, hours watched and airtime exact to the samples served; it ends once', async () => {
    const game = newGame();
    const f = await gameWideFeed(game);
    const start = clock.t;
    const id = fake.scriptStream({
      user_id: '6200001',
      game_id: game,
      title: 'Rise and fall',
      startAt: start,
      stepMs: 2 * MIN,
      viewers: [100, 300, 900, 600, 200],
    });
    // Polls 1 minute into each 2-minute step, then one after the stream is gone.
    for (let k = 0; k <= 5; k++) {
      clock.t = start + MIN + k * 2 * MIN;
      await poll(game);
    }
    // Each sample stands for 2 minutes (1 minute either side; the first back to started_at, the
    // last half the gap to the poll that missed it): 120 s × (100 + 300 + 900 + 600 + 200) viewers.
    const [item] = await items(f.token, f.feedId);
    expect(item.attributes).toMatchObject({ twitch_stream_id: id, live: false, peak_viewers: 900, average_viewers: 420, airtime: 600 });
    expect(item.attributes.hours_watched).toBeCloseTo((120 * 2100) / 3600, 9);
    expect(item.attributes.ended_at).toBe(new Date(start + 10 * MIN).toISOString());
    clock.t += 2 * MIN;
    const again = await poll(game);
    expect(again.streamsEnded).toBe(0);
    expect((await items(f.token, f.feedId))[0].attributes).toMatchObject({
      ended_at: new Date(start + 10 * MIN).toISOString(),
      hours_watched: item.attributes.hours_watched,
    });
    // The chart's series, for the feed item.
    const series = await ctx.call('GET', `/api/twitch_feed/${f.feedId}/viewers/${item.id}`, { token: f.token });
    expect(series.json().data.map((p: { viewers: number }) => p.viewers)).toEqual([100, 300, 900, 600, 200]);
    expect(series.json().meta).toMatchObject({ peak_viewers: 900, average_viewers: 420 });
    const other = await makeOrg(ctx);
    expect((await ctx.call('GET', `/api/twitch_feed/${f.feedId}/viewers/${item.id}`, { token: other.token })).statusCode).toBe(404);
  });

  it('a stream that restarts is a new stream with its own totals', async () => {
    const game = newGame();
    const f = await gameWideFeed(game);
    const start = clock.t;
    const first = fake.scriptStream({ user_id: '6300001', game_id: game, startAt: start, stepMs: 2 * MIN, viewers: [50, 70] });
    const second = fake.scriptStream({ user_id: '6300001', game_id: game, startAt: start + 6 * MIN, stepMs: 2 * MIN, viewers: [400, 500, 450] });
    for (let k = 0; k < 7; k++) {
      clock.t = start + MIN + k * 2 * MIN;
      await poll(game);
    }
    const byId = new Map((await items(f.token, f.feedId)).map((i) => [i.attributes.twitch_stream_id, i.attributes]));
    expect([...byId.keys()].sort()).toEqual([first, second].sort());
    expect(byId.get(first)).toMatchObject({ peak_viewers: 70, average_viewers: 60, airtime: 240 });
    expect(byId.get(second)).toMatchObject({ peak_viewers: 500, average_viewers: 450, airtime: 360, live: false });
    expect(byId.get(second)!.hours_watched).toBeCloseTo((120 * (400 + 500 + 450)) / 3600, 9);
  });

  it('a 429 during a poll waits for the reset and loses no sample', async () => {
    const game = newGame();
    const f = await gameWideFeed(game);
    addLiveStreams(fake, game, 150, { userBase: 6_400_000, viewers: (i) => 10 + i });
    fake.failNext(429);
    const outcome = await poll(game);
    expect(outcome).toMatchObject({ retried: 1, samples: 150 });
    expect(outcome.error).toBeUndefined();
    const [{ n }] = await q<{ n: number }>(
      `select count(*)::int as n from twitch_stream_samples s join twitch_stream_stats st using (stream_id) where st.game_id = $1`,
      [game],
    );
    expect(n).toBe(150);
    const info = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/info`, { token: f.token })).json().data.attributes;
    expect(info).toMatchObject({ state: 'ok', last_error: null });
  });

  it('compacts an ended stream to the series a chart needs, keeping the peak; totals stay exact', async () => {
    const game = newGame();
    const f = await gameWideFeed(game);
    const start = clock.t;
    const viewers = Array.from({ length: 90 }, (_, k) => 1000 + ((k * 37) % 101) + (k === 63 ? 5000 : 0));
    fake.scriptStream({ user_id: '6500001', game_id: game, startAt: start, stepMs: 2 * MIN, viewers });
    for (let k = 0; k <= viewers.length; k++) {
      clock.t = start + MIN + k * 2 * MIN;
      await poll(game);
    }
    const [before] = await items(f.token, f.feedId);
    const count = async () =>
      (await q<{ n: number }>(`select count(*)::int as n from twitch_stream_samples where stream_id = $1`, [before.attributes.twitch_stream_id]))[0].n;
    expect(await count()).toBe(viewers.length);
    clock.t += COMPACT_AFTER_MS + MIN;
    await poll(game);
    expect(await count()).toBeLessThanOrEqual(COMPACT_POINTS);
    const series = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/viewers/${before.id}`, { token: f.token })).json().data as { viewers: number }[];
    expect(Math.max(...series.map((p) => p.viewers))).toBe(Math.max(...viewers));
    expect(Math.max(...viewers)).toBeGreaterThan(6000);
    expect(series[0].viewers).toBe(viewers[0]);
    expect(series[series.length - 1].viewers).toBe(viewers[viewers.length - 1]);
    const [after] = await items(f.token, f.feedId);
    expect(after.attributes).toMatchObject({
      peak_viewers: before.attributes.peak_viewers,
      average_viewers: before.attributes.average_viewers,
      hours_watched: before.attributes.hours_watched,
    });
    expect(after.attributes.hours_watched).toBeCloseTo((120 * viewers.reduce((a, b) => a + b, 0)) / 3600, 9);
  });

  it('exports the feed as CSV with the metrics', async () => {
    const game = newGame();
    const f = await gameWideFeed(game);
    const start = clock.t;
    fake.scriptStream({ user_id: '6600001', game_id: game, title: 'CSV stream', startAt: start, stepMs: 2 * MIN, viewers: [30, 90] });
    for (let k = 0; k <= 2; k++) {
      clock.t = start + MIN + k * 2 * MIN;
      await poll(game);
    }
    const csv = await ctx.call('GET', `/api/twitch_feed/${f.feedId}`, { token: f.token, headers: { accept: 'text/csv' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = csv.body.trim().split('\n');
    const cells = Object.fromEntries(header.split(',').map((h, i) => [h, row.split(',')[i]]));
    expect(cells).toMatchObject({ title: 'CSV stream', peak_viewers: '90', average_viewers: '60', hours_watched: '4', airtime_seconds: '240' });
  });
});
