import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { renderFeed, type FakeFeedFormat } from '../../../test/fakes/feeds-render.js';
import { FEED_PARSE_MESSAGES, FeedParseError, parseFeed } from './parse-feed.js';
import { INLINE_MAX_BYTES, ParsePool, parseFeedOffLoop, spawnParseThread } from './parse-pool.js';

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

/** A pool whose threads are made by `spawns`, in order (the last one repeats). */
const poolOf = (...spawns: (() => Worker)[]) => {
  let n = 0;
  return new ParsePool({ threads: 1, spawn: () => spawns[Math.min(n++, spawns.length - 1)]() });
};
const crashing = () => new Worker('throw new Error("the thread broke")', { eval: true });
const exiting = () => new Worker('process.exit(7)', { eval: true });

describe('parseFeedOffLoop', () => {
  it.each(['rss', 'atom', 'json'] as const)('parses a large %s body off the event loop, to what an inline parse gives', async (format) => {
    const body = feedBody(format, 400);
    expect(body.length).toBeGreaterThan(INLINE_MAX_BYTES);
    let ran = false;
    setImmediate(() => (ran = true));
    const feed = await parseFeedOffLoop(body, ctx);
    expect(ran).toBe(true);
    expect(feed).toEqual(parseFeed(body, ctx));
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
    const pool = poolOf(broken, spawnParseThread);
    const body = feedBody('rss', 400);
    const err = await pool.parse(body, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedParseError);
    expect((err as FeedParseError).message).toBe(FEED_PARSE_MESSAGES.malformed);
    expect(await pool.parse(body, ctx)).toEqual(parseFeed(body, ctx));
  });

  it('queues parses beyond its threads and answers each with its own feed', async () => {
    const pool = poolOf(spawnParseThread);
    const bodies = [feedBody('rss', 50), feedBody('atom', 60), feedBody('json', 70)];
    const feeds = await Promise.all(bodies.map((body) => pool.parse(body, ctx)));
    expect(feeds.map((f) => f.items.length)).toEqual([50, 60, 70]);
  });
});
