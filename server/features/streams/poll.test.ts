import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { TwitchClient } from '../../integrations/twitch/client.js';
import { nextInterval, pollGame } from './poll.js';
import { createTwitchFeed } from './service.js';

let ctx: TestContext;
let fake: FakeTwitch;
let client: TwitchClient;
beforeAll(async () => {
  fake = await startFakeTwitch();
  ctx = await createTestContext(fake.env);
  client = new TwitchClient(ctx.config.twitch);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let gameSeq = 0;
/** A game of its own per test (polls are per game), known to the fake. */
function newGame(): string {
  const id = String(1990000100 + gameSeq++);
  fake.games.push({ id, name: `Starfall ${id}`, box_art_url: '' });
  return id;
}

async function feedFor(gameId: string, keyword: string, extra: Record<string, unknown> = {}) {
  const { org, token } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id, { name: `Project ${keyword}` });
  const created = await ctx.deps.db.transaction((tx) =>
    createTwitchFeed(tx, org.id, { projectId: project.id, keyword, gameId, ...extra }, ctx.config, { client }),
  );
  return { orgId: org.id, token, feedId: created.id, projectId: project.id, status: created.status };
}

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await ctx.deps.pool.query(text, params)).rows as T[];
const feedTitles = async (feedId: number) =>
  (
    await q<{ title: string }>(
      `select i.title from twitch_feed_items fi join twitch_items i on i.id = fi.item_id where fi.feed_id = $1 and fi.status <> 'deleted' order by i.title`,
      [feedId],
    )
  ).map((r) => r.title);

describe('one poll per game', () => {
  it('serves the feeds of two organizations with one set of Helix calls, each feed getting its own matches', async () => {
    const game = newGame();
    const a = await feedFor(game, 'Nebula Cup');
    const b = await feedFor(game, 'speedrun, Any%');
    expect(a.status).toBe('ACTIVE');
    fake.addStream({ user_id: '5001', game_id: game, title: 'NEBULA CUP grand final' });
    fake.addStream({ user_id: '5002', game_id: game, title: 'Chill speedrun practice' });
    fake.addStream({ user_id: '5003', game_id: game, title: 'Just hanging out' });
    fake.addVideo({ user_id: '5004', game_id: game, title: 'Highlights', description: 'Best of the Nébula cup day one' });
    const before = { streams: fake.calls('/streams'), videos: fake.calls('/videos') };
    const outcome = await pollGame({ db: ctx.deps.db, client }, game);
    expect(fake.calls('/streams') - before.streams).toBe(1);
    expect(fake.calls('/videos') - before.videos).toBe(1);
    expect(outcome).toMatchObject({ feeds: 2, streams: 3, matched: 3, newFeedItems: 3 });
    expect(await feedTitles(a.feedId)).toEqual(['Highlights', 'NEBULA CUP grand final']);
    expect(await feedTitles(b.feedId)).toEqual(['Chill speedrun practice']);
    // Only the broadcasters that matched were looked up.
    const channels = await q<{ id: string }>(`select id from twitch_channels where id in ('5001','5002','5003','5004') order by id`);
    expect(channels.map((c) => c.id)).toEqual(['5001', '5002', '5004']);
    // Both feeds carry the poll's time; the feed rows' organizations stay apart.
    const feeds = await q<{ latest_pull: Date | null; organization_id: number }>(
      `select latest_pull, organization_id from twitch_feeds where id = any($1) order by id`,
      [[a.feedId, b.feedId]],
    );
    expect(feeds.every((f) => f.latest_pull !== null)).toBe(true);
    expect(feeds.map((f) => f.organization_id)).toEqual([a.orgId, b.orgId]);
  });

  it('updates a live stream in place, marks it ended when it leaves the live list, and doubles nothing across polls', async () => {
    const game = newGame();
    const f = await feedFor(game, 'marathon');
    const live = fake.addStream({ user_id: '5101', game_id: game, title: 'Charity marathon', viewer_count: 50 });
    await pollGame({ db: ctx.deps.db, client }, game);
    live.viewer_count = 900;
    live.title = 'Charity marathon hour 5';
    await pollGame({ db: ctx.deps.db, client }, game);
    let rows = await q<{ title: string; view_count: string; live: boolean }>(`select title, view_count::text, live from twitch_items where twitch_id = $1`, [
      live.id,
    ]);
    expect(rows).toEqual([{ title: 'Charity marathon hour 5', view_count: '900', live: true }]);
    const vod = fake.endStream(live.id, { vod: { title: 'Charity marathon (VOD)' } })!;
    await pollGame({ db: ctx.deps.db, client }, game);
    await pollGame({ db: ctx.deps.db, client }, game);
    rows = await q(`select title, view_count, live from twitch_items where twitch_id = $1 and kind = 'stream'`, [live.id]);
    expect(rows[0].live).toBe(false);
    // The stream row learns its VOD; the VOD is its own item.
    const [stream] = await q<{ twitch_video_id: string }>(`select twitch_video_id from twitch_items where kind = 'stream' and twitch_id = $1`, [live.id]);
    expect(stream.twitch_video_id).toBe(vod.id);
    expect(await feedTitles(f.feedId)).toEqual(['Charity marathon (VOD)', 'Charity marathon hour 5']);
    const [{ n }] = await q<{ n: number }>(`select count(*)::int as n from twitch_feed_items where feed_id = $1`, [f.feedId]);
    expect(n).toBe(2);
  });

  it('keeps deleted items deleted when later polls bring them again', async () => {
    const game = newGame();
    const f = await feedFor(game, 'retro');
    fake.addStream({ user_id: '5201', game_id: game, title: 'Retro night' });
    await pollGame({ db: ctx.deps.db, client }, game);
    const [item] = await q<{ item_id: string }>(`select item_id from twitch_feed_items where feed_id = $1`, [f.feedId]);
    const del = await ctx.call('DELETE', '/api/twitch_feed', { token: f.token, body: { videos: [Number(item.item_id)], keyword_id: f.feedId } });
    expect(del.json().data.attributes.success).toBe(1);
    await pollGame({ db: ctx.deps.db, client }, game);
    expect(await feedTitles(f.feedId)).toEqual([]);
    const list = await ctx.call('GET', `/api/twitch_feed/${f.feedId}`, { token: f.token });
    expect(list.json().meta.total_entries).toBe(0);
  });

  it('records errors with back-off and a readable state, waits for the reset after a 429, and recovers', async () => {
    const game = newGame();
    const f = await feedFor(game, 'tournament');
    const now = new Date();
    fake.failNext(500);
    const failed = await pollGame({ db: ctx.deps.db, client }, game, now);
    expect(failed.error).toMatch(/HTTP 500/);
    let info = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/info`, { token: f.token })).json().data.attributes;
    expect(info.state).toBe('error');
    expect(info.last_error).toMatch(/Twitch \/streams: HTTP 500/);
    const firstWait = Date.parse(info.next_check_at) - now.getTime();
    fake.failNext(500);
    await pollGame({ db: ctx.deps.db, client }, game, now);
    info = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/info`, { token: f.token })).json().data.attributes;
    expect(Date.parse(info.next_check_at) - now.getTime()).toBeGreaterThan(firstWait);

    // A 429 is retried after the reset within the poll; one that persists fails the poll.
    fake.failNext(429, 3);
    const limited = await pollGame({ db: ctx.deps.db, client: new TwitchClient(ctx.config.twitch) }, game, now);
    info = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/info`, { token: f.token })).json().data.attributes;
    expect(info.state).toBe('rate_limited');
    const [{ error_count }] = await q<{ error_count: number }>(`select error_count from twitch_games where id = $1`, [game]);
    expect(error_count).toBe(3);
    // The next check is after the bucket's reset (Ratelimit-Reset), not an arbitrary back-off.
    const reset = Number(fake.requests.filter((r) => r.path === '/helix/streams').length) && limited.nextCheckAt.getTime();
    expect(reset).toBeGreaterThan(now.getTime());

    fake.addStream({ user_id: '5301', game_id: game, title: 'Tournament day' });
    const ok = await pollGame({ db: ctx.deps.db, client: new TwitchClient(ctx.config.twitch) }, game);
    expect(ok.error).toBeUndefined();
    info = (await ctx.call('GET', `/api/twitch_feed/${f.feedId}/info`, { token: f.token })).json().data.attributes;
    expect(info).toMatchObject({ state: 'ok', last_error: null, total_items: 1 });
  });

  it('announces new items once, only for channels at or above the minimum, never the first fill', async () => {
    const game = newGame();
    const f = await feedFor(game, 'launch', { discordWebhookUrl: 'https://discord.com/api/webhooks/1/abc', discordMinFollowers: 1000 });
    fake.addStream({ user_id: '5401', game_id: game, title: 'Launch hype (old news)' });
    fake.setFollowers('5401', 50_000);
    await pollGame({ db: ctx.deps.db, client }, game);
    const outbox = () =>
      q<{ item_key: string; channel: string; payload: { title: string; audience: number } }>(
        `select item_key, channel, payload from notification_outbox where subject = 'stream' and source_id = $1 order by id`,
        [f.feedId],
      );
    expect(await outbox()).toEqual([]);

    fake.addStream({ user_id: '5402', game_id: game, title: 'Launch day with a big channel' });
    fake.setFollowers('5402', 5000);
    fake.addStream({ user_id: '5403', game_id: game, title: 'Launch day with a small channel' });
    fake.setFollowers('5403', 10);
    await pollGame({ db: ctx.deps.db, client }, game);
    await pollGame({ db: ctx.deps.db, client }, game);
    const rows = await outbox();
    expect(rows.map((r) => [r.channel, r.payload.title, r.payload.audience])).toEqual([['discord', 'Launch day with a big channel', 5000]]);
    const [item] = await q<{ id: string }>(`select id from twitch_items where title = 'Launch day with a big channel'`);
    expect(rows[0].item_key).toBe(String(item.id));
  });

  it('a poll that dies before its commit leaves nothing behind, and the next one writes everything once', async () => {
    const game = newGame();
    const f = await feedFor(game, 'crash', { slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x' });
    fake.addStream({ user_id: '5601', game_id: game, title: 'Crash test baseline' });
    await pollGame({ db: ctx.deps.db, client }, game);
    fake.addStream({ user_id: '5602', game_id: game, title: 'Crash test new stream' });
    // The game's state is the transaction's last write: failing it is a worker dying mid-poll.
    await ctx.deps.pool.query(`
      create or replace function fail_game_update() returns trigger language plpgsql as $$ begin raise exception 'worker killed'; end $$;
      create trigger fail_game_update before update on twitch_games for each row when (new.id = '${game}') execute function fail_game_update();`);
    await expect(pollGame({ db: ctx.deps.db, client }, game)).rejects.toThrow();
    const counts = async () =>
      (
        await q<{ items: number; feed_items: number; outbox: number }>(
          `select (select count(*)::int from twitch_items where game_id = $1) as items,
                (select count(*)::int from twitch_feed_items where feed_id = $2) as feed_items,
                (select count(*)::int from notification_outbox where subject = 'stream' and source_id = $2) as outbox`,
          [game, f.feedId],
        )
      )[0];
    expect(await counts()).toEqual({ items: 1, feed_items: 1, outbox: 0 });
    await ctx.deps.pool.query(`drop trigger fail_game_update on twitch_games`);
    await pollGame({ db: ctx.deps.db, client }, game);
    await pollGame({ db: ctx.deps.db, client }, game);
    expect(await counts()).toEqual({ items: 2, feed_items: 2, outbox: 1 });
  });

  it('a new keyword is a new baseline: what it matches at once is not announced', async () => {
    const game = newGame();
    const f = await feedFor(game, 'alpha', { discordWebhookUrl: 'https://discord.com/api/webhooks/1/abc' });
    fake.addStream({ user_id: '5701', game_id: game, title: 'Alpha run' });
    await pollGame({ db: ctx.deps.db, client }, game);
    fake.addVideo({ user_id: '5702', game_id: game, title: 'Omega marathon from this morning' });
    const patched = await ctx.call('PATCH', `/api/twitch_feed/${f.feedId}`, { token: f.token, body: { keyword: 'omega' } });
    expect(patched.json().data.attributes.latestPull).toBeNull();
    await pollGame({ db: ctx.deps.db, client }, game);
    expect(await feedTitles(f.feedId)).toEqual(['Alpha run', 'Omega marathon from this morning']);
    fake.addStream({ user_id: '5703', game_id: game, title: 'Omega finals' });
    await pollGame({ db: ctx.deps.db, client }, game);
    const announced = await q<{ title: string }>(`select payload->>'title' as title from notification_outbox where subject = 'stream' and source_id = $1`, [
      f.feedId,
    ]);
    expect(announced.map((r) => r.title)).toEqual(['Omega finals']);
  });

  it('fills a new feed at once from what earlier polls of its game stored', async () => {
    const game = newGame();
    await feedFor(game, 'finals');
    fake.addStream({ user_id: '5501', game_id: game, title: 'Finals warm-up' });
    await pollGame({ db: ctx.deps.db, client }, game);
    const late = await feedFor(game, 'warm-up');
    expect(await feedTitles(late.feedId)).toEqual(['Finals warm-up']);
  });

  it('adapts the interval: games with live streams every 2–5 minutes, quiet ones up to an hour', () => {
    expect(nextInterval(900, 3, 2)).toBe(120);
    expect(nextInterval(120, 3, 0)).toBe(180);
    expect(nextInterval(300, 3, 0)).toBe(300);
    expect(nextInterval(800, 3, 0)).toBe(300);
    expect(nextInterval(300, 0, 0)).toBe(900);
    expect(nextInterval(2400, 0, 0)).toBe(3600);
  });
});
