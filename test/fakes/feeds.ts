import http from 'node:http';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { renderFeed, CONTENT_TYPES, type FakeFeedSpec, type FakeFeedItem } from './feeds-render.js';
import { serveHostile } from './feeds-hostile.js';

export { HOSTILE_PATHS, type HostilePath, type HostileExpectation } from './feeds-hostile.js';
export { googleAlertsLink, type FakeFeedSpec, type FakeFeedItem, type FakeFeedFormat } from './feeds-render.js';

/**
 * A local web of feeds on 127.0.0.1: feeds that change over time (with ETag / Last-Modified
 * and 304s), a WebSub hub (W3C WebSub: subscribe, verification of intent, signed content
 * distribution) and the hostile set at /hostile/* (see feeds-hostile.ts). The crawler runs its
 * real HTTP client and parser against it; fetches need `allowPrivate: true`.
 */

export interface FakeFeedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeSubscription {
  topic: string;
  callback: string;
  secret: string | null;
  leaseSeconds: number | null;
  verifiedAt: Date;
}

export interface FakeHub {
  url: string;
  /** Verified, active subscriptions. */
  subscriptions: FakeSubscription[];
  /** Every subscribe/unsubscribe request and how its verification ended. */
  attempts: Array<{ mode: string; topic: string; callback: string; outcome: 'verified' | 'failed' | 'pending' }>;
  /** Resolves once a subscription for `topic` (full URL) is verified. */
  waitForSubscription(topic: string, timeoutMs?: number): Promise<FakeSubscription>;
}

export interface FakeFeedServer {
  url: string;
  requests: FakeFeedRequest[];
  hub: FakeHub;
  setFeed(path: string, spec: FakeFeedSpec): void;
  /** Puts a new item at the top of the feed (the feed changes: new ETag, newer Last-Modified). */
  addItem(path: string, item: FakeFeedItem): void;
  /** The current document of a feed, as served. */
  body(path: string): Buffer;
  /** Pushes the current feed to every verified subscriber of its topic; returns their answers. */
  publish(path: string): Promise<Array<{ callback: string; status: number }>>;
  close(): Promise<void>;
}

interface Stored {
  spec: FakeFeedSpec;
  changedAt: number; // whole seconds, strictly increasing per change (Last-Modified has 1 s resolution)
}

export async function startFakeFeedServer(): Promise<FakeFeedServer> {
  const feeds = new Map<string, Stored>();
  const requests: FakeFeedRequest[] = [];
  const subs = new Map<string, FakeSubscription>();
  const attempts: FakeHub['attempts'] = [];
  const waiters: Array<{ topic: string; resolve: (s: FakeSubscription) => void }> = [];
  let origin = '';

  const render = (path: string): { body: Buffer; contentType: string; stored: Stored } => {
    const stored = feeds.get(path);
    if (!stored) throw new Error(`No fake feed at ${path}`);
    const text = renderFeed(stored.spec, `${origin}${path}`, `${origin}/hub`);
    const charset = stored.spec.charset ?? 'utf-8';
    const body = Buffer.from(text, charset === 'utf-8' ? 'utf8' : 'latin1');
    return { body, contentType: `${CONTENT_TYPES[stored.spec.format]}; charset=${charset}`, stored };
  };

  const serveFeed = (path: string, req: http.IncomingMessage, res: http.ServerResponse) => {
    const { body, contentType, stored } = render(path);
    const headers: Record<string, string> = { 'content-type': contentType };
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const lastModified = new Date(stored.changedAt * 1000).toUTCString();
    if (stored.spec.etag) headers.etag = etag;
    if (stored.spec.lastModified) headers['last-modified'] = lastModified;
    if (stored.spec.hub) headers.link = `<${origin}/hub>; rel="hub", <${origin}${path}>; rel="self"`;
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    const fresh =
      (stored.spec.etag &&
        inm !== undefined &&
        inm
          .split(',')
          .map((t) => t.trim())
          .includes(etag)) ||
      (stored.spec.lastModified && inm === undefined && ims !== undefined && Date.parse(ims) >= stored.changedAt * 1000);
    res.writeHead(fresh ? 304 : 200, headers);
    res.end(fresh || req.method === 'HEAD' ? undefined : body);
  };

  const verify = async (mode: string, topic: string, callback: string, secret: string | null, leaseSeconds: number | null) => {
    const attempt = { mode, topic, callback, outcome: 'pending' as 'verified' | 'failed' | 'pending' };
    attempts.push(attempt);
    const challenge = randomBytes(12).toString('hex');
    const u = new URL(callback);
    u.searchParams.set('hub.mode', mode);
    u.searchParams.set('hub.topic', topic);
    u.searchParams.set('hub.challenge', challenge);
    if (mode === 'subscribe' && leaseSeconds !== null) u.searchParams.set('hub.lease_seconds', String(leaseSeconds));
    let ok: boolean;
    try {
      const answer = await fetch(u);
      ok = answer.ok && (await answer.text()).trim() === challenge;
    } catch {
      ok = false;
    }
    attempt.outcome = ok ? 'verified' : 'failed';
    if (!ok) return;
    const key = `${callback}\n${topic}`;
    if (mode === 'unsubscribe') return void subs.delete(key);
    const sub = { topic, callback, secret, leaseSeconds, verifiedAt: new Date() };
    subs.set(key, sub);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].topic === topic) waiters.splice(i, 1)[0].resolve(sub);
  };

  const hubRequest = (body: string, res: http.ServerResponse) => {
    const form = new URLSearchParams(body);
    const mode = form.get('hub.mode') ?? '';
    const topic = form.get('hub.topic') ?? '';
    const callback = form.get('hub.callback') ?? '';
    const lease = form.get('hub.lease_seconds');
    if (!['subscribe', 'unsubscribe'].includes(mode) || !topic || !/^https?:\/\//.test(callback)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return void res.end('hub.mode, hub.topic and hub.callback are required');
    }
    res.writeHead(202);
    res.end();
    // Verification of intent happens after the 202, as a real hub does it (asynchronously).
    setImmediate(() => void verify(mode, topic, callback, form.get('hub.secret'), lease ? Number(lease) : 864000));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ method: req.method ?? 'GET', path: u.pathname, query: Object.fromEntries(u.searchParams), headers: req.headers });
      if (u.pathname === '/hub' && req.method === 'POST') return hubRequest(Buffer.concat(chunks).toString('utf8'), res);
      if (serveHostile(u.pathname, req, res, origin)) return;
      if (feeds.has(u.pathname)) return serveFeed(u.pathname, req, res);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const touch = (prev?: number) => Math.max(Math.floor(Date.now() / 1000), (prev ?? 0) + 1);

  return {
    url: origin,
    requests,
    hub: {
      url: `${origin}/hub`,
      get subscriptions() {
        return [...subs.values()];
      },
      attempts,
      waitForSubscription(topic, timeoutMs = 5000) {
        const existing = [...subs.values()].find((s) => s.topic === topic);
        if (existing) return Promise.resolve(existing);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`No verified subscription for ${topic} within ${timeoutMs} ms`)), timeoutMs);
          waiters.push({ topic, resolve: (s) => (clearTimeout(timer), resolve(s)) });
        });
      },
    },
    setFeed(path, spec) {
      feeds.set(path, { spec: { ...spec, items: [...spec.items] }, changedAt: touch(feeds.get(path)?.changedAt) });
    },
    addItem(path, item) {
      const stored = feeds.get(path);
      if (!stored) throw new Error(`No fake feed at ${path}`);
      stored.spec.items.unshift(item);
      stored.changedAt = touch(stored.changedAt);
    },
    body: (path) => render(path).body,
    async publish(path) {
      const { body, contentType } = render(path);
      const topic = `${origin}${path}`;
      const results: Array<{ callback: string; status: number }> = [];
      for (const sub of subs.values()) {
        if (sub.topic !== topic) continue;
        const headers: Record<string, string> = { 'content-type': contentType, link: `<${origin}/hub>; rel="hub", <${topic}>; rel="self"` };
        if (sub.secret) headers['x-hub-signature'] = `sha256=${createHmac('sha256', sub.secret).update(body).digest('hex')}`;
        const answer = await fetch(sub.callback, { method: 'POST', headers, body: new Uint8Array(body) }).catch(() => null);
        results.push({ callback: sub.callback, status: answer?.status ?? 0 });
        await answer?.arrayBuffer().catch(() => undefined);
      }
      return results;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
