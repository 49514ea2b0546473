import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { parseFeed, FeedParseError, DESCRIPTION_MAX, type ParsedFeed } from './parse-feed.js';
import { fetchUrl, FetchError } from '../../net/http-client.js';
import { startFakeFeedServer, HOSTILE_PATHS, type FakeFeedServer } from '../../../test/fakes/feeds.js';
import { renderFeed } from '../../../test/fakes/feeds-render.js';
import { FEED_URL, parse, parseError, spec } from './parse-feed-setup.js';

describe('parseFeed: not a feed', () => {
  it.each([
    ['<!DOCTYPE html><html><head><title>Home</title></head><body>Hi</body></html>', 'HTML page'],
    ['<html><body><p>rss is great</p></body></html>', 'HTML page'],
    ['', 'empty'],
    ['   \n  ', 'empty'],
    ['{"hello": "world"}', 'JSON'],
    ['{broken json', 'JSON'],
    ['<?xml version="1.0"?><note><to>Tove</to></note>', 'not RSS, Atom or JSON Feed'],
    ['just some text', 'not RSS, Atom or JSON Feed'],
    ['<rss version="2.0"><channel><title>T</title><item><title>x<link>y</channel>', 'not well-formed'],
    // Well-formed, a feed format's root, nothing readable: said as it is, not "broken XML".
    ['<rss version="2.0"></rss>', 'well-formed but holds no items or channel we can read'],
    ['<feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'well-formed but holds no items or channel we can read'],
    ['<rss version="2.0"><channel></channel></rss>', 'well-formed but holds no items or channel we can read'],
  ])('%j', (body, message) => {
    expect(parseError(() => parse(body)).message).toContain(message);
  });

  it('throws nothing but FeedParseError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        try {
          parse(Buffer.from(bytes));
        } catch (err) {
          expect(err).toBeInstanceOf(FeedParseError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('throws nothing but FeedParseError on mutated feeds, and what it returns is well-formed', () => {
    const docs = (['rss', 'atom', 'json', 'rdf', 'google-alerts'] as const).map((f) => renderFeed(spec(f), FEED_URL, 'https://hub.example.com/'));
    const mutation = fc.record({
      doc: fc.constantFrom(...docs),
      at: fc.nat(),
      cut: fc.nat({ max: 200 }),
      insert: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('<', '>', '&', '"', ']]>', '<!--', '<item>', '</channel>', '&amp;', '&#0;', '\u0000', '{', '}'),
      ),
    });
    fc.assert(
      fc.property(mutation, ({ doc, at, cut, insert }) => {
        const i = at % (doc.length + 1);
        const mutated = doc.slice(0, i) + insert + doc.slice(i + cut);
        let feed: ParsedFeed;
        try {
          feed = parse(mutated);
        } catch (err) {
          expect(err).toBeInstanceOf(FeedParseError);
          return;
        }
        for (const item of feed.items) {
          expect(item.url).toMatch(/^https?:\/\//);
          expect(item.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
          expect(item.published === null || !Number.isNaN(item.published.getTime())).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('the hostile set of the fake feed server', () => {
  let fake: FakeFeedServer;
  beforeAll(async () => {
    fake = await startFakeFeedServer();
  });
  afterAll(() => fake.close());

  it.each(HOSTILE_PATHS.map((h) => [h.path, h] as const))('%s ends as HOSTILE_PATHS says', async (_path, h) => {
    const url = `${fake.url}${h.path}`;
    let feed: ParsedFeed;
    try {
      const res = await fetchUrl(url, { allowPrivate: true, ...h.fetch });
      feed = parseFeed(res.body, { contentType: res.headers['content-type'], url: res.url });
    } catch (err) {
      if (h.expect.kind === 'fetch_error') {
        expect(err).toBeInstanceOf(FetchError);
        expect(err).toMatchObject({
          code: h.expect.code,
          ...(h.expect.status ? { status: h.expect.status } : {}),
          ...(h.expect.retryAfterSeconds ? { retryAfterSeconds: h.expect.retryAfterSeconds } : {}),
        });
      } else {
        expect(h.expect.kind).toBe('parse_error');
        expect(err).toBeInstanceOf(FeedParseError);
      }
      return;
    }
    expect(h.expect.kind).toBe('items');
    if (h.expect.kind !== 'items') return;
    expect(feed.items).toHaveLength(h.expect.count);
    expect(feed.skipped).toBe(h.expect.skipped ?? 0);
    if (h.expect.notModifiedOnConditional) {
      const again = await fetchUrl(url, { allowPrivate: true, etag: '"v1"' });
      expect(again.notModified).toBe(true);
    }
    if (h.path.includes('wrong-charset')) expect(feed.items.map((i) => i.title)).toEqual(['Café déjà vu', 'Über naïve']);
    if (h.path === '/hostile/no-dates.xml') expect(feed.items.every((i) => i.published === null)).toBe(true);
    if (h.path === '/hostile/google-alerts.xml') {
      expect(feed.items[0]).toMatchObject({ url: 'https://news.example.org/acme-1?id=1', title: 'Acme story 1 & more', description: 'Acme news 1' });
    }
    if (h.path === '/hostile/malformed.xml') expect(feed.items.map((i) => i.title)).toEqual(['One']);
    if (h.path === '/hostile/bom-cp1252.xml') expect(feed.items.map((i) => i.title)).toEqual(['Café “quoté”', 'Über naïve']);
    if (h.path === '/hostile/atom03.xml') expect(feed.items.map((i) => i.title)).toEqual(['Café x bold', 'Café bold']);
    if (h.path === '/hostile/dcterms.xml') expect(feed.items.every((i) => i.published !== null)).toBe(true);
    if (h.path.startsWith('/hostile/truncated'))
      expect(feed.items.map((i) => i.url)).toEqual(Array.from({ length: h.expect.count }, (_, n) => `https://example.com/cut/${n + 1}`));
    if (h.path === '/hostile/relative-links.xml') {
      expect(feed.items.map((i) => i.url)).toEqual([`${fake.url}/blog/post-1`, `${fake.url}/news/post-2`, `${fake.url}/archive/post-3`]);
    }
  });
});
