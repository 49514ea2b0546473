import { decodeText } from '../../net/charset.js';
import { toIso6391 } from '../../net/language.js';
import { collapseWhitespace as collapse } from '../../net/html-text.js';
import { parseFeedDate } from '../../net/dates.js';
import { stripDoctype } from './xml-scan.js';
import { resolveUrl, unwrapGoogleRedirect } from './feed-formats.js';
import { FEED_PARSE_MESSAGES, FeedParseError, type FeedItem, type ParsedFeed } from './parse-feed.js';

/**
 * Sitemaps (reference §14): Google News sitemaps as the crawler's `ParsedFeed`, sitemap indexes
 * as a list of sitemaps. A sitemap may hold 50,000 URLs in 50 MB, so this is a linear scan with
 * `indexOf` over the `<url>` blocks rather than a DOM: each stretch of text is searched a bounded
 * number of times. Only the five XML entities and numeric references are decoded, and the
 * DOCTYPE (where entity bombs live) is removed before anything is read.
 */

const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** The protocol's limit per file (§14.1); anything beyond it is ignored. */
export const SITEMAP_MAX_URLS = 50_000;
const TITLE_MAX = 1000;
const SNIFF_BYTES = 4096;

export const SITEMAP_PARSE_MESSAGES = {
  empty: 'Not a sitemap: the address returned an empty document',
  notSitemap: 'Not a sitemap: the document is neither a sitemap nor a sitemap index',
  notNews: 'Not a news sitemap: the sitemap lists pages but no news articles',
  index: 'Not a news sitemap: the document is a sitemap index (a list of other sitemaps)',
  notIndex: 'Not a sitemap index: the document does not list other sitemaps',
} as const;

type Ctx = { contentType?: string | null; url: string };

/**
 * A Google News sitemap → `ParsedFeed`: one item per `<url>` that carries `<news:news>`.
 * Throws `FeedParseError` (and nothing else) for anything that is not a news sitemap.
 */
export function parseNewsSitemap(body: Buffer, ctx: Ctx): ParsedFeed {
  return guarded(() => {
    const { text, root } = openDocument(body, ctx, 'urlset');
    const p: Prefixes = { sitemap: root.prefix, news: prefixFor(root, NEWS_NS, 'news'), image: prefixFor(root, IMAGE_NS, 'image') };
    const declaresNews = root.namespaces.has(NEWS_NS);
    const items: FeedItem[] = [];
    const seen = new Set<string>();
    let skipped = 0;
    let newsEntries = 0;
    let title = '';
    let language: string | null = null;
    forEachElement(text, `${p.sitemap}url`, root.end, (block) => {
      const entry = childElement(block, `${p.news}news`);
      if (entry === null) return void skipped++;
      newsEntries++;
      const item = newsItem(block, entry, p, ctx.url);
      title ||= collapse(childText(entry, `${p.news}name`) ?? '');
      language ??= item?.language ?? null;
      if (!item || seen.has(item.url)) return void skipped++;
      seen.add(item.url);
      items.push(item);
    });
    // A news sitemap whose articles all aged out (Google asks to drop `news:news` after two days)
    // still declares the namespace; a plain sitemap does neither.
    if (newsEntries === 0 && !declaresNews) throw new FeedParseError(SITEMAP_PARSE_MESSAGES.notNews);
    return { title: title.slice(0, TITLE_MAX), link: null, language, hubUrl: null, selfUrl: null, ttlMinutes: null, items, skipped };
  });
}

/** The element prefixes (with colon) of the sitemap, news and image namespaces in this document. */
interface Prefixes {
  sitemap: string;
  news: string;
  image: string;
}

/** One `<url>` block and its `<news:news>` entry → an item; null without a usable http(s) `<loc>`. */
function newsItem(block: string, entry: string, p: Prefixes, base: string): FeedItem | null {
  const loc = resolveUrl(childText(block, `${p.sitemap}loc`) ?? '', base);
  if (!loc) return null;
  const url = unwrapGoogleRedirect(loc);
  const imageLoc = childText(block, `${p.image}loc`);
  return {
    url,
    guid: url,
    title: collapse(childText(entry, `${p.news}title`) ?? '').slice(0, TITLE_MAX),
    description: '',
    html: null,
    author: null,
    published: parseFeedDate(childText(entry, `${p.news}publication_date`) ?? ''),
    language: toIso6391(childText(entry, `${p.news}language`)),
    image: imageLoc === null ? null : resolveUrl(imageLoc, base),
  };
}

/** The sitemaps a `<sitemapindex>` lists (at most 50,000), absolute http(s) only, without repeats. */
export function parseSitemapIndex(body: Buffer, ctx: Ctx): { sitemaps: { url: string; lastmod: Date | null }[] } {
  return guarded(() => {
    const { text, root } = openDocument(body, ctx, 'sitemapindex');
    const sitemaps: { url: string; lastmod: Date | null }[] = [];
    const seen = new Set<string>();
    forEachElement(text, `${root.prefix}sitemap`, root.end, (block) => {
      const url = resolveUrl(childText(block, `${root.prefix}loc`) ?? '', ctx.url);
      if (!url || seen.has(url)) return;
      seen.add(url);
      sitemaps.push({ url, lastmod: parseFeedDate(childText(block, `${root.prefix}lastmod`) ?? '') });
    });
    return { sitemaps };
  });
}

/**
 * What a fetched document is, from its first few KB: the local name of its XML root element
 * ('rss', 'RDF', 'feed', 'urlset', 'sitemapindex', 'html', …), 'json' for a JSON document, or null.
 */
export function sniffDocument(body: Buffer): string | null {
  const head = headOf(body);
  if (/^\s*[[{]/.test(head)) return 'json';
  return rootElement(head)?.local ?? null;
}

/** 'urlset' or 'sitemapindex' when the document is a sitemap of that kind, else null. */
export function sniffSitemap(body: Buffer): 'urlset' | 'sitemapindex' | null {
  const root = sniffDocument(body);
  return root === 'urlset' || root === 'sitemapindex' ? root : null;
}

/** A `<urlset>` that declares the Google News namespace or holds a `<news:news>` entry. */
export function isNewsSitemapDocument(body: Buffer): boolean {
  const head = headOf(body);
  if (rootElement(head)?.local !== 'urlset') return false;
  return head.includes(NEWS_NS) || body.includes('<news:news>') || body.includes('<news:news ');
}

/** The document's first few KB as text, without BOM and DOCTYPE: enough to see the root element. */
const headOf = (body: Buffer) => stripDoctype(decodeText(body.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, ''));

// ---------------------------------------------------------------- document

interface Root {
  local: string;
  /** The root's own prefix with its colon ('' when unprefixed): the sitemap elements share it. */
  prefix: string;
  /** Namespace URI → prefix (with colon), from the root's `xmlns:*` attributes. */
  namespaces: Map<string, string>;
  /** Index just after the root's start tag. */
  end: number;
}

function guarded<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof FeedParseError) throw err;
    throw new FeedParseError(FEED_PARSE_MESSAGES.malformed, { cause: err });
  }
}

/** Decoded text and root of a sitemap document whose root must be `expected`; throws FeedParseError otherwise. */
function openDocument(body: Buffer, ctx: Ctx, expected: 'urlset' | 'sitemapindex'): { text: string; root: Root } {
  const text = stripDoctype(decodeText(body, ctx.contentType).replace(/^\uFEFF/, ''));
  if (!text.trim()) throw new FeedParseError(SITEMAP_PARSE_MESSAGES.empty);
  const root = rootElement(text);
  if (root?.local === expected) return { text, root };
  if (/^(?:html|head|body)$/i.test(root?.local ?? '') || /<(?:html|head|body)[\s>]/i.test(text.slice(0, SNIFF_BYTES))) {
    throw new FeedParseError(FEED_PARSE_MESSAGES.html);
  }
  if (expected === 'urlset' && root?.local === 'sitemapindex') throw new FeedParseError(SITEMAP_PARSE_MESSAGES.index);
  throw new FeedParseError(expected === 'urlset' ? SITEMAP_PARSE_MESSAGES.notSitemap : SITEMAP_PARSE_MESSAGES.notIndex);
}

/** The first element after the prolog (XML declaration, processing instructions, comments), or null. */
function rootElement(text: string): Root | null {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    const skip = text.startsWith('<?', i) ? '?>' : text.startsWith('<!--', i) ? '-->' : text.startsWith('<!', i) ? '>' : null;
    if (!skip) break;
    const close = text.indexOf(skip, i + 2);
    if (close < 0) return null;
    i = close + skip.length;
  }
  const m = /^<(?:([\w.-]+):)?([\w.-]+)/.exec(text.slice(i, i + 200));
  if (!m) return null;
  const end = tagEnd(text, i + m[0].length);
  const tag = text.slice(i, end < 0 ? i + SNIFF_BYTES : end);
  const namespaces = new Map<string, string>();
  for (const ns of tag.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(["'])([^"']*)\2/g)) namespaces.set(ns[3].trim(), `${ns[1]}:`);
  return { local: m[2], prefix: m[1] ? `${m[1]}:` : '', namespaces, end: end < 0 ? text.length : end };
}

/** The prefix (with colon) the root binds to `uri`, else the conventional one. */
function prefixFor(root: Root, uri: string, conventional: string): string {
  return root.namespaces.get(uri) ?? `${conventional}:`;
}

// ---------------------------------------------------------------- linear element scan

const isDelimiter = (c: number) => c === 0x3e /* > */ || c === 0x2f /* / */ || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Index of the next start tag `<qname` at or after `from` (not `<qnameX`), or -1. */
function findStart(text: string, qname: string, from: number): number {
  const open = `<${qname}`;
  for (let at = text.indexOf(open, from); at >= 0; at = text.indexOf(open, at + 1)) {
    if (isDelimiter(text.charCodeAt(at + open.length))) return at;
  }
  return -1;
}

/** Index after the `>` of a tag whose name ends before `i`, skipping quoted attribute values; -1 if unterminated. */
function tagEnd(text: string, i: number): number {
  while (i < text.length) {
    const c = text[i];
    if (c === '>') return i + 1;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else i++;
  }
  return -1;
}

/**
 * Calls `visit` with the content of each complete `<qname>…</qname>` after `from`, for at most
 * SITEMAP_MAX_URLS elements. An element that never closes before the next one opens is skipped
 * (as the feed salvage does); where a close tag was found is remembered, so no stretch of text is
 * searched twice and a 50 MB document costs a few passes at most.
 */
function forEachElement(text: string, qname: string, from: number, visit: (content: string) => void): void {
  const closeTag = `</${qname}>`;
  let close = -2;
  let at = findStart(text, qname, from);
  for (let read = 0; at >= 0 && read < SITEMAP_MAX_URLS; read++) {
    const bodyStart = tagEnd(text, at + qname.length + 1);
    if (bodyStart < 0) return;
    const next = findStart(text, qname, bodyStart);
    if (text[bodyStart - 2] === '/') visit('');
    else {
      if (close < bodyStart) close = text.indexOf(closeTag, bodyStart);
      if (close < 0) return;
      if (next < 0 || next > close) visit(text.slice(bodyStart, close));
    }
    at = next;
  }
}

/** The raw content of the first `<qname>` in `block`, '' when self-closing, null when absent or unclosed. */
function childElement(block: string, qname: string): string | null {
  const at = findStart(block, qname, 0);
  if (at < 0) return null;
  const start = tagEnd(block, at + qname.length + 1);
  if (start < 0) return null;
  if (block[start - 2] === '/') return '';
  const close = block.indexOf(`</${qname}>`, start);
  return close < 0 ? null : block.slice(start, close);
}

/** The text of the first `<qname>` in `block` (CDATA unwrapped, entities decoded, trimmed), or null. */
function childText(block: string, qname: string): string | null {
  const raw = childElement(block, qname);
  return raw === null ? null : decodeXmlText(raw).trim();
}

/** Character data: CDATA sections kept literally, references decoded elsewhere. */
function decodeXmlText(raw: string): string {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const cdata = raw.indexOf('<![CDATA[', i);
    out += decodeXmlEntities(raw.slice(i, cdata < 0 ? raw.length : cdata));
    if (cdata < 0) break;
    const close = raw.indexOf(']]>', cdata + 9);
    out += raw.slice(cdata + 9, close < 0 ? raw.length : close);
    i = close < 0 ? raw.length : close + 3;
  }
  return out;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five predefined XML entities and numeric references; any other reference stays as written. */
function decodeXmlEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#[xX]([\da-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g, (_, hex?: string, dec?: string, name?: string) => {
    if (name) return XML_ENTITIES[name];
    const cp = hex ? parseInt(hex, 16) : Number(dec);
    return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '';
  });
}
