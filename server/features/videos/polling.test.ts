import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { channelsToSubscribe, pollChannelFeed, subscribeChannel } from './channels.js';
import { feedAttributes } from './presenter.js';
import { findFeed } from './repo.js';
import { createYoutubeFeed } from './service.js';
import { dueSearches } from './jobs.js';
import { MAX_INTERVAL_S, pollSearch } from './poll.js';
import { pacificDay } from './quota.js';

let ctx: TestContext;
let fake: FakeYoutube;
beforeAll(async () => {
  fake = await startFakeYoutube();
  // A budget large enough that only the adaptive interval decides (the budget test sets its own).
  ctx = await createTestContext({ ...fake.env, YOUTUBE_SEARCH_DAILY_LIMIT: '100000' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

let seq = 0;
const vidId = () => `t${String(seq++).padStart(10, '0')}`;
const chanId = (name: string) => `UC${name.padEnd(22, 'x').slice(0, 22)}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => ctx.deps.pool.query(text, params).then((r) => r.rows as T[]);

async function feedFor(keyword: string, settings: Parameters<typeof createYoutubeFeed>[2] extends infer I ? Partial<I> : never = {}) {
  const { org } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id, { name: `Project ${keyword}` });
  const created = await ctx.deps.db.transaction((tx) => createYoutubeFeed(tx, org.id, { projectId: project.id, keyword, ...settings }, ctx.config));
  const [feed] = await q<{ search_id: number }>('select search_id from youtube_feeds where id = $1', [created.id]);
  return { orgId: org.id, feedId: created.id, searchId: feed.search_id, created };
}
const feedVideos = (feedId: number) =>
  q<{ video_id: string; found_via: string; status: string }>(
    `select v.video_id, fv.found_via, fv.status from youtube_feed_videos fv join youtube_videos v on v.id = fv.video_id where fv.feed_id = $1 order by v.video_id`,
    [feedId],
  );

describe('YouTube polling', () => {
  it('shares one search between organizations: one search call fills both feeds', async () => {
    fake.addChannel({ id: chanId('shared'), title: 'Shared TV', subscribers: 5000 });
    const a = vidId();
    const b = vidId();
    fake.addVideo({ id: a, channelId: chanId('shared'), title: 'Starfall Odyssey review', publishedAt: minutesAgo(90), views: 42 });
    fake.addVideo({ id: b, channelId: chanId('shared'), title: 'Other', description: 'about STARFALL odyssey', publishedAt: minutesAgo(80) });
    const one = await feedFor('Starfall Odyssey');
    const two = await feedFor('  starfall   ODYSSEY ');
    expect(two.searchId).toBe(one.searchId);
    expect(one.created).toMatchObject({ status: 'ACTIVE' });
    expect((await dueSearches(ctx.deps)).filter((id) => id === one.searchId)).toHaveLength(1);
    const before = fake.calls('/search');
    const outcome = await pollSearch(ctx.deps, one.searchId);
    expect(outcome).toMatchObject({ status: 'ok', found: 2, newVideos: 2, added: 4, searchCalls: 1 });
    expect(fake.calls('/search') - before).toBe(1);
    expect((await feedVideos(one.feedId)).map((r) => r.video_id)).toEqual([a, b].sort());
    expect((await feedVideos(two.feedId)).map((r) => r.video_id)).toEqual([a, b].sort());
    const [video] = await q<{ views: string }>('select views from youtube_videos where video_id = $1', [a]);
    expect(Number(video.views)).toBe(42);
    // A third feed on the same keyword is filled at once from what the search holds, without a search.
    const three = await feedFor('Starfall odyssey');
    expect((await feedVideos(three.feedId)).map((r) => r.video_id)).toEqual([a, b].sort());
    expect(fake.calls('/search') - before).toBe(1);
  });

  it('a poll that dies in its transaction writes nothing; the next one catches up without doubles', async () => {
    fake.addChannel({ id: chanId('crash'), title: 'Crash TV', subscribers: 10 });
    const first = vidId();
    fake.addVideo({ id: first, channelId: chanId('crash'), title: 'Moonfall Saga gameplay', publishedAt: minutesAgo(300) });
    const { feedId, searchId } = await feedFor('Moonfall Saga');
    expect((await pollSearch(ctx.deps, searchId)).status).toBe('ok');
    const [{ published_after: watermark }] = await q<{ published_after: Date }>('select published_after from youtube_searches where id = $1', [searchId]);
    const second = vidId();
    fake.addVideo({ id: second, channelId: chanId('crash'), title: 'Moonfall Saga boss', publishedAt: minutesAgo(100) });
    await ctx.deps.pool.query(
      `create or replace function cw_fail_feed_insert() returns trigger language plpgsql as $$ begin raise exception 'worker killed'; end $$`,
    );
    await ctx.deps.pool.query(`create trigger cw_fail before insert on youtube_feed_videos for each row execute function cw_fail_feed_insert()`);
    await expect(pollSearch(ctx.deps, searchId)).rejects.toThrow();
    await ctx.deps.pool.query('drop trigger cw_fail on youtube_feed_videos');
    const [after] = await q<{ published_after: Date }>('select published_after from youtube_searches where id = $1', [searchId]);
    expect(after.published_after).toEqual(watermark);
    expect(await q('select 1 from youtube_videos where video_id = $1', [second])).toHaveLength(0);
    // The next poll: from the unchanged watermark, everything once.
    expect(await pollSearch(ctx.deps, searchId)).toMatchObject({ status: 'ok', newVideos: 1 });
    expect(await pollSearch(ctx.deps, searchId)).toMatchObject({ status: 'ok', newVideos: 0, added: 0 });
    expect((await feedVideos(feedId)).map((r) => r.video_id)).toEqual([first, second].sort());
  });

  it('keeps deleted videos deleted across polls', async () => {
    fake.addChannel({ id: chanId('del'), title: 'Del TV' });
    const v = vidId();
    fake.addVideo({ id: v, channelId: chanId('del'), title: 'Glimmerdeep trailer', publishedAt: minutesAgo(30) });
    const { feedId, searchId } = await feedFor('Glimmerdeep');
    await pollSearch(ctx.deps, searchId);
    await ctx.deps.pool.query(`update youtube_feed_videos set status = 'deleted' where feed_id = $1`, [feedId]);
    await ctx.deps.pool.query(`update youtube_searches set published_after = null where id = $1`, [searchId]);
    await pollSearch(ctx.deps, searchId);
    expect(await feedVideos(feedId)).toEqual([{ video_id: v, found_via: 'search', status: 'deleted' }]);
  });

  it('adapts the interval: 30 min while finding videos, doubling to 6 h while finding none', async () => {
    fake.addChannel({ id: chanId('adapt'), title: 'Adapt TV' });
    fake.addVideo({ id: vidId(), channelId: chanId('adapt'), title: 'Quillbrook news', publishedAt: minutesAgo(10) });
    const { searchId } = await feedFor('Quillbrook');
    const intervals: number[] = [];
    for (let i = 0; i < 6; i++) {
      await pollSearch(ctx.deps, searchId);
      const [s] = await q<{ interval_seconds: number; next_check_at: Date; last_checked_at: Date }>(
        'select interval_seconds, next_check_at, last_checked_at from youtube_searches where id = $1',
        [searchId],
      );
      intervals.push(s.interval_seconds);
      expect(s.next_check_at.getTime() - s.last_checked_at.getTime()).toBe(s.interval_seconds * 1000);
    }
    expect(intervals).toEqual([1800, 3600, 7200, 14400, MAX_INTERVAL_S, MAX_INTERVAL_S]);
    fake.addVideo({ id: vidId(), channelId: chanId('adapt'), title: 'Quillbrook patch', publishedAt: minutesAgo(1) });
    await pollSearch(ctx.deps, searchId);
    expect((await q<{ interval_seconds: number }>('select interval_seconds from youtube_searches where id = $1', [searchId]))[0].interval_seconds).toBe(1800);
  });

  it('backs off on 429 with Retry-After, and keeps the watermark', async () => {
    const { orgId, feedId, searchId } = await feedFor('Emberlight');
    fake.failNext(429, { retryAfter: 7200, path: '/search' });
    const now = new Date();
    const outcome = await pollSearch(ctx.deps, searchId, now);
    expect(outcome).toMatchObject({ status: 'failed', quota: true });
    const [s] = await q<{ next_check_at: Date; error_count: number; last_error: string }>(
      'select next_check_at, error_count, last_error from youtube_searches where id = $1',
      [searchId],
    );
    expect(s.error_count).toBe(1);
    expect(s.next_check_at.getTime()).toBeGreaterThanOrEqual(now.getTime() + 7200_000);
    expect(s.last_error).not.toContain(fake.apiKey);
    const info = feedAttributes((await findFeed(ctx.deps.db, orgId, feedId))!, ctx.config);
    expect(info.state).toBe('quota');
    fake.failNext(500, { path: '/search' });
    await ctx.deps.pool.query('update youtube_searches set next_check_at = now() where id = $1', [searchId]);
    await pollSearch(ctx.deps, searchId);
    const after = feedAttributes((await findFeed(ctx.deps.db, orgId, feedId))!, ctx.config);
    expect(after).toMatchObject({ state: 'error' });
    expect(after.last_error).toContain('500');
    await pollSearch(ctx.deps, searchId);
    expect(feedAttributes((await findFeed(ctx.deps.db, orgId, feedId))!, ctx.config)).toMatchObject({ state: 'ok', last_error: null });
  });

  it("stops at YouTube's quotaExceeded until the Pacific midnight and shows it on the feed", async () => {
    const { orgId, feedId, searchId } = await feedFor('Thornveil');
    const other = await feedFor('Ashenmoor');
    fake.quota.setLimit('search', fake.quota.used('search'));
    const now = new Date();
    expect(await pollSearch(ctx.deps, searchId, now)).toMatchObject({ status: 'failed', quota: true });
    const [row] = await q<{ exhausted_at: Date | null }>(`select exhausted_at from youtube_quota where day = $1 and bucket = 'search'`, [pacificDay(now)]);
    expect(row.exhausted_at).not.toBeNull();
    const info = feedAttributes((await findFeed(ctx.deps.db, orgId, feedId))!, ctx.config);
    expect(info.state).toBe('quota');
    expect(info.last_error).toMatch(/quota/i);
    expect(new Date(info.next_check_at!).getTime()).toBeGreaterThan(now.getTime());
    expect(pacificDay(new Date(info.next_check_at!))).not.toBe(pacificDay(now));
    // Nothing more is spent: the scheduler picks nothing and a direct poll never reaches YouTube.
    expect(await dueSearches(ctx.deps, now)).toEqual([]);
    const calls = fake.calls('/search');
    expect(await pollSearch(ctx.deps, other.searchId, now)).toMatchObject({ status: 'failed', quota: true });
    expect(fake.calls('/search')).toBe(calls);
    fake.quota.setLimit('search', 100_000);
    await ctx.deps.pool.query(`delete from youtube_quota`);
  });

  it('announces new videos once, above the minimum subscribers, never the creation fill', async () => {
    fake.addChannel({ id: chanId('big'), title: 'Big TV', subscribers: 50_000 });
    fake.addChannel({ id: chanId('small'), title: 'Small TV', subscribers: 100 });
    const old = vidId();
    fake.addVideo({ id: old, channelId: chanId('big'), title: 'Vantablade history', publishedAt: minutesAgo(60 * 24 * 5) });
    const feed = await feedFor('Vantablade', {
      slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x',
      slackMinSubs: 1000,
      discordWebhookUrl: 'https://discord.com/api/webhooks/1/a',
    });
    const big = vidId();
    const small = vidId();
    fake.addVideo({ id: big, channelId: chanId('big'), title: 'Vantablade launch', publishedAt: new Date(Date.now() + 1000).toISOString() });
    fake.addVideo({ id: small, channelId: chanId('small'), title: 'Vantablade first look', publishedAt: new Date(Date.now() + 2000).toISOString() });
    await pollSearch(ctx.deps, feed.searchId);
    await pollSearch(ctx.deps, feed.searchId);
    const outbox = await q<{ item_key: string; channel: string; payload: { channelName: string; audience: number } }>(
      `select item_key, channel, payload from notification_outbox where subject = 'video' and source_id = $1 order by item_key, channel`,
      [feed.feedId],
    );
    expect(outbox.map((o) => `${o.item_key}:${o.channel}`)).toEqual([`${big}:discord`, `${big}:slack`, `${small}:discord`].sort());
    expect(outbox[0].payload).toMatchObject({ channelName: 'Big TV', audience: 50_000 });
    // A feed created later on the same keyword is filled from the search, and announces nothing of it.
    const later = await feedFor('vantablade', { slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/y' });
    expect((await feedVideos(later.feedId)).length).toBe(3);
    expect(await q(`select 1 from notification_outbox where subject = 'video' and source_id = $1`, [later.feedId])).toHaveLength(0);
  });

  it('follows a recurring channel through its Atom feed and a signed WebSub push, without search quota', async () => {
    const channel = chanId('follow');
    fake.addChannel({ id: channel, title: 'Follow TV', subscribers: 7000 });
    fake.addVideo({ id: vidId(), channelId: channel, title: 'Nightglass part 1', publishedAt: minutesAgo(200) });
    fake.addVideo({ id: vidId(), channelId: channel, title: 'Nightglass part 2', publishedAt: minutesAgo(100) });
    const { feedId, searchId } = await feedFor('Nightglass', { discordWebhookUrl: 'https://discord.com/api/webhooks/2/b', discordMinSubs: 5000 });
    await pollSearch(ctx.deps, searchId);
    const [ch] = await q<{ followed: boolean; appearances: number }>('select followed, appearances from youtube_channels where id = $1', [channel]);
    expect(ch).toMatchObject({ followed: true, appearances: 2 });

    const fresh = vidId();
    fake.addVideo({ id: fresh, channelId: channel, title: 'NIGHTGLASS part 3', publishedAt: new Date(Date.now() + 1000).toISOString(), views: 12 });
    fake.addVideo({ id: vidId(), channelId: channel, title: 'Unrelated vlog', publishedAt: minutesAgo(1) });
    const searches = fake.calls('/search');
    expect(await pollChannelFeed(ctx.deps, channel)).toMatchObject({ matched: 3, added: 1 });
    expect(fake.calls('/search')).toBe(searches);
    expect((await feedVideos(feedId)).find((r) => r.video_id === fresh)).toMatchObject({ found_via: 'channel' });
    // Unchanged feed: a 304, nothing re-read.
    expect(await pollChannelFeed(ctx.deps, channel)).toMatchObject({ entries: 0 });

    // WebSub: subscribe at the hub (which verifies our intent), then a signed push arrives.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const publicUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    expect(await subscribeChannel({ ...ctx.deps, config: { ...ctx.config, publicUrl } }, channel)).toBe(true);
    await expect.poll(() => fake.subscriptions.size).toBe(1);
    // Verified: the lease is renewed a day before it ends, not every minute.
    expect(await channelsToSubscribe(ctx.deps, new Date())).not.toContain(channel);
    expect(await channelsToSubscribe(ctx.deps, new Date(Date.now() + 5 * 86_400_000))).toContain(channel);
    const badMode = await ctx.call('GET', `/api/p/youtube_websub/${channel}?hub.mode=other&hub.challenge=abc`);
    expect(badMode.statusCode).toBe(404);
    const stranger = await ctx.call('POST', `/api/p/youtube_websub/${chanId('stranger')}`, {
      body: '<feed/>',
      headers: { 'content-type': 'application/atom+xml' },
    });
    expect(stranger.statusCode).toBe(410);
    const pushed = vidId();
    fake.addVideo({ id: pushed, channelId: channel, title: 'Nightglass finale', publishedAt: minutesAgo(0) });
    expect(await fake.push(channel, { videoId: pushed, secret: 'wrong-secret' })).toEqual([202]);
    expect((await feedVideos(feedId)).some((r) => r.video_id === pushed)).toBe(false);
    expect(await fake.push(channel, { videoId: pushed })).toEqual([202]);
    expect((await feedVideos(feedId)).find((r) => r.video_id === pushed)).toMatchObject({ found_via: 'channel' });
    expect(fake.calls('/search')).toBe(searches);
    // Uploads that arrived through the channel are announced like search results, once each
    // (the history that made the channel followed predates the feed: not announced).
    expect(await fake.push(channel, { videoId: pushed })).toEqual([202]);
    const outbox = await q<{ item_key: string }>(`select item_key from notification_outbox where subject = 'video' and source_id = $1 order by item_key`, [
      feedId,
    ]);
    expect(outbox.map((o) => o.item_key)).toEqual([fresh, pushed].sort());
  });
});
