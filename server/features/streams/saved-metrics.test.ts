import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { TwitchClient } from '../../integrations/twitch/client.js';
import { pollGame } from './poll.js';
import { peakConcurrent, savedStreamTotals } from './service.js';

// Saved streams carry the live metrics; a report adds them up (issue 30).
const MIN = 60_000;
const clock = { t: Math.floor(Date.now() / MIN) * MIN - 3 * 3_600_000, now: () => clock.t };
let ctx: TestContext;
let fake: FakeTwitch;
let client: TwitchClient;
beforeAll(async () => {
  fake = await startFakeTwitch({ now: clock.now });
  fake.games.push({ id: '1990002000', name: 'Tidecaller', box_art_url: '' });
  ctx = await createTestContext(fake.env);
  client = new TwitchClient(ctx.config.twitch, { now: clock.now, sleep: async (ms) => void (clock.t += ms) });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('saved streams with live metrics', () => {
  it('shows peak, average and hours watched, the viewers chart and CSV; the report totals add them up', async () => {
    const game = '1990002000';
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const tag = await makeTag(ctx, org.id, project.id, 'Launch week');
    const created = await ctx.call('POST', '/api/twitch_feed', { token, body: { project_id: project.id, game_id: game } });
    const feedId = Number(created.json().data.id);
    const start = clock.t;
    // Two channels overlapping: A 100 → 300 → 200, B from the second step 50 → 400 (then gone);
    // a third stream of A's channel later (a restart). Polls 1 minute into each 2-minute step.
    fake.scriptStream({ user_id: '6700001', game_id: game, title: 'A', startAt: start, stepMs: 2 * MIN, viewers: [100, 300, 200] });
    fake.scriptStream({ user_id: '6700002', game_id: game, title: 'B', startAt: start + 2 * MIN, stepMs: 2 * MIN, viewers: [50, 400] });
    fake.scriptStream({ user_id: '6700001', game_id: game, title: 'A again', startAt: start + 8 * MIN, stepMs: 2 * MIN, viewers: [10] });
    for (let k = 0; k <= 5; k++) {
      clock.t = start + MIN + k * 2 * MIN;
      await pollGame({ db: ctx.deps.db, client }, game, new Date(clock.t));
    }
    const list = (await ctx.call('GET', `/api/twitch_feed/${feedId}`, { token })).json().data as { id: string; attributes: { title: string } }[];
    expect(list.map((i) => i.attributes.title).sort()).toEqual(['A', 'A again', 'B']);
    const saved = await ctx.call('POST', '/api/twitch_feed/save', {
      token,
      body: { streams: list.map((i) => Number(i.id)), tag_id: tag.id, keyword_id: feedId },
    });
    expect(saved.json().data.attributes.success).toBe(3);

    const rows = (await ctx.call('GET', `/api/saved_streams?project_id=${project.id}&sortField=title&sortOrder=asc`, { token })).json().data as {
      id: string;
      attributes: Record<string, unknown>;
    }[];
    // A: 120 s each (100, 300, 200); B: 120 s each (50, 400); A again: 60 s back to its start + 60 s to its end.
    expect(rows.map((r) => [r.attributes.title, r.attributes.peak_viewers, r.attributes.average_viewers, r.attributes.airtime])).toEqual([
      ['A', 300, 200, 360],
      ['A again', 10, 10, 120],
      ['B', 400, 225, 240],
    ]);
    expect(rows[0].attributes.hours_watched).toBeCloseTo((120 * 600) / 3600, 9);
    const chart = await ctx.call('GET', `/api/saved_streams/${rows[2].id}/viewers`, { token });
    expect(chart.json().data.map((p: { viewers: number }) => p.viewers)).toEqual([50, 400]);
    const outsider = await makeOrg(ctx);
    expect((await ctx.call('GET', `/api/saved_streams/${rows[2].id}/viewers`, { token: outsider.token })).statusCode).toBe(404);

    const csv = await ctx.call('GET', `/api/saved_streams?project_id=${project.id}&sortField=title&sortOrder=asc`, { token, headers: { accept: 'text/csv' } });
    const [header, first] = csv.body.trim().split('\n');
    const cells = Object.fromEntries(header.split(',').map((h, i) => [h, first.split(',')[i]]));
    expect(cells).toMatchObject({ title: 'A', peak_viewers: '300', average_viewers: '200', hours_watched: '20', tag: 'Launch week' });

    const totals = await savedStreamTotals(
      ctx.deps.db,
      org.id,
      project.id,
      rows.map((r) => Number(r.id)),
    );
    // Σ hours: (120 × 600 + 120 × 450 + 120 × 10) / 3600; concurrent peak: A's 200 with B's 400 at start + 5 min.
    expect(totals.hoursWatched).toBeCloseTo((120 * (600 + 450 + 10)) / 3600, 9);
    expect(totals).toMatchObject({ peakConcurrentViewers: 600, channels: 2 });
    // Another organization's ids count nothing.
    expect(
      await savedStreamTotals(
        ctx.deps.db,
        outsider.org.id,
        project.id,
        rows.map((r) => Number(r.id)),
      ),
    ).toEqual({ hoursWatched: 0, peakConcurrentViewers: 0, channels: 0 });
  });

  it('peak concurrent viewers: each stream holds its latest sample until its next or its end', () => {
    const ended = new Map<string, Date | null>([
      ['a', new Date(25)],
      ['b', null],
    ]);
    const samples = [
      { streamId: 'a', at: 0, viewers: 100 },
      { streamId: 'b', at: 10, viewers: 50 },
      { streamId: 'a', at: 20, viewers: 30 },
      { streamId: 'b', at: 20, viewers: 90 },
      { streamId: 'b', at: 30, viewers: 110 },
    ];
    expect(peakConcurrent(samples, ended)).toBe(150);
    expect(peakConcurrent([], new Map())).toBe(0);
  });
});
