import { once } from 'node:events';
import { MessageChannel, Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { loadConfig } from '../../config.js';
import { renderFeed, type FakeFeedFormat } from '../../../test/fakes/feeds-render.js';
import { FEED_PARSE_MESSAGES, FeedParseError, parseFeed, type ParsedFeed } from './parse-feed.js';
import { storyOfItem } from './item-text.js';

/** What a parse thread answers: the inline parse, each item with its story fingerprint. */
const withStories = (feed: ParsedFeed): ParsedFeed => ({ ...feed, items: feed.items.map((i) => ({ ...i, story: storyOfItem(i) })) });
import { DEFAULT_PARSE_DEADLINE_MS, INLINE_MAX_BYTES, ParsePool, parseFeedOffLoop, spawnParseThread } from './parse-pool.js';

const FEED_URL = 'https://news.example.com/feeds/main.xml';
const ctx = { contentType: null, url: FEED_URL };
const published = new Date('2026-11-20T12:00:00Z');

function feedBody(format: FakeFeedFormat, count: number): Buffer {
  const items = Array.from({ length: count }, (_, i) => ({
    title: `Item ${i} & more`,
    url: `https://news.example.com/a/${i}`,
    description: `<p>Story <b>${i}</b> about the harbour</p>`,
    html: `<p>Full story ${i} <img src="https://img.example.com/${i}.jpg"></p>`,
    published: i % 5 === 0 ? undefined : new Date(published.getTime() - i * 60_000),
    author: `Author ${i % 3}`,
  }));
  return Buffer.from(renderFeed({ format, title: 'Harbour News', hub: true, items }, FEED_URL, 'https://hub.example.com/'));
}

/** A one-thread pool whose threads are made by `spawns`, in order (the last one repeats). */
const poolOf = (spawns: (() => Worker)[], deadlineMs = DEFAULT_PARSE_DEADLINE_MS) => {
  let n = 0;
  return new ParsePool({ threads: 1, deadlineMs, spawn: () => spawns[Math.min(n++, spawns.length - 1)]() });
};
const crashing = () => new Worker('throw new Error("the thread broke")', { eval: true });
const exiting = () => new Worker('process.exit(7)', { eval: true });
/** A parse that never ends: the thread spins on the first body it gets. */
const spinning = () => new Worker("require('node:worker_threads').parentPort.on('message', () => { for (;;); });", { eval: true });

describe('parseFeedOffLoop', () => {
  it.each(['rss', 'atom', 'json'] as const)('parses a large %s body off the event loop, to what an inline parse gives', async (format) => {
    const body = feedBody(format, 400);
    expect(body.length).toBeGreaterThan(INLINE_MAX_BYTES);
    let ran = false;
    setImmediate(() => (ran = true));
    const feed = await parseFeedOffLoop(body, ctx);
    expect(ran).toBe(true);
    expect(feed).toEqual(withStories(parseFeed(body, ctx)));
    expect(feed.items[1].published).toBeInstanceOf(Date);
  });

  it('parses a small body inline, to the same result', async () => {
    const body = feedBody('rss', 3);
    expect(body.length).toBeLessThanOrEqual(INLINE_MAX_BYTES);
    expect(await parseFeedOffLoop(body, ctx)).toEqual(parseFeed(body, ctx));
  });

  it('rejects a large document that is not a feed with the inline parse error', async () => {
    const page = Buffer.from(`<!doctype html><html><body>${'<p>not a feed</p>'.repeat(5000)}</body></html>`);
    expect(page.length).toBeGreaterThan(INLINE_MAX_BYTES);
    const err = await parseFeedOffLoop(page, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedParseError);
    expect((err as FeedParseError).message).toBe(FEED_PARSE_MESSAGES.html);
  });
});

describe('ParsePool', () => {
  it.each([
    ['throws', crashing],
    ['exits', exiting],
  ])('fails only the parse whose thread %s, as a FeedParseError, and replaces the thread', async (_, broken) => {
    const pool = poolOf([broken, spawnParseThread]);
    const body = feedBody('rss', 400);
    const err = await pool.parse(body, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedParseError);
    expect((err as FeedParseError).message).toBe(FEED_PARSE_MESSAGES.malformed);
    expect(await pool.parse(body, ctx)).toEqual(withStories(parseFeed(body, ctx)));
  });

  it('queues parses beyond its threads and answers each with its own feed', async () => {
    const pool = poolOf([spawnParseThread]);
    const bodies = [feedBody('rss', 50), feedBody('atom', 60), feedBody('json', 70)];
    const feeds = await Promise.all(bodies.map((body) => pool.parse(body, ctx)));
    expect(feeds.map((f) => f.items.length)).toEqual([50, 60, 70]);
  });

  describe('deadline', () => {
    it('is CRAWLER_PARSE_TIMEOUT_MS, 10 s unless set', () => {
      expect(loadConfig({}).crawler.parseTimeoutMs).toBe(DEFAULT_PARSE_DEADLINE_MS);
      expect(loadConfig({ CRAWLER_PARSE_TIMEOUT_MS: '2500' }).crawler.parseTimeoutMs).toBe(2500);
      expect(() => loadConfig({ CRAWLER_PARSE_TIMEOUT_MS: '5' })).toThrow(/CRAWLER_PARSE_TIMEOUT_MS/);
    });

    // The pool's deadline timers are faked, so the tests say when a deadline passes; the threads run for real.
    afterEach(() => void vi.useRealTimers());

    it('cuts a parse that outlives its deadline: that feed fails with its own error, its thread is terminated, and the parse queued behind it succeeds', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const spun: Worker[] = [];
      const pool = poolOf([() => spun[spun.push(spinning()) - 1], spawnParseThread], 5_000);
      const body = feedBody('rss', 3);
      const hanging = pool.parse(body, ctx).catch((e: unknown) => e);
      const queued = pool.parse(body, ctx);
      const exited = once(spun[0], 'exit');
      await vi.advanceTimersByTimeAsync(5_000);
      const err = await hanging;
      expect(err).toBeInstanceOf(FeedParseError);
      expect((err as FeedParseError).message).toBe(MSG.feedParse.tooSlow(5));
      await exited;
      expect(await queued).toEqual(withStories(parseFeed(body, ctx)));
      expect(spun).toHaveLength(1);
    });

    it('gives a thread slow to load its whole deadline from when it has loaded', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // A thread that says it has loaded, and answers, when the test tells it to.
      const control = new MessageChannel();
      const thread = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         workerData.control.on('message', (say) => parentPort.postMessage(say === 'ready' ? { ready: true } : { ok: false, message: 'answered' }));`,
        { eval: true, workerData: { control: control.port2 }, transferList: [control.port2] },
      );
      const pool = poolOf([() => thread], 1_000);
      const parsed = pool.parse(feedBody('rss', 1), ctx).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(900);
      const heard = once(thread, 'message'); // heard after the pool's own listener has seen it
      control.port1.postMessage('ready');
      await heard;
      await vi.advanceTimersByTimeAsync(900); // 1,800 ms since the parse was sent, 900 since the thread loaded
      control.port1.postMessage('answer');
      expect(((await parsed) as FeedParseError).message).toBe('answered');
      control.port1.close();
      await thread.terminate();
    });
  });

  it('finishes every generated hostile feed with items or a FeedParseError of a known message, never anything else', async () => {
    const pool = poolOf([spawnParseThread]);
    // Not one is cut by the deadline: what made such feeds slow is bounded before the library reads them.
    const known = new Set<string>(Object.values(FEED_PARSE_MESSAGES));
    const n = (max: number) => fc.integer({ min: 1, max });
    const hostile = fc.oneof(
      n(60_000).map((k) => `<author>${'('.repeat(k)}</author>`),
      n(60_000).map((k) => `<managingEditor>${'['.repeat(k)}</managingEditor>`),
      n(20_000).map((k) => `<dc:creator>http://${'a.'.repeat(k)} x</dc:creator>`),
      n(5_000).map((k) => `<description><![CDATA[${'<img alt="x" '.repeat(k)}]]></description>`),
      n(5_000).map((k) => `<description>${'&lt;img src=x '.repeat(k)}</description>`),
      n(3_000).map((k) => `<category ${Array.from({ length: k }, (_, i) => `a${i}="v"`).join(' ')}>c</category>`),
      n(3_000).map((k) => `<category ${'a="v" '.repeat(k)}>c</category>`),
      n(5_000).map((k) => `<description>${'<![CDATA['.repeat(k)}x${']]>'.repeat(k)}</description>`),
    );
    const item = (format: 'rss' | 'atom', i: number, parts: string[]) =>
      format === 'rss'
        ? `<item><title>Story ${i}</title><link>https://news.example.com/a/${i}</link>${parts.join('')}</item>`
        : `<entry><id>urn:${i}</id><title>Story ${i}</title><link href="https://news.example.com/a/${i}"/>${parts.join('')}</entry>`;
    const feed = fc
      .tuple(fc.constantFrom('rss' as const, 'atom' as const), fc.array(fc.array(hostile, { maxLength: 3 }), { minLength: 1, maxLength: 4 }))
      .map(([format, items]) => {
        const body = items.map((parts, i) => item(format, i, parts)).join('');
        const ns = 'xmlns:dc="http://purl.org/dc/elements/1.1/"';
        return format === 'rss'
          ? `<?xml version="1.0"?><rss version="2.0" ${ns}><channel><title>T</title>${body}</channel></rss>`
          : `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" ${ns}><title>T</title>${body}</feed>`;
      });
    await fc.assert(
      fc.asyncProperty(feed, async (doc) => {
        const outcome: ParsedFeed | Error = await pool.parse(Buffer.from(doc), ctx).catch((err: Error) => err);
        if (outcome instanceof Error) {
          expect(outcome).toBeInstanceOf(FeedParseError);
          expect(known.has(outcome.message), outcome.message).toBe(true);
        } else {
          expect(outcome.items.length).toBeGreaterThan(0);
          for (const it of outcome.items) expect(it.url).toMatch(/^https:\/\/news\.example\.com\/a\/\d+$/);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
