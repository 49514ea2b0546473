import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startFakeFeedServer, type FakeFeedServer } from './feeds.js';

let fake: FakeFeedServer;
beforeAll(async () => {
  fake = await startFakeFeedServer();
});
afterAll(() => fake.close());

describe('fake feed server', () => {
  it('serves feeds that change over time, with validators and 304s', async () => {
    fake.setFeed('/changing.xml', {
      format: 'atom',
      title: 'Changing',
      items: [{ title: 'Old', url: 'https://example.com/old' }],
      etag: true,
      lastModified: true,
    });
    const first = await fetch(`${fake.url}/changing.xml`);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(first.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await first.text()).toContain('Old');
    expect((await fetch(`${fake.url}/changing.xml`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${fake.url}/changing.xml`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    fake.addItem('/changing.xml', { title: 'New', url: 'https://example.com/new' });
    const changed = await fetch(`${fake.url}/changing.xml`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toMatch(/New[\s\S]*Old/);
    expect(Date.parse(changed.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
    expect(fake.requests.filter((r) => r.path === '/changing.xml')).toHaveLength(4);
  });

  it('encodes a feed in the charset asked for', async () => {
    fake.setFeed('/latin.xml', { format: 'rss', title: 'Café', items: [], charset: 'iso-8859-1' });
    const bytes = Buffer.from(await (await fetch(`${fake.url}/latin.xml`)).arrayBuffer());
    expect(bytes.includes(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe(true); // "Café" in latin-1
  });

  it('runs a WebSub hub: verifies intent, then pushes signed content', async () => {
    const pushes: Array<{ body: string; signature: string | undefined }> = [];
    const callback = http.createServer((req, res) => {
      const u = new URL(req.url!, 'http://127.0.0.1');
      if (req.method === 'GET') return void res.end(u.searchParams.get('hub.challenge') ?? '');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        pushes.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-hub-signature'] as string | undefined });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
    const callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/websub/7`;
    try {
      fake.setFeed('/pushed.xml', { format: 'rss', title: 'Pushed', hub: true, items: [{ title: 'A', url: 'https://example.com/a' }] });
      const feedText = await (await fetch(`${fake.url}/pushed.xml`)).text();
      expect(feedText).toContain(`<atom:link rel="hub" href="${fake.hub.url}"/>`);
      const topic = `${fake.url}/pushed.xml`;
      const form = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.topic': topic,
        'hub.callback': callbackUrl,
        'hub.secret': 's3cret',
        'hub.lease_seconds': '3600',
      });
      const answer = await fetch(fake.hub.url, { method: 'POST', body: form });
      expect(answer.status).toBe(202);
      const sub = await fake.hub.waitForSubscription(topic);
      expect(sub).toMatchObject({ callback: callbackUrl, secret: 's3cret', leaseSeconds: 3600 });

      fake.addItem('/pushed.xml', { title: 'B', url: 'https://example.com/b' });
      expect(await fake.publish('/pushed.xml')).toEqual([{ callback: callbackUrl, status: 200 }]);
      expect(pushes).toHaveLength(1);
      expect(pushes[0].body).toContain('<title>B</title>');
      expect(pushes[0].signature).toBe(`sha256=${createHmac('sha256', 's3cret').update(pushes[0].body).digest('hex')}`);
    } finally {
      await new Promise<void>((r) => callback.close(() => r()));
    }
  });

  it('records a failed verification and activates nothing', async () => {
    const form = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': `${fake.url}/x.xml`, 'hub.callback': `${fake.url}/no-such-callback` });
    expect((await fetch(fake.hub.url, { method: 'POST', body: form })).status).toBe(202);
    await expect(fake.hub.waitForSubscription(`${fake.url}/x.xml`, 500)).rejects.toThrow();
    expect(fake.hub.attempts.find((a) => a.topic === `${fake.url}/x.xml`)?.outcome).toBe('failed');
    expect((await fetch(fake.hub.url, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'subscribe' }) })).status).toBe(400);
  });
});
