import { fetchUrl, type FetchOptions, type FetchResult } from '../../net/http-client.js';
import { FeedParseError, type ParsedFeed } from './parse-feed.js';
import { parseFeedOffLoop } from './parse-pool.js';
import { parseSitemapIndex, sniffSitemap } from './parse-sitemap.js';

/** Child sitemaps of an index read per poll: a news sitemap is one file, an index rarely lists more than a few. */
const MAX_CHILDREN = 3;

/**
 * A news-sitemap feed's document → items, as a feed's parse gives them. The address may be a
 * Google News sitemap itself, or a sitemap index (as robots.txt names them): then its news
 * sitemaps — the children named "news", else the most recently modified — are read and merged.
 */
export async function readNewsSitemap(res: FetchResult, opts: FetchOptions): Promise<ParsedFeed> {
  const contentType = res.headers['content-type'] ?? null;
  if (sniffSitemap(res.body) !== 'sitemapindex') return parseFeedOffLoop(res.body, { contentType, url: res.url, format: 'news_sitemap' });
  const children = pickNewsChildren(parseSitemapIndex(res.body, { contentType, url: res.url }).sitemaps);
  const parts: ParsedFeed[] = [];
  for (const child of children) {
    try {
      const page = await fetchUrl(child, { ...opts, accept: 'application/xml, text/xml;q=0.9, */*;q=0.5' });
      parts.push(await parseFeedOffLoop(page.body, { contentType: page.headers['content-type'] ?? null, url: page.url, format: 'news_sitemap' }));
    } catch {
      // A child that fails is skipped; the poll fails only when none can be read.
    }
  }
  if (parts.length === 0) throw new FeedParseError('Not a news sitemap: the sitemap index lists no readable news sitemap');
  return mergeParts(parts);
}

/** The news sitemaps of an index: those whose address says "news", else the most recently changed. */
export function pickNewsChildren(sitemaps: { url: string; lastmod: Date | null }[]): string[] {
  const news = sitemaps.filter((s) => /news/i.test(new URL(s.url).pathname));
  const pool = news.length > 0 ? news : sitemaps;
  return [...pool]
    .sort((a, b) => (b.lastmod?.getTime() ?? 0) - (a.lastmod?.getTime() ?? 0))
    .slice(0, MAX_CHILDREN)
    .map((s) => s.url);
}

function mergeParts(parts: ParsedFeed[]): ParsedFeed {
  const seen = new Set<string>();
  const items = parts.flatMap((p) => p.items).filter((item) => !seen.has(item.url) && Boolean(seen.add(item.url)));
  return { ...parts[0], items, skipped: parts.reduce((n, p) => n + p.skipped, 0) };
}
