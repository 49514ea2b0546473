import { decodeEntities } from '../../net/html-text.js';

/**
 * The two documents feed discovery reads besides feeds: a web page's `<link>` tags (reference
 * §13.1) and robots.txt's `Sitemap:` lines (§14.1). Both are scanned, not parsed, within fixed
 * bounds, so a page of 5,000 link tags or a megabyte of robots.txt costs the same small amount.
 */

export interface PageFeedLink {
  /** Absolute http(s), without fragment. */
  url: string;
  title: string | null;
}

/** How much of a page is scanned: feed links sit in `<head>`, near the top. */
const HTML_SCAN_CHARS = 512 * 1024;
const LINK_TAGS_MAX = 500;
/** A tag longer than this is not a real `<link>` (an unclosed quote would otherwise run to the end). */
const TAG_MAX_CHARS = 4096;
const SITEMAPS_MAX = 20;

// Feed MIME types that say "feed" whatever the rel (Miniflux does the same); the generic XML and
// JSON types only count on a rel="alternate" link, where they mean another version of the page.
const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/rdf+xml']);
const ALTERNATE_TYPES = new Set(['application/json', 'text/xml', 'application/xml']);

/** The feeds a page's `<link>` tags announce, in page order, resolved against `<base href>` and deduplicated. */
export function feedLinksOf(html: string, pageUrl: string): PageFeedLink[] {
  const text = html.slice(0, HTML_SCAN_CHARS);
  const links: Map<string, string>[] = [];
  let baseHref: string | null = null;
  const tags = /<!--|<(link|base)\b/gi;
  for (let m = tags.exec(text); m && links.length < LINK_TAGS_MAX; m = tags.exec(text)) {
    if (!m[1]) {
      // A commented-out link is an old feed, not an announced one.
      const close = text.indexOf('-->', m.index + 4);
      if (close < 0) break;
      tags.lastIndex = close + 3;
      continue;
    }
    const attrs = attributesOf(text, tags.lastIndex);
    if (!attrs) continue;
    tags.lastIndex = attrs.end;
    if (m[1].toLowerCase() === 'link') links.push(attrs.values);
    // The first <base href> is the document's base URL, for links before it too (HTML).
    else baseHref ??= attrs.values.get('href') ?? null;
  }
  const base = (baseHref !== null && absolute(baseHref, pageUrl)) || pageUrl;
  const found = new Map<string, PageFeedLink>();
  for (const attrs of links) {
    const link = feedLink(attrs, base);
    if (link && !found.has(link.url)) found.set(link.url, link);
  }
  return [...found.values()];
}

function feedLink(attrs: Map<string, string>, base: string): PageFeedLink | null {
  const type = (attrs.get('type') ?? '').split(';')[0].trim().toLowerCase();
  const rels = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
  const href = attrs.get('href') ?? '';
  const isFeed = FEED_TYPES.has(type) || (ALTERNATE_TYPES.has(type) && rels.includes('alternate'));
  // WordPress announces its REST API as application/json; it is no feed (Miniflux skips it too).
  if (!isFeed || (type === 'application/json' && href.includes('/wp-json/'))) return null;
  const url = absolute(href, base);
  if (!url) return null;
  const title = (attrs.get('title') ?? '').replace(/\s+/g, ' ').trim();
  return { url, title: title || null };
}

/**
 * The attributes of a tag whose name ends at `from`, entity-decoded, names lower-cased, with the
 * index after its `>`; null when the tag does not end within TAG_MAX_CHARS.
 */
function attributesOf(text: string, from: number): { values: Map<string, string>; end: number } | null {
  const values = new Map<string, string>();
  const limit = Math.min(text.length, from + TAG_MAX_CHARS);
  let i = from;
  while (i < limit) {
    const c = text[i];
    if (c === '>') return { values, end: i + 1 };
    if (/[\s/]/.test(c)) {
      i++;
      continue;
    }
    let nameEnd = i;
    while (nameEnd < limit && !/[\s/>=]/.test(text[nameEnd])) nameEnd++;
    const name = text.slice(i, nameEnd).toLowerCase();
    i = nameEnd;
    while (i < limit && /\s/.test(text[i])) i++;
    if (text[i] !== '=') {
      if (!values.has(name)) values.set(name, '');
      continue;
    }
    i++;
    while (i < limit && /\s/.test(text[i])) i++;
    const quote = text[i] === '"' || text[i] === "'" ? text[i] : null;
    const valueStart = quote ? i + 1 : i;
    let valueEnd = quote ? text.indexOf(quote, valueStart) : valueStart;
    if (quote && (valueEnd < 0 || valueEnd >= limit)) return null;
    if (!quote) while (valueEnd < limit && !/[\s>]/.test(text[valueEnd])) valueEnd++;
    // The first of repeated attributes wins, as in HTML.
    if (!values.has(name)) values.set(name, decodeEntities(text.slice(valueStart, valueEnd)));
    i = quote ? valueEnd + 1 : valueEnd;
  }
  return null;
}

/** The `Sitemap:` URLs of a robots.txt (any case, absolute http(s) only, at most 20, without repeats). */
export function sitemapsOf(robots: string): string[] {
  const out: string[] = [];
  for (const line of robots.split(/\r?\n|\r/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    const url = m ? absolute(m[1], undefined) : null;
    if (url && !out.includes(url)) out.push(url);
    if (out.length === SITEMAPS_MAX) break;
  }
  return out;
}

/** `href` as an absolute http(s) URL without fragment (relative to `base` when given), or null. */
function absolute(href: string, base: string | undefined): string | null {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
