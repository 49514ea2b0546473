import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fetchUrl, FetchError, guardedLookup, type FetchOptions } from './http-client.js';
import { parseRetryAfter } from './body.js';
import { startFakeFeedServer, type FakeFeedServer } from '../../test/fakes/feeds.js';

const open: FetchOptions = { allowPrivate: true };

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError);
    return err as FetchError;
  }
  throw new Error('expected a FetchError');
}

/** A tiny server for cases the feed fake has no reason to know. */
async function tinyServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

let fake: FakeFeedServer;
beforeAll(async () => {
  fake = await startFakeFeedServer();
  fake.setFeed('/feed.xml', { format: 'rss', title: 'News', items: [{ title: 'One', url: 'https://example.com/1' }], etag: true, lastModified: true });
});
afterAll(() => fake.close());

describe('fetchUrl', () => {
  it('fetches a feed with a polite User-Agent and compression offered', async () => {
    const res = await fetchUrl(`${fake.url}/feed.xml`, { ...open, userAgent: 'TestBot/1.0 (+https://example.com/bot)' });
    expect(res.status).toBe(200);
    expect(res.notModified).toBe(false);
    expect(res.body.toString()).toContain('<title>One</title>');
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const seen = fake.requests.at(-1)!;
    expect(seen.headers['user-agent']).toBe('TestBot/1.0 (+https://example.com/bot)');
    expect(seen.headers['accept-encoding']).toMatch(/br.*gzip|gzip.*br/);
  });

  it('refuses 127.0.0.1 when private networks are not allowed, without sending anything', async () => {
    const before = fake.requests.length;
    const err = await failure(fetchUrl(`${fake.url}/feed.xml`, { allowPrivate: false }));
    expect(err.code).toBe('blocked_address');
    expect(err.message).toMatch(/private network/);
    expect(fake.requests.length).toBe(before);
  });

  it('re-checks the resolved address at connect time (DNS rebinding)', async () => {
    const result = await new Promise<{ err: NodeJS.ErrnoException | null }>((resolve) => guardedLookup('localhost', { all: true }, (err) => resolve({ err })));
    expect(result.err?.code).toBe('EBLOCKEDADDRESS');
  });

  it('sends conditional headers and reports 304 as not modified', async () => {
    const first = await fetchUrl(`${fake.url}/feed.xml`, open);
    const again = await fetchUrl(`${fake.url}/feed.xml`, { ...open, etag: first.headers.etag, lastModified: first.headers['last-modified'] });
    expect(again).toMatchObject({ status: 304, notModified: true });
    expect(again.body.length).toBe(0);
    const seen = fake.requests.at(-1)!;
    expect(seen.headers['if-none-match']).toBe(first.headers.etag);
    expect(seen.headers['if-modified-since']).toBe(first.headers['last-modified']);
    fake.addItem('/feed.xml', { title: 'Two', url: 'https://example.com/2' });
    const changed = await fetchUrl(`${fake.url}/feed.xml`, { ...open, etag: first.headers.etag });
    expect(changed.notModified).toBe(false);
    expect(changed.body.toString()).toContain('<title>Two</title>');
  });

  it('decodes gzip and brotli bodies', async () => {
    for (const path of ['/hostile/gzip.xml', '/hostile/br.xml']) {
      const res = await fetchUrl(`${fake.url}${path}`, open);
      expect(res.body.toString('utf8'), path).toContain('<rss version="2.0"');
    }
  });

  it('cuts a huge body at the cap', async () => {
    const err = await failure(fetchUrl(`${fake.url}/hostile/huge.xml`, open));
    expect(err.code).toBe('too_large');
    expect(err.message).toMatch(/too large/);
  });

  it('refuses a body announced larger than the cap without downloading it', async () => {
    let written = 0;
    const srv = await tinyServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      written = 1024;
      res.write(Buffer.alloc(1024)); // then stall: only the header can end this quickly
    });
    try {
      const err = await failure(fetchUrl(srv.url, { ...open, maxBytes: 1024 * 1024, timeoutMs: 10_000 }));
      expect(err.code).toBe('too_large');
      expect(written).toBe(1024);
    } finally {
      await srv.close();
    }
  });

  it('counts the decoded bytes, so a compression bomb hits the cap', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024));
    const srv = await tinyServer((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    try {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const err = await failure(fetchUrl(srv.url, { ...open, maxBytes: 1024 * 1024 }));
      expect(err.code).toBe('too_large');
    } finally {
      await srv.close();
    }
  });

  it('gives up on a slow-drip body at the deadline', async () => {
    const err = await failure(fetchUrl(`${fake.url}/hostile/slow-drip.xml`, { ...open, timeoutMs: 1200 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/did not answer within 1.2 seconds/);
  });

  it('times out a server that never answers', async () => {
    const srv = await tinyServer(() => {});
    try {
      expect((await failure(fetchUrl(srv.url, { ...open, timeoutMs: 500 }))).code).toBe('timeout');
    } finally {
      await srv.close();
    }
  });

  it('follows redirects (relative Location, 307 keeps the method, 303 turns POST into GET) and reports the final URL', async () => {
    const methods: string[] = [];
    const srv = await tinyServer((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      if (req.url === '/a') res.writeHead(307, { location: '/b' }).end();
      else if (req.url === '/b') res.writeHead(303, { location: 'c?x=1' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    });
    try {
      const res = await fetchUrl(`${srv.url}/a`, { ...open, method: 'POST', body: 'x=1' });
      expect(res.url).toBe(`${srv.url}/c?x=1`);
      expect(res.body.toString()).toBe('done');
      expect(methods).toEqual(['POST /a', 'POST /b', 'GET /c?x=1']);
    } finally {
      await srv.close();
    }
  });

  it('stops redirect loops and over-long chains', async () => {
    expect((await failure(fetchUrl(`${fake.url}/hostile/redirect-loop`, open))).code).toBe('too_many_redirects');
    const srv = await tinyServer((req, res) => {
      const n = Number(req.url!.slice(1));
      res.writeHead(302, { location: `/${n + 1}` }).end();
    });
    try {
      const err = await failure(fetchUrl(`${srv.url}/0`, { ...open, maxRedirects: 3 }));
      expect(err.code).toBe('too_many_redirects');
      expect(err.message).toMatch(/more than 3/);
    } finally {
      await srv.close();
    }
  });

  it('re-validates every hop: a redirect to another scheme is refused', async () => {
    const srv = await tinyServer((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    try {
      expect((await failure(fetchUrl(srv.url, open))).code).toBe('invalid_url');
    } finally {
      await srv.close();
    }
  });

  it('turns error statuses into http_status with Retry-After when given', async () => {
    const e500 = await failure(fetchUrl(`${fake.url}/hostile/500`, open));
    expect(e500).toMatchObject({ code: 'http_status', status: 500 });
    expect(e500.message).toMatch(/500/);
    const e429 = await failure(fetchUrl(`${fake.url}/hostile/429`, open));
    expect(e429).toMatchObject({ code: 'http_status', status: 429, retryAfterSeconds: 120 });
    expect((await failure(fetchUrl(`${fake.url}/nothing-here`, open))).status).toBe(404);
  });

  it('keeps the start of an error body and the headers, so services can say why', async () => {
    expect(await failure(fetchUrl(`${fake.url}/hostile/500`, open))).toMatchObject({ bodySnippet: 'Internal Server Error' });
    const e429 = await failure(fetchUrl(`${fake.url}/hostile/429`, open));
    expect(e429).toMatchObject({ bodySnippet: 'Too Many Requests', headers: { 'retry-after': '120', 'content-type': 'text/plain' } });
    const long = 'é'.repeat(5000);
    const srv = await tinyServer((req, res) => {
      if (req.url === '/gzip') {
        res.writeHead(400, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(JSON.stringify({ message: 'Invalid Form Body', code: 50035 })));
      }
      if (req.url === '/empty') return res.writeHead(404, { 'set-cookie': 'session=secret' }).end();
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'x-ratelimit-reset-after': '1.5' });
      res.end(`  ${long}`);
    });
    try {
      // A long page is cut at 300 whole characters (not bytes), trimmed, without downloading the rest.
      const cut = await failure(fetchUrl(`${srv.url}/long`, open));
      expect(cut).toMatchObject({ code: 'http_status', status: 503, bodySnippet: 'é'.repeat(300), headers: { 'x-ratelimit-reset-after': '1.5' } });
      // A compressed error body is decoded like any other.
      const gz = await failure(fetchUrl(`${srv.url}/gzip`, open));
      expect(JSON.parse(gz.bodySnippet!)).toEqual({ message: 'Invalid Form Body', code: 50035 });
      // No body: no snippet; cookies never travel in an error (it may be logged).
      const empty = await failure(fetchUrl(`${srv.url}/empty`, open));
      expect(empty.status).toBe(404);
      expect(empty.bodySnippet).toBeUndefined();
      expect(empty.headers).toBeDefined();
      expect(empty.headers!['set-cookie']).toBeUndefined();
      // The connection that was cut short does not break the next request to the same host.
      expect((await failure(fetchUrl(`${srv.url}/long`, open))).status).toBe(503);
    } finally {
      await srv.close();
    }
  });

  it('treats an empty 200 as an error', async () => {
    expect((await failure(fetchUrl(`${fake.url}/hostile/empty`, open))).code).toBe('empty_body');
  });

  it('reports a refused connection as a network error', async () => {
    const srv = await tinyServer(() => {});
    const { url } = srv;
    await srv.close();
    const err = await failure(fetchUrl(url, { ...open, timeoutMs: 2000 }));
    expect(err.code).toBe('network');
    expect(err.message).toMatch(/refused/);
  });

  it('never runs more than hostConcurrency requests at once against one host', async () => {
    let active = 0;
    let peak = 0;
    // Answers are held until two requests are in flight (or a second passes), so the peak is
    // reached whatever the machine's load, and any third concurrent request would show.
    let held: Array<() => void> = [];
    const srv = await tinyServer((_req, res) => {
      active++;
      peak = Math.max(peak, active);
      const answer = () => {
        active--;
        res.end('ok');
      };
      held.push(answer);
      const flush = () => {
        const now = held;
        held = [];
        now.forEach((f) => f());
      };
      if (active >= 2) setTimeout(flush, 20);
      else setTimeout(() => held.includes(answer) && flush(), 1000);
    });
    try {
      const all = await Promise.all(Array.from({ length: 6 }, (_, i) => fetchUrl(`${srv.url}/${i}`, { ...open, hostConcurrency: 2 })));
      expect(all.every((r) => r.status === 200)).toBe(true);
      expect(peak).toBe(2);
    } finally {
      await srv.close();
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 May 2024 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 01 May 2024 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
