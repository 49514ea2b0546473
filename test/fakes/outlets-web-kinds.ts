import type http from 'node:http';
import zlib from 'node:zlib';
import { esc, renderFeed, type FakeFeedItem } from './feeds-render.js';
import { renderNewsSitemap, renderSitemapIndex, renderUrlset, type NewsArticle } from './sitemaps-render.js';

/**
 * The kinds of outlet in the outlets web (outlets-web.ts): what each one answers on each path.
 * Each kind is a function of its site (name and origin) returning a request handler, where its
 * main feed lives and the controls a test turns (moving a feed, adding an article).
 */

export const OUTLET_KINDS = [
  'linked',
  'pathonly',
  'sitemap',
  'moved',
  'blocked',
  'slow',
  'huge',
  'gzipbomb',
  'malformed',
  'loop',
  'manylinks',
  'notfound',
  'ratelimited',
  'bigsitemap',
  'stale',
] as const;
export type OutletKind = (typeof OUTLET_KINDS)[number];

export interface Site {
  name: string;
  origin: string;
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, path: string) => void;
export interface KindSetup<C extends object = object> {
  handle: Handler;
  /** The path of the outlet's main feed or news sitemap now, or null when it has none. */
  feedPath(): string | null;
  controls: C;
}

export interface LinkedControls {
  /** Adds a feed link to the homepage's head, after its own two (another site's feed, say). */
  addLink(href: string, type?: string): void;
  /** Puts a story at the top of the outlet's feeds (published now): what a journey's alert should find. */
  publish(story: { title: string; description?: string }): void;
}
export interface SitemapControls {
  /** The articles in the news sitemap, newest first. */
  articles: NewsArticle[];
  /** Puts an article at the top of the news sitemap (URL on the outlet, published now, English unless given). */
  addArticle(article: { title: string; url?: string; published?: Date; language?: string }): NewsArticle;
  /** Adds a `Sitemap:` line for `path` to robots.txt (which lists only the sitemap index at first). */
  listInRobots(path: string): void;
}
export interface MovedControls {
  /** /rss.xml answers 301 → /new/feed.xml; the homepage still links /rss.xml. */
  moveFeed(): void;
  /** /rss.xml answers 404; the homepage links /new/feed.xml. */
  breakOldAddress(): void;
}
export interface SlowControls {
  /** How long every answer waits before its headers (default 30 s); the body never ends. */
  setDelay(ms: number): void;
}

const HOUR = 3_600_000;
const HUB_PATH = '/hub';

// ---------------------------------------------------------------- answers

const send = (res: http.ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
};
const page = (title: string, head = '', body = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>${head}</head><body><h1>${esc(title)}</h1>${body}</body></html>`;
const sendPage = (res: http.ServerResponse, html: string) => send(res, 200, 'text/html; charset=utf-8', html);
const notFound = (res: http.ServerResponse) => send(res, 404, 'text/html; charset=utf-8', page('Not found'));
const redirect = (res: http.ServerResponse, status: number, location: string) => send(res, status, 'text/plain', '', { location });
const feedLink = (type: string, href: string, title?: string) =>
  `<link rel="alternate" type="${type}"${title ? ` title="${esc(title)}"` : ''} href="${esc(href)}">`;

function sendRss(res: http.ServerResponse, site: Site, path: string, items: FakeFeedItem[], hub = false) {
  send(
    res,
    200,
    'application/rss+xml; charset=utf-8',
    renderFeed({ format: 'rss', title: `${site.name} News`, items, hub }, site.origin + path, site.origin + HUB_PATH),
  );
}

/** `n` items on the outlet, the newest `ageMs` old, an hour apart. */
const itemsOf = (site: Site, n: number, ageMs = 0): FakeFeedItem[] =>
  Array.from({ length: n }, (_, i) => ({
    title: `${site.name} story ${i + 1}`,
    url: `${site.origin}/articles/${i + 1}`,
    description: `What happened at ${site.name}, part ${i + 1}.`,
    published: new Date(Date.now() - ageMs - i * HOUR),
  }));

/** Streams `size` bytes of `unit` between `head` and `tail`, minding backpressure, until done or the client leaves. */
function stream(res: http.ServerResponse, type: string, head: string, unit: string, size: number, tail: string) {
  const chunk = Buffer.from(unit.repeat(Math.ceil(65_536 / unit.length)));
  let sent = 0;
  res.writeHead(200, { 'content-type': type });
  res.write(head);
  const pump = () => {
    while (sent < size && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

// 1,100 gzip members of 1 MiB of zeros each: ~1.1 MB on the wire, more than 1 GB inflated; computed once.
let gzipBomb: Buffer | null = null;
const bomb = () => (gzipBomb ??= Buffer.concat(Array<Buffer>(1100).fill(zlib.gzipSync(Buffer.alloc(1 << 20), { level: 9 }))));

// ---------------------------------------------------------------- kinds

const fixed = (handle: Handler, feedPath: string | null = null): KindSetup => ({ handle, feedPath: () => feedPath, controls: {} });

function linked(site: Site): KindSetup<LinkedControls> {
  const items = itemsOf(site, 10);
  let head =
    feedLink('application/rss+xml', '/feeds/main.xml', `${site.name} News`) + feedLink('application/atom+xml', 'feeds/main.atom', `${site.name} (Atom)`);
  const handle: Handler = (_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name, head));
    if (path === '/feeds/main.xml') return sendRss(res, site, path, items, true);
    // The Atom version names its hub only in the Link header (WebSub §4 allows either).
    if (path === '/feeds/main.atom')
      return send(
        res,
        200,
        'application/atom+xml; charset=utf-8',
        renderFeed({ format: 'atom', title: `${site.name} (Atom)`, items }, site.origin + path, ''),
        { link: `<${site.origin}${HUB_PATH}>; rel="hub"` },
      );
    notFound(res);
  };
  const addLink = (href: string, type = 'application/rss+xml') => void (head += feedLink(type, href));
  const publish = (story: { title: string; description?: string }) =>
    void items.unshift({
      title: story.title,
      url: `${site.origin}/articles/${items.length + 1}`,
      description: story.description ?? story.title,
      published: new Date(),
    });
  return { handle, feedPath: () => '/feeds/main.xml', controls: { addLink, publish } };
}

function pathonly(site: Site): KindSetup {
  const items = itemsOf(site, 10);
  return fixed(
    (_req, res, path) => (path === '/' ? sendPage(res, page(site.name)) : path === '/feed/' ? sendRss(res, site, path, items) : notFound(res)),
    '/feed/',
  );
}

function sitemap(site: Site): KindSetup<SitemapControls> {
  const languages = ['en', 'de', 'zh-cn'];
  const articles: NewsArticle[] = languages.map((language, i) => ({
    url: `${site.origin}/articles/${i + 1}`,
    title: `${site.name} report ${i + 1}`,
    published: new Date(Date.now() - (i + 1) * HOUR),
    language,
  }));
  const robots = [`${site.origin}/sitemap_index.xml`];
  const xml = (res: http.ServerResponse, body: string) => send(res, 200, 'application/xml; charset=utf-8', body);
  const handle: Handler = (_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name, '', '<p>No feed here.</p>'));
    if (path === '/robots.txt')
      return send(res, 200, 'text/plain', `User-agent: *\nDisallow: /private/\n\n${robots.map((url) => `Sitemap: ${url}\n`).join('')}`);
    if (path === '/sitemap_index.xml')
      return xml(
        res,
        renderSitemapIndex([{ url: `${site.origin}/sitemap-pages.xml` }, { url: `${site.origin}/news-sitemap.xml`, lastmod: articles[0]?.published }]),
      );
    if (path === '/sitemap-pages.xml') return xml(res, renderUrlset([`${site.origin}/`, `${site.origin}/about`, `${site.origin}/contact`]));
    if (path === '/news-sitemap.xml') return xml(res, renderNewsSitemap(site.name, articles));
    notFound(res);
  };
  const addArticle: SitemapControls['addArticle'] = (a) => {
    const article = {
      url: a.url ?? `${site.origin}/articles/${articles.length + 1}`,
      title: a.title,
      published: a.published ?? new Date(),
      language: a.language ?? 'en',
    };
    articles.unshift(article);
    return article;
  };
  const listInRobots = (path: string) => void robots.push(site.origin + path);
  return { handle, feedPath: () => '/news-sitemap.xml', controls: { articles, addArticle, listInRobots } };
}

function moved(site: Site): KindSetup<MovedControls> {
  const items = itemsOf(site, 5);
  let state: 'original' | 'moved' | 'broken' = 'original';
  const handle: Handler = (_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name, feedLink('application/rss+xml', state === 'broken' ? '/new/feed.xml' : '/rss.xml')));
    if (path === '/rss.xml' && state === 'original') return sendRss(res, site, path, items);
    if (path === '/rss.xml' && state === 'moved') return redirect(res, 301, '/new/feed.xml');
    if (path === '/new/feed.xml' && state !== 'original') return sendRss(res, site, path, items);
    notFound(res);
  };
  const controls = { moveFeed: () => void (state = 'moved'), breakOldAddress: () => void (state = 'broken') };
  return { handle, feedPath: () => (state === 'original' ? '/rss.xml' : '/new/feed.xml'), controls };
}

function blocked(site: Site): KindSetup {
  // Reference §15.1: what Cloudflare's challenge looks like to a client without JavaScript.
  const body = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><script>window._cf_chl_opt={cvId:'3',cZone:'${new URL(site.origin).hostname}',cType:'managed'};</script><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></head><body><noscript>Enable JavaScript and cookies to continue</noscript></body></html>`;
  const headers = { 'cf-mitigated': 'challenge', server: 'cloudflare', 'cf-ray': '8f1c2a3b4d5e6f70-FRA', 'cache-control': 'private, no-store' };
  return fixed((_req, res) => send(res, 403, 'text/html; charset=UTF-8', body, headers));
}

function slow(): KindSetup<SlowControls> {
  let delayMs = 30_000;
  const handle: Handler = (_req, res) => {
    const timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html><html><head><title>Slow</title>');
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  };
  return { handle, feedPath: () => null, controls: { setDelay: (ms) => void (delayMs = ms) } };
}

function huge(site: Site): KindSetup {
  return fixed((_req, res, path) => {
    if (path === '/')
      return stream(
        res,
        'text/html; charset=utf-8',
        `<!DOCTYPE html><html><head><title>${site.name}</title></head><body>`,
        '<p>Filler paragraph of a page far too large to read.</p>\n',
        50 * 1024 * 1024,
        '</body></html>',
      );
    if (path === '/feed/') {
      const item = renderFeed({ format: 'rss', title: 'x', items: itemsOf(site, 1) }, site.origin + path, '').match(/<item>.*<\/item>/s)![0];
      return stream(
        res,
        'application/rss+xml',
        `<?xml version="1.0"?><rss version="2.0"><channel><title>${site.name}</title>`,
        `${item}\n`,
        60 * 1024 * 1024,
        '</channel></rss>',
      );
    }
    notFound(res);
  }, '/feed/');
}

function gzipbomb(site: Site): KindSetup {
  return fixed((_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name, feedLink('application/rss+xml', '/feed.xml')));
    send(res, 200, 'application/rss+xml', bomb(), { 'content-encoding': 'gzip' });
  }, '/feed.xml');
}

function malformed(site: Site): KindSetup {
  const head = feedLink('application/rss+xml', '/feed.xml', 'Broken') + feedLink('application/rss+xml', '/rss.xml', 'Not a feed');
  return fixed((_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name, head));
    // Unclosed tags and no complete item: nothing a lenient parser could salvage.
    if (path === '/feed.xml')
      return send(
        res,
        200,
        'application/rss+xml',
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken<item><title>One<link>https://example.com/1</channel>',
      );
    if (path === '/rss.xml') return send(res, 200, 'application/rss+xml', page('This is a web page, not a feed'));
    notFound(res);
  }, '/feed.xml');
}

const loop = (): KindSetup => fixed((_req, res, path) => redirect(res, 302, path === '/b' ? '/' : '/b'));

function manylinks(site: Site): KindSetup {
  const items = itemsOf(site, 10);
  const tags = Array.from({ length: 5000 }, (_, i) => {
    if (i === 2) return feedLink('application/rss+xml', '/feeds/real.xml', 'The real feed');
    if (i % 50 === 49) return feedLink('application/rss+xml', `/feeds/gone-${i}.xml`);
    return i % 2 ? `<link rel="stylesheet" href="/s/${i}.css">` : `<link rel="preload" as="script" href="/j/${i}.js">`;
  });
  return fixed(
    (_req, res, path) =>
      path === '/' ? sendPage(res, page(site.name, tags.join('\n'))) : path === '/feeds/real.xml' ? sendRss(res, site, path, items) : notFound(res),
    '/feeds/real.xml',
  );
}

const notfound = (): KindSetup => fixed((_req, res) => notFound(res));
const ratelimited = (): KindSetup => fixed((_req, res) => send(res, 429, 'text/plain', 'Too Many Requests', { 'retry-after': '120' }));

function bigsitemap(site: Site): KindSetup {
  let body: string | null = null; // ~17 MB, rendered on first request
  const render = () =>
    renderNewsSitemap(
      site.name,
      Array.from({ length: 50_000 }, (_, i) => ({ url: `${site.origin}/a/${i}`, title: `Story ${i}`, published: new Date(Date.now() - i * 1000) })),
    );
  return fixed((_req, res, path) => {
    if (path === '/') return sendPage(res, page(site.name));
    if (path === '/robots.txt') return send(res, 200, 'text/plain', `Sitemap: ${site.origin}/news-sitemap.xml\n`);
    if (path === '/news-sitemap.xml') return send(res, 200, 'application/xml; charset=utf-8', (body ??= render()));
    notFound(res);
  }, '/news-sitemap.xml');
}

function stale(site: Site): KindSetup {
  const items = itemsOf(site, 5, 60 * 24 * HOUR);
  return fixed(
    (_req, res, path) =>
      path === '/'
        ? sendPage(res, page(site.name, feedLink('application/rss+xml', '/feed.xml')))
        : path === '/feed.xml'
          ? sendRss(res, site, path, items)
          : notFound(res),
    '/feed.xml',
  );
}

export const KINDS: Record<OutletKind, (site: Site) => KindSetup> = {
  linked,
  pathonly,
  sitemap,
  moved,
  blocked,
  slow,
  huge,
  gzipbomb,
  malformed,
  loop,
  manylinks,
  notfound,
  ratelimited,
  bigsitemap,
  stale,
};
