import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../net/errors.js';
import { startOutletsWeb, type OutletsWeb } from '../../../test/fakes/outlets-web.js';
import { discoverFeeds, normalizeDiscoveryInput, type DiscoverOptions } from './discover.js';
import { feedLinksOf, sitemapsOf } from './discover-html.js';

let web: OutletsWeb;
beforeAll(async () => {
  web = await startOutletsWeb();
});
afterAll(() => web.close());

const discover = (input: string, opts: Partial<DiscoverOptions> = {}) => discoverFeeds(input, { allowPrivate: true, ...opts });
const hostOf = (origin: string) => new URL(origin).host;
const noFeed = (origin: string, why: string) =>
  `No feed or news sitemap was found on ${hostOf(origin)}: ${why} and none of the usual addresses answered with a feed.`;

describe('discoverFeeds finds', () => {
  it('the feeds a page links, by relative href, in page order, with their hubs', async () => {
    const { origin } = web.outlet('linked');
    const result = await discover(`${origin}/`);
    expect(result.url).toBe(`${origin}/`);
    expect(result.reason).toBeNull();
    expect(result.feeds).toEqual([
      {
        url: `${origin}/feeds/main.xml`,
        title: 'linked News',
        kind: 'rss',
        items: 10,
        last_item_at: expect.any(String),
        websub_hub: `${origin}/hub`,
        found_by: 'link',
      },
      // This one names its hub only in the HTTP Link header.
      {
        url: `${origin}/feeds/main.atom`,
        title: 'linked (Atom)',
        kind: 'atom',
        items: 10,
        last_item_at: expect.any(String),
        websub_hub: `${origin}/hub`,
        found_by: 'link',
      },
    ]);
    expect(Date.now() - Date.parse(result.feeds[0].last_item_at!)).toBeLessThan(3_600_000);
  });

  it('a feed at a well-known path, and stops probing once one answers', async () => {
    const outlet = web.outlet('pathonly');
    const result = await discover(outlet.origin);
    expect(result.feeds).toEqual([expect.objectContaining({ url: `${outlet.origin}/feed/`, kind: 'rss', items: 10, found_by: 'path', websub_hub: null })]);
    expect(outlet.requests.map((r) => r.path)).not.toContain('/news/rss.xml');
  });

  it('a news sitemap through robots.txt and a sitemap index, without probing the usual news sitemap paths', async () => {
    const outlet = web.outlet('sitemap');
    const result = await discover(`${outlet.origin}/`);
    expect(result.feeds).toEqual([
      {
        url: `${outlet.origin}/news-sitemap.xml`,
        title: 'sitemap',
        kind: 'news_sitemap',
        items: 3,
        last_item_at: expect.any(String),
        websub_hub: null,
        found_by: 'sitemap',
      },
    ]);
    const paths = outlet.requests.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap_index.xml', '/news-sitemap.xml']));
    expect(paths).not.toContain('/sitemap-pages.xml');
    expect(paths).not.toContain('/sitemap-news.xml');
  });

  it('a news sitemap that robots.txt lists itself', async () => {
    const [outlet] = await web.addOutlets(1, 'sitemap');
    outlet.listInRobots('/news-sitemap.xml');
    const result = await discover(outlet.origin);
    expect(result.feeds.map((f) => [f.url, f.kind, f.found_by])).toEqual([[`${outlet.origin}/news-sitemap.xml`, 'news_sitemap', 'robots']]);
  });

  it('a moved feed at its new address: after the 301, and from the homepage once the old address is gone', async () => {
    const [outlet] = await web.addOutlets(1, 'moved');
    outlet.moveFeed();
    expect((await discover(outlet.origin)).feeds.map((f) => [f.url, f.found_by])).toEqual([[`${outlet.origin}/new/feed.xml`, 'link']]);
    outlet.breakOldAddress();
    expect((await discover(outlet.origin)).feeds.map((f) => [f.url, f.found_by])).toEqual([[`${outlet.origin}/new/feed.xml`, 'link']]);
  });

  it('a stale feed, with the date of its newest item', async () => {
    const result = await discover(web.outlet('stale').origin);
    expect(Math.round((Date.now() - Date.parse(result.feeds[0].last_item_at!)) / 86_400_000)).toBe(60);
  });

  it('the feed, news sitemap or sitemap index pasted itself', async () => {
    const linked = web.outlet('linked');
    expect((await discover(linked.feedUrl!)).feeds.map((f) => [f.url, f.kind, f.found_by])).toEqual([[linked.feedUrl, 'rss', 'link']]);
    const sitemap = web.outlet('sitemap');
    expect((await discover(sitemap.feedUrl!)).feeds.map((f) => [f.kind, f.found_by])).toEqual([['news_sitemap', 'link']]);
    expect((await discover(`${sitemap.origin}/sitemap_index.xml`)).feeds.map((f) => [f.url, f.found_by])).toEqual([[sitemap.feedUrl, 'sitemap']]);
  });

  it('the real feed among 5,000 link tags, within the fetch budget', async () => {
    const outlet = web.outlet('manylinks');
    const result = await discover(outlet.origin);
    expect(result.feeds.map((f) => [f.url, f.title, f.found_by])).toEqual([[`${outlet.origin}/feeds/real.xml`, 'manylinks News', 'link']]);
    expect(outlet.requests.length).toBeLessThanOrEqual(25);
  });

  it("another site's feed the page links", async () => {
    const [outlet] = await web.addOutlets(1);
    const elsewhere = web.outlet('pathonly').feedUrl!;
    outlet.addLink(elsewhere);
    expect((await discover(outlet.origin)).feeds.map((f) => [f.url, f.found_by])).toEqual([
      [`${outlet.origin}/feeds/main.xml`, 'link'],
      [`${outlet.origin}/feeds/main.atom`, 'link'],
      [elsewhere, 'link'],
    ]);
  });

  it('what is proven by the deadline, when a linked feed never finishes', async () => {
    const [outlet] = await web.addOutlets(1);
    outlet.addLink(`${web.outlet('slow').origin}/feed.xml`);
    const result = await discover(outlet.origin, { timeoutMs: 2000 });
    expect(result.feeds.map((f) => f.url)).toEqual([`${outlet.origin}/feeds/main.xml`, `${outlet.origin}/feeds/main.atom`]);
  });

  it('the feeds of a site given without a scheme that answers only on http', async () => {
    const { origin } = web.outlet('linked');
    const result = await discover(hostOf(origin));
    expect(result.url).toBe(`${origin}/`);
    expect(result.feeds.map((f) => f.url)).toEqual([`${origin}/feeds/main.xml`, `${origin}/feeds/main.atom`]);
  });

  it('at most maxResults feeds', async () => {
    expect((await discover(web.outlet('linked').origin, { maxResults: 1 })).feeds.map((f) => f.kind)).toEqual(['rss']);
  });
});

describe('discoverFeeds on hostile sites answers with a reason', () => {
  it.each([
    ['blocked', (o: string) => `${hostOf(o)} shows automated readers a Cloudflare challenge instead of its pages, so its feeds cannot be discovered.`],
    ['ratelimited', () => 'The site answered 429 Too Many Requests and asks to wait 2 minutes before the next request.'],
    ['loop', () => 'The site redirects in a loop'],
    ['notfound', (o: string) => noFeed(o, 'the page does not exist')],
    ['huge', (o: string) => noFeed(o, 'the page is too large to read')],
    ['gzipbomb', (o: string) => noFeed(o, 'the feeds the page links could not be read')],
    ['malformed', (o: string) => noFeed(o, 'the feeds the page links could not be read')],
    ['bigsitemap', (o: string) => noFeed(o, 'the page links none')],
  ])('%s', async (name, reason) => {
    const { origin } = web.outlet(name);
    expect(await discover(origin)).toEqual({ url: `${origin}/`, feeds: [], reason: reason(origin) });
  });

  it('stops at the first answer of a site that refuses automated readers', async () => {
    const [outlet] = await web.addOutlets(1, 'blocked');
    await discover(outlet.origin);
    expect(outlet.requests).toHaveLength(1);
  });

  it('slow: the deadline, whatever the site does', async () => {
    const { origin } = web.outlet('slow');
    expect(await discover(origin, { timeoutMs: 1500 })).toEqual({ url: `${origin}/`, feeds: [], reason: 'The site did not answer within 1.5 seconds' });
  });

  it('throws blocked_address for a private address unless allowed, before any request', async () => {
    const outlet = web.outlet('linked');
    const before = outlet.requests.length;
    const err = await discoverFeeds(outlet.origin, { allowPrivate: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe('blocked_address');
    expect(outlet.requests).toHaveLength(before);
  });
});

describe('normalizeDiscoveryInput', () => {
  it.each([
    ['gamestar.de', 'https://gamestar.de/'],
    ['  www.gamestar.de/news ', 'https://www.gamestar.de/news'],
    ['//example.com/a', 'https://example.com/a'],
    ['http://example.com/x?y=1#top', 'http://example.com/x?y=1'],
    ['HTTPS://Example.COM', 'https://example.com/'],
    ['127.0.0.1:8080/blog', 'https://127.0.0.1:8080/blog'],
  ])('%s → %s', (input, href) => {
    expect(normalizeDiscoveryInput(input).href).toBe(href);
  });

  it.each([
    '',
    'hello world',
    'gamestar',
    'localhost:8080',
    'javascript:alert(1)',
    'ftp://example.com/feed',
    'https://user:pw@example.com/',
    'mailto:me@example.com',
  ])('refuses %j', (input) => {
    const err = (() => {
      try {
        return normalizeDiscoveryInput(input);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe('invalid_url');
  });
});

describe('feedLinksOf', () => {
  const page = 'https://news.example.com/section/page.html';
  const urls = (html: string) => feedLinksOf(html, page).map((l) => l.url);

  it('reads feed links of every feed type, whatever the order of attributes and the rel tokens', () => {
    const html = `<head>
      <link rel="alternate feed" type="application/rss+xml" title="Main &amp; more" href="/feed/">
      <LINK HREF='atom.xml' TYPE='application/atom+xml' REL='alternate'>
      <link type="application/feed+json; charset=utf-8" href=feed.json rel=alternate>
      <link rel="alternate" type="application/rdf+xml" href="https://feeds.feedburner.com/news#top">
      <link rel="alternate" type="text/xml" href="/old.xml">
      <link rel="alternate" type="application/json" href="/api.json">
      <link rel="stylesheet" type="text/xml" href="/not-alternate.xml">
      <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/1">
      <link rel="alternate" type="text/html" hreflang="de" href="/de/">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
      <link rel="alternate" type="application/rss+xml" href="/feed/#again">
      <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
    </head>`;
    expect(feedLinksOf(html, page)[0]).toEqual({ url: 'https://news.example.com/feed/', title: 'Main & more' });
    expect(urls(html)).toEqual([
      'https://news.example.com/feed/',
      'https://news.example.com/section/atom.xml',
      'https://news.example.com/section/feed.json',
      'https://feeds.feedburner.com/news',
      'https://news.example.com/old.xml',
      'https://news.example.com/api.json',
    ]);
  });

  it('resolves against <base href>, wherever it is', () => {
    expect(urls('<link rel="alternate" type="application/rss+xml" href="rss.xml"><base href="https://cdn.example.net/blog/">')).toEqual([
      'https://cdn.example.net/blog/rss.xml',
    ]);
  });

  it('scans the first 500 link tags only, and survives an unclosed quote', () => {
    const filler = '<link rel="stylesheet" href="/s.css">'.repeat(500);
    expect(urls(`${filler}<link rel="alternate" type="application/rss+xml" href="/late.xml">`)).toEqual([]);
    expect(
      urls(
        `<link rel="alternate" type="application/rss+xml" href="/a.xml><p>${'x'.repeat(10_000)}<link rel="alternate" type="application/rss+xml" href="/b.xml">`,
      ),
    ).toEqual(['https://news.example.com/b.xml']);
  });
});

describe('sitemapsOf', () => {
  it('reads Sitemap lines in any case, absolute http(s) only, at most 20', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /x',
      'sitemap: https://a.example/news.xml',
      'SITEMAP:https://a.example/s.xml',
      'Sitemap: /relative.xml',
      'Sitemap: ftp://a.example/x.xml',
      'Sitemap: https://a.example/news.xml',
    ].join('\r\n');
    expect(sitemapsOf(robots)).toEqual(['https://a.example/news.xml', 'https://a.example/s.xml']);
    expect(sitemapsOf(Array.from({ length: 30 }, (_, i) => `Sitemap: https://a.example/${i}.xml`).join('\n'))).toHaveLength(20);
  });
});
