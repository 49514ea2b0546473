import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '../../server/features/crawler/parse-feed.js';
import { parseNewsSitemap, parseSitemapIndex } from '../../server/features/crawler/parse-sitemap.js';
import { OUTLET_KINDS, startOutletsWeb, type OutletsWeb } from './outlets-web.js';

let web: OutletsWeb;
beforeAll(async () => {
  web = await startOutletsWeb({ outlets: 2 });
});
afterAll(() => web.close());

const get = (url: string) => fetch(url, { redirect: 'manual' });
const text = async (url: string) => (await get(url)).text();
const feedOf = async (url: string) => parseFeed(Buffer.from(await text(url)), { url });

/** Bytes on the wire and, gunzipped as a stream, inflated, without keeping either. */
function measureGzip(url: string): Promise<{ wire: number; inflated: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let wire = 0;
        let inflated = 0;
        res.on('data', (c: Buffer) => (wire += c.length));
        res
          .pipe(zlib.createGunzip())
          .on('data', (c: Buffer) => (inflated += c.length))
          .on('end', () => resolve({ wire, inflated }))
          .on('error', reject);
      })
      .on('error', reject);
  });
}

/** The length of a streamed body, counted as it arrives. */
async function bodyLength(url: string): Promise<number> {
  let total = 0;
  for await (const chunk of (await get(url)).body!) total += chunk.length;
  return total;
}

describe('the outlets web', () => {
  it('runs one outlet of each kind, and the extra linked ones, each on its own 127.0.0.1 port', async () => {
    expect(web.outlets.map((o) => o.name)).toEqual([...OUTLET_KINDS, 'linked-1', 'linked-2']);
    const origins = web.outlets.map((o) => o.origin);
    expect(new Set(origins).size).toBe(origins.length);
    for (const origin of origins) expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [added] = await web.addOutlets(1);
    expect(added.name).toBe('linked-3');
    expect(() => web.outlet('nowhere')).toThrow('No outlet named nowhere');
  });

  it('gives each linked outlet its own feed of fresh items on its own site', async () => {
    for (const name of ['linked', 'linked-1', 'linked-2']) {
      const outlet = web.outlet(name);
      const feed = await feedOf(outlet.feedUrl!);
      expect(feed.title).toBe(`${name} News`);
      expect(feed.items).toHaveLength(10);
      expect(feed.items.every((i) => i.url.startsWith(`${outlet.origin}/articles/`))).toBe(true);
      expect(Date.now() - feed.items[0].published!.getTime()).toBeLessThan(3_600_000);
    }
  });

  it('linked: the homepage announces RSS and Atom by relative href; the RSS names its hub, the Atom sends it as a Link header', async () => {
    const { origin, requests } = web.outlet('linked');
    const home = await text(`${origin}/`);
    expect(home).toContain('<link rel="alternate" type="application/rss+xml" title="linked News" href="/feeds/main.xml">');
    expect(home).toContain('type="application/atom+xml" title="linked (Atom)" href="feeds/main.atom"');
    expect((await feedOf(`${origin}/feeds/main.xml`)).hubUrl).toBe(`${origin}/hub`);
    const atom = await get(`${origin}/feeds/main.atom`);
    expect(atom.headers.get('link')).toBe(`<${origin}/hub>; rel="hub"`);
    expect(requests.map((r) => r.path)).toContain('/feeds/main.atom');
  });

  it('pathonly: no link tags; the feed only at /feed/', async () => {
    const { origin } = web.outlet('pathonly');
    expect(await text(`${origin}/`)).not.toContain('<link');
    expect((await get(`${origin}/feed`)).status).toBe(404);
    expect((await feedOf(`${origin}/feed/`)).items).toHaveLength(10);
  });

  it('sitemap: robots.txt → sitemap index → a news sitemap that grows', async () => {
    const outlet = web.outlet('sitemap');
    expect(await text(`${outlet.origin}/robots.txt`)).toContain(`Sitemap: ${outlet.origin}/sitemap_index.xml`);
    const index = parseSitemapIndex(Buffer.from(await text(`${outlet.origin}/sitemap_index.xml`)), { url: outlet.origin });
    expect(index.sitemaps.map((s) => s.url)).toEqual([`${outlet.origin}/sitemap-pages.xml`, `${outlet.origin}/news-sitemap.xml`]);
    const added = outlet.addArticle({ title: 'Breaking', language: 'fr' });
    const news = parseNewsSitemap(Buffer.from(await text(outlet.feedUrl!)), { url: outlet.feedUrl! });
    expect(news.items).toHaveLength(4);
    expect(news.items[0]).toMatchObject({ url: added.url, title: 'Breaking', language: 'fr' });
    expect(news.items.map((i) => i.language)).toEqual(['fr', 'en', 'de', 'zh']);
  });

  it('moved: the feed moves with a 301, then the old address breaks and the homepage links the new one', async () => {
    const outlet = web.outlet('moved');
    expect((await get(`${outlet.origin}/rss.xml`)).status).toBe(200);
    outlet.moveFeed();
    const moved = await get(`${outlet.origin}/rss.xml`);
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/new/feed.xml']);
    expect(await text(`${outlet.origin}/`)).toContain('href="/rss.xml"');
    outlet.breakOldAddress();
    expect((await get(`${outlet.origin}/rss.xml`)).status).toBe(404);
    expect(await text(`${outlet.origin}/`)).toContain('href="/new/feed.xml"');
    expect(outlet.feedUrl).toBe(`${outlet.origin}/new/feed.xml`);
    expect((await feedOf(outlet.feedUrl!)).items).toHaveLength(5);
  });

  it('blocked: a Cloudflare challenge on every path', async () => {
    const res = await get(`${web.outlet('blocked').origin}/feed/`);
    expect(res.status).toBe(403);
    expect([res.headers.get('cf-mitigated'), res.headers.get('server'), res.headers.get('content-type')]).toEqual([
      'challenge',
      'cloudflare',
      'text/html; charset=UTF-8',
    ]);
    expect(res.headers.get('cf-ray')).toMatch(/^[\da-f]+-[A-Z]{3}$/);
    const body = await res.text();
    expect(body).toContain('<title>Just a moment...</title>');
    expect(body).toContain('window._cf_chl_opt');
  });

  it('answers 429 with Retry-After, 404 everywhere, and redirects in a loop', async () => {
    const limited = await get(`${web.outlet('ratelimited').origin}/`);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '120']);
    expect((await get(`${web.outlet('notfound').origin}/robots.txt`)).status).toBe(404);
    const { origin } = web.outlet('loop');
    expect((await get(`${origin}/`)).headers.get('location')).toBe('/b');
    expect((await get(`${origin}/b`)).headers.get('location')).toBe('/');
  });

  it('manylinks: 5,000 link tags with the real feed third; malformed: a broken feed and a page posing as one', async () => {
    const { origin } = web.outlet('manylinks');
    const home = await text(`${origin}/`);
    expect(home.match(/<link /g)).toHaveLength(5000);
    expect((await feedOf(`${origin}/feeds/real.xml`)).items).toHaveLength(10);
    const broken = web.outlet('malformed').origin;
    await expect(feedOf(`${broken}/feed.xml`)).rejects.toThrow('broken');
    await expect(feedOf(`${broken}/rss.xml`)).rejects.toThrow('HTML page');
  });

  it('stale: the newest item is 60 days old', async () => {
    const feed = await feedOf(web.outlet('stale').feedUrl!);
    expect(Math.round((Date.now() - feed.items[0].published!.getTime()) / 86_400_000)).toBe(60);
  });

  it('bigsitemap: a news sitemap of 50,000 URLs', async () => {
    const body = await text(web.outlet('bigsitemap').feedUrl!);
    expect(body.match(/<url>/g)).toHaveLength(50_000);
  });

  it('huge: a 50 MB page and a 60 MB feed, streamed', async () => {
    const { origin } = web.outlet('huge');
    expect(await bodyLength(`${origin}/`)).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    expect(await bodyLength(`${origin}/feed/`)).toBeGreaterThanOrEqual(60 * 1024 * 1024);
  });

  it('gzipbomb: about a megabyte on the wire that inflates to more than a gigabyte', async () => {
    const { wire, inflated } = await measureGzip(`${web.outlet('gzipbomb').origin}/feed.xml`);
    expect(wire).toBeLessThan(2 * 1024 * 1024);
    expect(inflated).toBeGreaterThan(1024 * 1024 * 1024);
  });

  it('closes at once while the slow outlet holds a request open', async () => {
    const own = await startOutletsWeb();
    const slow = own.outlet('slow');
    const pending = get(`${slow.origin}/`).catch((err: unknown) => err);
    while (slow.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await own.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('slow: answers after the delay set, and never finishes the body', async () => {
    const slow = web.outlet('slow');
    slow.setDelay(50);
    const res = await get(`${slow.origin}/`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('<title>Slow</title>');
    await reader.cancel();
  });
});
