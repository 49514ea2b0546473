import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { parseChannelFeed, YoutubeClient, YoutubeNotConfiguredError, YoutubeQuotaError, YoutubeRequestError } from '../../integrations/youtube/client.js';

let fake: FakeYoutube;
let client: YoutubeClient;
const vid = (n: number) => `v${String(n).padStart(10, '0')}`;
const chan = (n: number) => `UC${String(n).padStart(22, '0')}`;

beforeAll(async () => {
  fake = await startFakeYoutube();
  for (let c = 0; c < 60; c++) fake.addChannel({ id: chan(c), title: `Channel ${c}`, subscribers: 1000 * c, hidden: c === 3 });
  for (let i = 0; i < 120; i++)
    fake.addVideo({
      id: vid(i),
      channelId: chan(i % 60),
      title: i % 2 ? `Elden Ring clip ${i}` : `Other game ${i}`,
      publishedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      views: i * 10,
      likes: i === 5 ? null : 1,
    });
  client = new YoutubeClient({ apiUrl: fake.apiUrl, feedsUrl: fake.feedsUrl, apiKey: fake.apiKey });
});
afterAll(() => fake.close());

describe('YouTube client against the fake', () => {
  it('searches phrases newest first, with publishedAfter and page tokens', async () => {
    const first = await client.searchVideos({ q: '"elden ring"', maxResults: 50 });
    expect(first.hits).toHaveLength(50);
    expect(first.hits[0].videoId).toBe(vid(119));
    expect(first.hits.every((h) => h.title.startsWith('Elden Ring'))).toBe(true);
    expect(first.nextPageToken).not.toBeNull();
    const second = await client.searchVideos({ q: '"elden ring"', pageToken: first.nextPageToken! });
    expect(second.hits).toHaveLength(10);
    expect(second.nextPageToken).toBeNull();
    const recent = await client.searchVideos({ q: '"elden ring"', publishedAfter: new Date(Date.UTC(2026, 10, 1, 1, 50)) });
    expect(recent.hits.map((h) => h.videoId)).toEqual([vid(119), vid(117), vid(115), vid(113), vid(111)]);
    const last = fake.requests.filter((r) => r.path === '/api/search').at(-1)!;
    expect(last.query).toMatchObject({ part: 'snippet', type: 'video', order: 'date', key: fake.apiKey, publishedAfter: '2026-11-01T01:50:00Z' });
  });

  it('lists videos and channels 50 ids per call, counts as numbers, absent counts and hidden subscribers as null', async () => {
    const before = fake.calls('/videos');
    const videos = await client.listVideos(Array.from({ length: 120 }, (_, i) => vid(i)));
    expect(fake.calls('/videos') - before).toBe(3);
    expect(videos).toHaveLength(120);
    const v7 = videos.find((v) => v.id === vid(7))!;
    expect(v7.views).toBe(70);
    expect(typeof v7.views).toBe('number');
    expect(videos.find((v) => v.id === vid(5))!.likes).toBeNull();
    const channels = await client.listChannels(Array.from({ length: 60 }, (_, c) => chan(c)));
    expect(channels).toHaveLength(60);
    expect(channels.find((c) => c.id === chan(4))!.subscribers).toBe(4000);
    expect(channels.find((c) => c.id === chan(3))).toMatchObject({ subscribers: null, hiddenSubscribers: true });
  });

  it('types errors: quota (403 quotaExceeded, 429 with Retry-After), other failures, a wrong key, no key', async () => {
    fake.failNext(403, { reason: 'quotaExceeded' });
    const quota = await client.searchVideos({ q: 'x' }).catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(YoutubeQuotaError);
    expect((quota as YoutubeQuotaError).reason).toBe('quotaExceeded');
    fake.failNext(429, { retryAfter: 120 });
    const slow = (await client.listVideos([vid(1)]).catch((e: unknown) => e)) as YoutubeQuotaError;
    expect(slow).toBeInstanceOf(YoutubeQuotaError);
    expect(slow.retryAfterMs).toBe(120_000);
    fake.failNext(500);
    const server = (await client.listChannels([chan(1)]).catch((e: unknown) => e)) as YoutubeRequestError;
    expect(server).toBeInstanceOf(YoutubeRequestError);
    expect(server).not.toBeInstanceOf(YoutubeQuotaError);
    expect(server.status).toBe(500);
    const wrongKey = new YoutubeClient({ apiUrl: fake.apiUrl, feedsUrl: fake.feedsUrl, apiKey: 'nope' });
    const bad = (await wrongKey.searchVideos({ q: 'x' }).catch((e: unknown) => e)) as YoutubeRequestError;
    expect(bad.status).toBe(400);
    expect(bad.message).not.toContain('nope');
    const none = new YoutubeClient({ apiUrl: fake.apiUrl, feedsUrl: fake.feedsUrl });
    await expect(none.searchVideos({ q: 'x' })).rejects.toBeInstanceOf(YoutubeNotConfiguredError);
  });

  it('counts quota per bucket and answers the documented quotaExceeded when spent', async () => {
    const local = await startFakeYoutube({ limits: { search: 2 } });
    const c = new YoutubeClient({ apiUrl: local.apiUrl, feedsUrl: local.feedsUrl, apiKey: local.apiKey });
    await c.searchVideos({ q: 'a' });
    await c.searchVideos({ q: 'b' });
    await c.listVideos(['abcdefghijk']);
    expect(local.quota.used('search')).toBe(2);
    expect(local.quota.used('default')).toBe(1);
    await expect(c.searchVideos({ q: 'c' })).rejects.toMatchObject({ reason: 'quotaExceeded', status: 403 });
    await local.close();
  });

  it("reads a channel's Atom feed with a conditional GET", async () => {
    const first = await client.fetchChannelFeed(chan(1));
    expect(first.status).toBe('ok');
    if (first.status !== 'ok') return;
    expect(first.entries.map((e) => e.videoId)).toEqual([vid(61), vid(1)]);
    expect(first.entries[0]).toMatchObject({ channelId: chan(1), title: 'Elden Ring clip 61' });
    expect((await client.fetchChannelFeed(chan(1), { etag: first.etag })).status).toBe('not_modified');
    fake.addVideo({ id: vid(500), channelId: chan(1), title: 'New & shiny <Elden Ring>', description: 'Ça va', publishedAt: '2026-11-02T00:00:00Z' });
    const changed = await client.fetchChannelFeed(chan(1), { etag: first.etag });
    expect(changed.status === 'ok' && changed.entries[0]).toMatchObject({ videoId: vid(500), title: 'New & shiny <Elden Ring>', description: 'Ça va' });
  });

  it('skips Atom entries without a video id or date', () => {
    const xml = `<feed><entry><yt:videoId>abc</yt:videoId><yt:channelId>UCx</yt:channelId><title>a</title></entry>
      <entry><yt:videoId>def</yt:videoId><yt:channelId>UCx</yt:channelId><published>2026-01-01T00:00:00+00:00</published><title><![CDATA[b & c]]></title></entry></feed>`;
    expect(parseChannelFeed(xml)).toEqual([{ videoId: 'def', channelId: 'UCx', title: 'b & c', description: '', publishedAt: '2026-01-01T00:00:00.000Z' }]);
  });
});
