import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeMatches, startFakeYoutube, type FakeYoutube } from './youtube.js';

let fake: FakeYoutube;
beforeAll(async () => {
  fake = await startFakeYoutube({ limits: { default: 3 } });
  fake.addChannel({ id: 'UCfakechannel0000000000a', title: 'Fake A', subscribers: 10 });
  fake.addVideo({ id: 'fakevideo01', channelId: 'UCfakechannel0000000000a', title: 'Elden Ring tips', publishedAt: '2026-01-02T00:00:00Z', views: 5 });
});
afterAll(() => fake.close());

const api = (path: string, params: Record<string, string>) =>
  fetch(`${fake.apiUrl}${path}?${new URLSearchParams({ key: fake.apiKey, part: 'snippet', ...params })}`);

describe('fake YouTube', () => {
  it('matches phrases, alternatives and plain words like search.list', () => {
    expect(fakeMatches('"elden ring"', 'ELDEN RING review')).toBe(true);
    expect(fakeMatches('"elden ring"', 'ring of elden')).toBe(false);
    expect(fakeMatches('"zelda"|"elden ring"', 'Élden Ring')).toBe(true);
    expect(fakeMatches('elden ring', 'ring elden')).toBe(true);
  });

  it('answers the documented quotaExceeded body when a bucket is spent, and 400 for a wrong key', async () => {
    for (let i = 0; i < 3; i++) expect((await api('/videos', { id: 'fakevideo01' })).status).toBe(200);
    const spent = await api('/channels', { id: 'UCfakechannel0000000000a' });
    expect(spent.status).toBe(403);
    expect((await spent.json()).error.errors[0]).toMatchObject({ reason: 'quotaExceeded', domain: 'youtube.quota' });
    expect(fake.quota.used('default')).toBe(3);
    expect((await api('/search', { q: 'x' })).status).toBe(200);
    const wrong = await fetch(`${fake.apiUrl}/search?key=nope&part=snippet&q=x`);
    expect(wrong.status).toBe(400);
    fake.quota.reset();
  });

  it('fails the next call to a path once, with Retry-After', async () => {
    fake.failNext(429, { retryAfter: 30, path: '/search' });
    expect((await api('/videos', { id: 'fakevideo01' })).status).toBe(200);
    const failed = await api('/search', { q: 'x' });
    expect(failed.status).toBe(429);
    expect(failed.headers.get('retry-after')).toBe('30');
    expect((await api('/search', { q: 'x' })).status).toBe(200);
  });

  it('verifies a WebSub subscriber and pushes signed feeds to it', async () => {
    const received: { signature: string | undefined; body: string }[] = [];
    const subscriber = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET') return void res.end(url.searchParams.get('hub.challenge'));
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ signature: req.headers['x-hub-signature'] as string | undefined, body });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => subscriber.listen(0, '127.0.0.1', r));
    const callback = `http://127.0.0.1:${(subscriber.address() as AddressInfo).port}/cb`;
    const topic = 'https://www.youtube.com/xml/feeds/videos.xml?channel_id=UCfakechannel0000000000a';
    const res = await fetch(fake.hubUrl, {
      method: 'POST',
      body: new URLSearchParams({ 'hub.callback': callback, 'hub.topic': topic, 'hub.mode': 'subscribe', 'hub.secret': 's3cret' }),
    });
    expect(res.status).toBe(202);
    await expect.poll(() => fake.subscriptions.has(topic)).toBe(true);
    expect(await fake.push('UCfakechannel0000000000a')).toEqual([202]);
    expect(received[0].body).toContain('<yt:videoId>fakevideo01</yt:videoId>');
    expect(received[0].signature).toBe(`sha1=${createHmac('sha1', 's3cret').update(received[0].body).digest('hex')}`);
    await new Promise<void>((r) => subscriber.close(() => r()));
  });
});
