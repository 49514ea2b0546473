import type { DiscoveredFeed, DiscoveredKind, FeedDiscoveryAttributes, FoundBy } from '../../../common/schemas/sources.js';
import { normalizeUserUrl } from '../../../common/url.js';
import { decodeText } from '../../net/charset.js';
import { FETCH_MESSAGES } from '../../net/errors.js';
import { fetchUrl, FetchError, type FetchResult } from '../../net/http-client.js';
import { FeedParseError, isNewsSitemapDocument, linkHeaderRel, parseFeedOffLoop, parseSitemapIndex, sniffDocument } from '../crawler/service.js';
import { feedLinksOf, sitemapsOf } from './discover-html.js';
import { Allowance, DEFAULT_DEADLINE_MS, DEFAULT_MAX_RESULTS, FETCHES_MAX, eachLimited, pageFailure, withinDeadline, type Run } from './discover-run.js';

/**
 * Feed discovery (reference §13, §14): what a person pastes ("gamestar.de", a page, a feed) →
 * the feeds and Google News sitemaps of that site, each one fetched and parsed before it is
 * offered. Every step is bounded: one deadline for the whole call, a cap on fetches and on bytes,
 * per-host concurrency, so a hostile or broken site answers with a short list or a plain reason.
 */

// The answer's shape is declared once, with the route's schema.
export type { DiscoveredFeed, DiscoveredKind, FoundBy };
/** `url` is the page actually read (after redirects); `reason` one plain sentence when `feeds` is empty. */
export type DiscoveryResult = FeedDiscoveryAttributes;

export interface DiscoverOptions {
  allowPrivate: boolean;
  userAgent?: string;
  hostConcurrency?: number;
  /** The whole discovery's deadline (default 25,000 ms). */
  timeoutMs?: number;
  /** Cap on verified results (default 8). */
  maxResults?: number;
}

const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const CANDIDATE_MAX_BYTES = 5 * 1024 * 1024;
const ROBOTS_MAX_BYTES = 512 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;
/** Each step's share of the run's FETCHES_MAX; the paths get what the links left. */
const LINKS_MAX = 10;
const SITEMAP_FETCHES_MAX = 8;
const INDEX_NEWS_CHILDREN = 10;
const INDEX_OTHER_CHILDREN = 3;

// Platform conventions (§13.2), most common first: the path budget may not reach the end.
const FEED_PATHS = [
  'feed/',
  'feed',
  'rss',
  'rss/',
  'rss.xml',
  'feed.xml',
  'atom.xml',
  'index.xml',
  'index.rss',
  'feeds/posts/default',
  '?feed=rss2',
  'rss/index.xml',
  'feed.atom',
  'news/rss.xml',
];
const NEWS_SITEMAP_PATHS = ['/news-sitemap.xml', '/sitemap-news.xml', '/sitemap_news.xml', '/news_sitemap.xml'];
const ACCEPT_PAGE = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ACCEPT_FEED = 'application/rss+xml,application/atom+xml,application/feed+json,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.8';
const RANK: Record<FoundBy, number> = { link: 0, path: 1, robots: 2, sitemap: 3 };

interface Candidate {
  url: string;
  title: string | null;
  foundBy: FoundBy;
  /** Position within its step, for a stable order of results found concurrently. */
  seq: number;
  newsOnly?: boolean;
}
type Proven = { feed: DiscoveredFeed; seq: number };

/**
 * "gamestar.de", "www.gamestar.de/news", "https://example.com/y" → URL, https when no scheme is
 * given; throws FetchError('invalid_url') for what the outlet address schema refuses.
 */
export function normalizeDiscoveryInput(input: string): URL {
  // The Websites form's check (common/url.ts), so the route and discovery agree on what an address is.
  const checked = normalizeUserUrl(input);
  if (!checked) throw new FetchError('invalid_url', FETCH_MESSAGES.invalidUrl);
  const url = new URL(checked);
  if (!hasScheme(input)) url.protocol = 'https:';
  url.hash = '';
  return url;
}

const hasScheme = (input: string) => /^[a-z][\d+.a-z-]*:\/\//i.test(input.trim());

/**
 * Finds the feeds and news sitemaps of the site behind `input`, proven by fetching and parsing
 * each one. Throws FetchError for an address that cannot be fetched at all ('invalid_url', or
 * 'blocked_address' for a private one without `allowPrivate`); every other failure is a `reason`.
 */
export async function discoverFeeds(input: string, opts: DiscoverOptions): Promise<DiscoveryResult> {
  const start = normalizeDiscoveryInput(input);
  const run: Run = { opts, deadline: Date.now() + (opts.timeoutMs ?? DEFAULT_DEADLINE_MS), fetches: 0, proven: 0, tried: new Set([start.href]) };
  let page: FetchResult;
  try {
    page = await fetchPage(run, start, !hasScheme(input));
  } catch (err) {
    const failure = pageFailure(err, start.host);
    if ('reason' in failure) return { url: start.href, feeds: [], reason: failure.reason };
    return finish(run, start, await exploreSite(run, start, []), failure.why);
  }
  const url = new URL(page.url);
  run.tried.add(url.href);
  // A pasted feed, news sitemap or sitemap index is its own answer.
  const root = sniffDocument(page.body);
  const self =
    root === 'sitemapindex'
      ? await fromIndex(run, new Allowance(run, SITEMAP_FETCHES_MAX), page, 0)
      : [await verify(run, page, { url: url.href, title: null, foundBy: 'link', seq: 0 }).catch(dropOut)].filter((p) => p !== null);
  if (self.length) return finish(run, url, self, '');
  if (['rss', 'RDF', 'feed', 'json', 'urlset'].includes(root ?? '')) {
    return finish(run, url, await exploreSite(run, url, []), 'the document at this address is no feed that can be read');
  }
  const links = feedLinksOf(decodeText(page.body, page.headers['content-type']), url.href);
  const found = await exploreSite(
    run,
    url,
    links.map((l, seq) => ({ ...l, foundBy: 'link' as const, seq })),
  );
  return finish(run, url, found, links.length ? 'the feeds the page links could not be read' : 'the page links none');
}

/** The page; a bare domain without https falls back to http, as a browser's address bar does. */
async function fetchPage(run: Run, start: URL, bare: boolean): Promise<FetchResult> {
  try {
    return await fetchWithin(run, start.href, PAGE_MAX_BYTES, ACCEPT_PAGE);
  } catch (err) {
    if (!bare || !(err instanceof FetchError) || err.code !== 'network') throw err;
    const plain = new URL(start.href);
    plain.protocol = 'http:';
    return fetchWithin(run, plain.href, PAGE_MAX_BYTES, ACCEPT_PAGE);
  }
}

/** The page's links, then (when none proves) the usual paths, alongside robots.txt's sitemaps. */
async function exploreSite(run: Run, page: URL, links: Candidate[]): Promise<Proven[]> {
  const linkAllowance = new Allowance(run, LINKS_MAX);
  const [linked, sitemaps] = await Promise.all([proveAll(run, linkAllowance, links), fromRobots(run, page)]);
  if (linked.length) return [...linked, ...sitemaps];
  return [...(await probePaths(run, page, new Allowance(run, FETCHES_MAX - SITEMAP_FETCHES_MAX - linkAllowance.used))), ...sitemaps];
}

/** The well-known paths in the page's directory and at the root, interleaved; stops at the first that proves. */
async function probePaths(run: Run, page: URL, allowance: Allowance): Promise<Proven[]> {
  const dir = page.pathname.slice(0, page.pathname.lastIndexOf('/') + 1);
  const dirs = dir === '/' ? ['/'] : [dir, '/'];
  const urls = FEED_PATHS.flatMap((path) => dirs.map((d) => new URL(d + path, page.origin).href));
  const found: Proven[] = [];
  await eachLimited(
    urls,
    async (url, seq) => {
      const proven = await prove(run, allowance, { url, title: null, foundBy: 'path', seq });
      if (proven) found.push(proven);
    },
    () => found.length > 0,
  );
  return found;
}

/** robots.txt's sitemaps: news sitemaps, and the news children of sitemap indexes; else the usual news sitemap paths. */
async function fromRobots(run: Run, site: URL): Promise<Proven[]> {
  const allowance = new Allowance(run, SITEMAP_FETCHES_MAX);
  const robots = await fetchCandidate(run, allowance, new URL('/robots.txt', site).href, ROBOTS_MAX_BYTES);
  const listed = robots ? sitemapsOf(decodeText(robots.body, robots.headers['content-type'])) : [];
  // The few fetches allowed go first to the sitemaps whose name says news.
  const ordered = [...listed.filter((u) => /news/i.test(u)), ...listed.filter((u) => !/news/i.test(u))];
  const found: Proven[] = [];
  await eachLimited(
    ordered,
    async (url, seq) => {
      const res = await fetchCandidate(run, allowance, url, CANDIDATE_MAX_BYTES);
      if (!res) return;
      if (sniffDocument(res.body) === 'sitemapindex') found.push(...(await fromIndex(run, allowance, res, seq)));
      else {
        const proven = await verify(run, res, { url, title: null, foundBy: 'robots', seq, newsOnly: true }).catch(dropOut);
        if (proven) found.push(proven);
      }
    },
    () => allowance.spent(),
  );
  if (found.length) return found;
  return proveAll(
    run,
    allowance,
    NEWS_SITEMAP_PATHS.map((path, seq) => ({ url: new URL(path, site).href, title: null, foundBy: 'path', seq, newsOnly: true })),
  );
}

/** The news sitemaps among a sitemap index's children: those named "news", else the first few. */
async function fromIndex(run: Run, allowance: Allowance, index: FetchResult, seq: number): Promise<Proven[]> {
  let children: string[];
  try {
    children = parseSitemapIndex(index.body, { contentType: index.headers['content-type'], url: index.url }).sitemaps.map((s) => s.url);
  } catch (err) {
    dropOut(err);
    return [];
  }
  const news = children.filter((u) => /news/i.test(u));
  const picked = news.length ? news.slice(0, INDEX_NEWS_CHILDREN) : children.slice(0, INDEX_OTHER_CHILDREN);
  return proveAll(
    run,
    allowance,
    picked.map((url, i) => ({ url, title: null, foundBy: 'sitemap', seq: seq * 100 + i, newsOnly: true })),
  );
}

async function proveAll(run: Run, allowance: Allowance, candidates: Candidate[]): Promise<Proven[]> {
  const found = await eachLimited(candidates, (c) => prove(run, allowance, c));
  return found.filter((p) => p !== null);
}

/** Fetches and parses one candidate; null when it is no feed (or news sitemap) or cannot be read. */
async function prove(run: Run, allowance: Allowance, c: Candidate): Promise<Proven | null> {
  const res = await fetchCandidate(run, allowance, c.url, CANDIDATE_MAX_BYTES);
  return res ? verify(run, res, c).catch(dropOut) : null;
}

async function verify(run: Run, res: FetchResult, c: Candidate): Promise<Proven | null> {
  const kind = kindOf(res.body);
  if (!kind || (c.newsOnly && kind !== 'news_sitemap')) return null;
  const format = kind === 'news_sitemap' ? 'news_sitemap' : 'feed';
  const feed = await withinDeadline(run, parseFeedOffLoop(res.body, { contentType: res.headers['content-type'] ?? null, url: res.url, format }));
  const newest = feed.items.reduce<Date | null>((max, i) => (i.published && (!max || i.published > max) ? i.published : max), null);
  run.proven++;
  return {
    seq: c.seq,
    feed: {
      url: res.url,
      title: feed.title || c.title,
      kind,
      items: feed.items.length,
      last_item_at: newest?.toISOString() ?? null,
      websub_hub: feed.hubUrl ?? linkHeaderRel(res.headers.link, 'hub', res.url),
      found_by: c.foundBy,
    },
  };
}

function kindOf(body: Buffer): DiscoveredKind | null {
  const root = sniffDocument(body);
  if (root === 'rss' || root === 'RDF') return 'rss';
  if (root === 'feed') return 'atom';
  if (root === 'json') return 'json';
  return root === 'urlset' && isNewsSitemapDocument(body) ? 'news_sitemap' : null;
}

/** A candidate's response, or null when the budget is spent, it was tried already or it failed. */
async function fetchCandidate(run: Run, allowance: Allowance, url: string, maxBytes: number): Promise<FetchResult | null> {
  if (run.tried.has(url) || !allowance.take()) return null;
  run.tried.add(url);
  return fetchWithin(run, url, maxBytes, ACCEPT_FEED).catch(dropOut);
}

function fetchWithin(run: Run, url: string, maxBytes: number, accept: string): Promise<FetchResult> {
  const { allowPrivate, userAgent, hostConcurrency = 2 } = run.opts;
  const timeoutMs = Math.max(1, Math.min(REQUEST_TIMEOUT_MS, run.deadline - Date.now()));
  return withinDeadline(run, fetchUrl(url, { allowPrivate, userAgent, hostConcurrency, maxBytes, accept, timeoutMs }));
}

/** A candidate that cannot be fetched or parsed just drops out (null); anything else is a bug and is thrown. */
function dropOut(err: unknown): null {
  if (err instanceof FetchError || err instanceof FeedParseError) return null;
  throw err;
}

/** The results in their order (link, path, robots, sitemap; feeds before news sitemaps), one per URL; or why there are none. */
function finish(run: Run, page: URL, found: Proven[], why: string): DiscoveryResult {
  const isNews = (p: Proven) => Number(p.feed.kind === 'news_sitemap');
  found.sort((a, b) => RANK[a.feed.found_by] - RANK[b.feed.found_by] || isNews(a) - isNews(b) || a.seq - b.seq);
  const unique = new Map<string, DiscoveredFeed>();
  for (const { feed } of found) if (!unique.has(feed.url)) unique.set(feed.url, feed);
  const feeds = [...unique.values()].slice(0, run.opts.maxResults ?? DEFAULT_MAX_RESULTS);
  if (feeds.length) return { url: page.href, feeds, reason: null };
  const reason =
    Date.now() >= run.deadline
      ? `No feed or news sitemap was found on ${page.host} within ${(run.opts.timeoutMs ?? DEFAULT_DEADLINE_MS) / 1000} seconds: the site answers too slowly.`
      : `No feed or news sitemap was found on ${page.host}: ${why} and none of the usual addresses answered with a feed.`;
  return { url: page.href, feeds, reason };
}
