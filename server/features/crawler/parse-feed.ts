import { parseFeed as parseWithFeedsmith, DetectError } from 'feedsmith';
import { decodeText } from '../../net/charset.js';
import { toIso6391 } from '../../net/language.js';
import { htmlToText, decodeEntities, collapseWhitespace as collapse } from '../../net/html-text.js';
import { parseFeedDate } from '../../net/dates.js';
import { stripDoctype, startsWithHtmlElement, salvageItems } from './xml-scan.js';

/**
 * Feed bytes → a normalised `ParsedFeed`, whatever the format (RSS 0.9x/1.0/2.0, Atom 1.0,
 * JSON Feed 1.x, Google Alerts Atom). Parsing is feedsmith's (namespaces resolved by URI, so
 * `a10:link` works like `atom:link`); this layer adds what a crawler of the open web needs:
 * encoding repair, an entity-expansion defence, URL resolution and cleaning, lenient dates,
 * text versions of HTML, a lenient second pass that salvages the complete items of a broken
 * feed, and a readable error when the document is not a feed.
 */

export interface FeedItem {
  /** Absolute http(s) URL of the article (Google Alerts redirect unwrapped). */
  url: string;
  /** The item's id in the feed: guid/id, else its URL; unique within one parse. */
  guid: string;
  title: string;
  /** Plain text, at most DESCRIPTION_MAX characters. */
  description: string;
  /** The item's HTML (content, else summary), at most HTML_MAX characters; null when none. */
  html: string | null;
  author: string | null;
  /** Null when missing, unparsable or more than a day in the future: the ingester uses first-seen time. */
  published: Date | null;
  /** ISO 639-1 from the item or the feed, or null. */
  language: string | null;
  image: string | null;
}

export interface ParsedFeed {
  title: string;
  link: string | null;
  language: string | null;
  hubUrl: string | null;
  selfUrl: string | null;
  ttlMinutes: number | null;
  items: FeedItem[];
  /** Items dropped: no usable http(s) URL, or a repeat of an earlier item (same guid and URL). */
  skipped: number;
}

export class FeedParseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedParseError';
  }
}

export const FEED_PARSE_MESSAGES = {
  empty: 'Not a feed: the address returned an empty document',
  html: 'Not a feed: the address returned an HTML page',
  json: 'Not a feed: the address returned JSON that is not a JSON Feed',
  unknown: 'Not a feed: the document is not RSS, Atom or JSON Feed',
  malformed: 'The feed is broken (not well-formed XML) and could not be read',
} as const;

export const DESCRIPTION_MAX = 2000;
export const HTML_MAX = 100_000;
const TITLE_MAX = 1000;

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const first = (...vals: unknown[]): string => {
  for (const v of vals) if (str(v).trim()) return str(v).trim();
  return '';
};

/** Parses a fetched feed. Throws `FeedParseError` (and nothing else) when it cannot. */
export function parseFeed(body: Buffer, ctx: { contentType?: string | null; url: string }): ParsedFeed {
  try {
    return parseOrThrow(body, ctx);
  } catch (err) {
    if (err instanceof FeedParseError) throw err;
    throw new FeedParseError(FEED_PARSE_MESSAGES.malformed, { cause: err });
  }
}

function parseOrThrow(body: Buffer, ctx: { contentType?: string | null; url: string }): ParsedFeed {
  const text = stripDoctype(decodeText(body, ctx.contentType).replace(/^\uFEFF/, ''));
  const trimmed = text.trimStart();
  if (!trimmed) throw new FeedParseError(FEED_PARSE_MESSAGES.empty);
  let input: unknown = text;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      input = JSON.parse(trimmed);
    } catch {
      throw new FeedParseError(FEED_PARSE_MESSAGES.json);
    }
    if (!Array.isArray(obj(input).items) && !/jsonfeed\.org/.test(str(obj(input).version))) throw new FeedParseError(FEED_PARSE_MESSAGES.json);
  } else if (looksLikeHtml(trimmed)) {
    throw new FeedParseError(FEED_PARSE_MESSAGES.html);
  }
  let result: FeedsmithResult;
  try {
    result = parseWithFeedsmith(input as string) as FeedsmithResult;
  } catch (err) {
    if (err instanceof DetectError) throw new FeedParseError(typeof input === 'string' ? FEED_PARSE_MESSAGES.unknown : FEED_PARSE_MESSAGES.json, { cause: err });
    const salvaged = typeof input === 'string' ? salvage(input) : null;
    if (!salvaged) throw new FeedParseError(FEED_PARSE_MESSAGES.malformed, { cause: err });
    result = salvaged;
  }
  const feed = obj(result.feed);
  const raw = result.format === 'atom' ? fromAtom(feed, ctx.url) : result.format === 'json' ? fromJson(feed, ctx.url) : fromRss(feed, ctx.url);
  return finish(raw);
}

type FeedsmithResult = { format: string; feed: unknown };

/**
 * The lenient second pass (as long-lived crawlers do): a feed cut in transfer or broken in one
 * item keeps its complete items. The head and the items found are parsed again; when that fails
 * too, each item is tried alone (within a work bound) and the ones that parse are kept.
 */
function salvage(text: string): FeedsmithResult | null {
  const found = salvageItems(text);
  if (!found) return null;
  const attempt = (items: string[]): FeedsmithResult | null => {
    try {
      const result = parseWithFeedsmith(found.head + items.join('') + found.tail) as FeedsmithResult;
      const feed = obj(result.feed);
      return arr(feed.items ?? feed.entries).length ? result : null;
    } catch {
      return null;
    }
  };
  const all = attempt(found.items);
  if (all || found.items.length === 1 || found.head.length * found.items.length > 20_000_000) return all;
  return attempt(found.items.filter((item) => attempt([item])));
}

function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096);
  if (/<(?:[\w-]+:)?(?:rss|feed|RDF)[\s>]/.test(head)) return false;
  return startsWithHtmlElement(text) || /<(?:html|head|body)[\s>]/i.test(head);
}

// ---------------------------------------------------------------- format adapters

interface RawItem {
  links: string[]; // candidates, best first, absolute
  guid: string;
  title: string;
  summaryHtml: string;
  contentHtml: string;
  plainText: string;
  author: string;
  date: string;
  language: string;
  image: string;
}
interface RawFeed extends Omit<ParsedFeed, 'items' | 'skipped'> {
  items: RawItem[];
}

function fromRss(feed: Node, feedUrl: string): RawFeed {
  const link = resolveUrl(first(feed.link), feedUrl);
  const base = link ?? feedUrl;
  const atomLinks = arr(obj(feed.atom).links).map(obj);
  const sy = obj(feed.sy);
  const items = arr(feed.items).map(obj).map((it): RawItem => {
    const guid = obj(it.guid);
    const guidValue = first(guid.value, it.guid);
    const permalink = guid.isPermaLink !== false && /^https?:/i.test(guidValue) ? guidValue : '';
    const atomAlt = arr(obj(it.atom).links).map(obj).filter((l) => !l.rel || l.rel === 'alternate').map((l) => str(l.href));
    const rdfAbout = str(obj(it.rdf).about);
    return {
      links: cleanLinks([first(it.link), ...atomAlt, permalink, rdfAbout], base),
      guid: guidValue,
      title: htmlToText(first(it.title, obj(it.dc).titles && arr(obj(it.dc).titles)[0])),
      summaryHtml: first(it.description),
      contentHtml: first(obj(it.content).encoded),
      plainText: '',
      author: first(...arr(it.authors).map((a) => first(obj(a).name, a)), ...arr(obj(it.dc).creators)),
      date: first(it.pubDate, ...arr(obj(it.dc).dates), ...dctermsDates(it), obj(it.atom).published, obj(it.atom).updated),
      language: first(...arr(obj(it.dc).languages)),
      image: rssImage(it, base),
    };
  });
  return {
    title: htmlToText(first(feed.title)),
    link,
    language: toIso6391(first(feed.language, ...arr(obj(feed.dc).languages))),
    hubUrl: relLink(atomLinks, 'hub', feedUrl),
    selfUrl: relLink(atomLinks, 'self', feedUrl),
    ttlMinutes: positiveInt(feed.ttl) ?? syndicationMinutes(str(sy.updatePeriod), sy.updateFrequency),
    items,
  };
}

/** dcterms:issued, created and modified (feedsmith gives arrays), publication dates first. */
function dctermsDates(it: Node): unknown[] {
  const dcterms = obj(it.dcterms);
  return [...arr(dcterms.issued), ...arr(dcterms.created), ...arr(dcterms.date), ...arr(dcterms.modified)];
}

function rssImage(it: Node, base: string): string {
  const media = obj(it.media);
  const groups = arr(media.groups).map(obj);
  const candidates = [
    ...arr(media.thumbnails).map((t) => str(obj(t).url)),
    ...[media, ...groups].flatMap((m) => arr(m.contents).map(obj)).filter((c) => !c.type || /^image\//.test(str(c.type)) || c.medium === 'image').map((c) => str(c.url)),
    ...arr(it.enclosures).map(obj).filter((e) => /^image\//.test(str(e.type))).map((e) => str(e.url)),
    ...arr(obj(it.enclosure)).filter((e) => /^image\//.test(str(obj(e).type))).map((e) => str(obj(e).url)),
    str(obj(obj(it.itunes).image).href ?? obj(it.itunes).image),
  ];
  return cleanLinks(candidates, base)[0] ?? '';
}

function fromAtom(feed: Node, feedUrl: string): RawFeed {
  const feedBase = resolveUrl(str(obj(feed.xml).base), feedUrl) ?? feedUrl;
  const links = arr(feed.links).map(obj);
  const feedLang = first(obj(feed.xml).lang);
  const items = arr(feed.entries).map(obj).map((e): RawItem => {
    const base = resolveUrl(str(obj(e.xml).base), feedBase) ?? feedBase;
    const entryLinks = arr(e.links).map(obj);
    const alternates = entryLinks.filter((l) => !l.rel || l.rel === 'alternate').sort((a, b) => htmlFirst(a) - htmlFirst(b));
    const content = obj(e.content);
    const summary = obj(e.summary);
    const enclosures = entryLinks.filter((l) => l.rel === 'enclosure' && /^image\//.test(str(l.type))).map((l) => str(l.href));
    const thumbs = arr(obj(e.media).thumbnails).map((t) => str(obj(t).url));
    return {
      links: cleanLinks(alternates.map((l) => str(l.href)), base),
      guid: first(e.id),
      title: textConstruct(obj(e.title)),
      summaryHtml: isHtmlType(summary.type) ? str(summary.value) : '',
      contentHtml: isHtmlType(content.type) ? str(content.value) : '',
      plainText: first(isHtmlType(summary.type) ? '' : summary.value, !content.type || isTextType(content.type) ? content.value : ''),
      author: first(...arr(e.authors).map((a) => obj(a).name), ...arr(feed.authors).map((a) => obj(a).name)),
      date: first(e.published, e.updated, ...arr(obj(e.dc).dates), ...dctermsDates(e)),
      language: first(obj(e.xml).lang, feedLang),
      image: cleanLinks([...enclosures, ...thumbs], base)[0] ?? '',
    };
  });
  return {
    title: textConstruct(obj(feed.title)),
    link: resolveUrl(str(links.find((l) => !l.rel || l.rel === 'alternate')?.href), feedBase),
    language: toIso6391(feedLang),
    hubUrl: relLink(links, 'hub', feedBase),
    selfUrl: relLink(links, 'self', feedBase),
    ttlMinutes: null,
    items,
  };
}

const htmlFirst = (l: Node) => (!l.type || /html/.test(str(l.type)) ? 0 : 1);

/**
 * Atom 1.0 says `html`/`xhtml`; Atom 0.3 used MIME types (`text/html`, `application/xhtml+xml`,
 * often with mode="escaped"). Either way the value is markup, to be reduced to text.
 */
const isHtmlType = (type: unknown) => /^(?:x?html|text\/html|application\/xhtml\+xml)$/i.test(str(type).trim());
const isTextType = (type: unknown) => /^(?:text|text\/plain)$/i.test(str(type).trim());

function textConstruct(t: Node): string {
  const value = str(t.value);
  return isHtmlType(t.type) ? htmlToText(value) : collapse(value);
}

function fromJson(feed: Node, feedUrl: string): RawFeed {
  const link = resolveUrl(str(feed.home_page_url), feedUrl);
  const feedLang = str(feed.language);
  const feedAuthor = first(...arr(feed.authors).map((a) => obj(a).name), obj(feed.author).name);
  const items = arr(feed.items).map(obj).map((it): RawItem => ({
    links: cleanLinks([str(it.url), str(it.external_url), /^https?:/i.test(str(it.id)) ? str(it.id) : ''], link ?? feedUrl),
    guid: first(it.id),
    title: collapse(str(it.title)),
    summaryHtml: '',
    contentHtml: str(it.content_html),
    plainText: first(it.summary, it.content_text),
    author: first(...arr(it.authors).map((a) => obj(a).name), obj(it.author).name, feedAuthor),
    date: first(it.date_published, it.date_modified),
    language: first(it.language, feedLang),
    image: cleanLinks([str(it.image), str(it.banner_image)], link ?? feedUrl)[0] ?? '',
  }));
  const hubs = arr(feed.hubs).map(obj);
  const hub = hubs.find((h) => /websub|pubsubhubbub/i.test(str(h.type))) ?? hubs[0];
  return {
    title: collapse(str(feed.title)),
    link,
    language: toIso6391(feedLang),
    hubUrl: hub ? resolveUrl(str(hub.url), feedUrl) : null,
    selfUrl: resolveUrl(str(feed.feed_url), feedUrl),
    ttlMinutes: null,
    items,
  };
}

// ---------------------------------------------------------------- normalisation

function finish(raw: RawFeed): ParsedFeed {
  const items: FeedItem[] = [];
  const seen = new Map<string, string>(); // guid → url of the first item that used it
  const seenPairs = new Set<string>();
  let skipped = 0;
  for (const r of raw.items) {
    const url = r.links[0];
    if (!url) {
      skipped++;
      continue;
    }
    let guid = r.guid.slice(0, 2000) || url;
    const pair = `${guid}\n${url}`;
    if (seenPairs.has(pair)) {
      skipped++;
      continue;
    }
    seenPairs.add(pair);
    // The same guid on a different article (miniflux#4197): keep both, told apart by URL.
    if (seen.has(guid) && seen.get(guid) !== url) guid = `${guid}|${url}`;
    else seen.set(guid, url);
    const html = (r.contentHtml || r.summaryHtml).trim();
    // Plain-text fields often carry HTML anyway (JSON Feed summaries, RSS 0.9x), so they get the same treatment.
    const text = htmlToText(r.summaryHtml) || htmlToText(r.plainText) || htmlToText(r.contentHtml);
    items.push({
      url,
      guid,
      title: r.title.slice(0, TITLE_MAX),
      description: truncate(text, DESCRIPTION_MAX),
      html: html ? html.slice(0, HTML_MAX) : null,
      author: cleanAuthor(r.author),
      published: parseFeedDate(r.date),
      language: toIso6391(r.language) ?? raw.language,
      image: r.image || firstImage(html) || null,
    });
  }
  return { ...raw, title: raw.title.slice(0, TITLE_MAX), items, skipped };
}

/** Absolute http(s) URL of `href` against `base`, or null (javascript:, mailto:, garbage). */
export function resolveUrl(href: string, base: string): string | null {
  const h = href.trim();
  if (!h) return null;
  try {
    const u = new URL(h, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function cleanLinks(candidates: string[], base: string): string[] {
  const out: string[] = [];
  for (const c of candidates) {
    const abs = resolveUrl(c, base);
    if (abs) out.push(unwrapGoogleRedirect(abs));
  }
  return out;
}

/** Google Alerts links are `https://www.google.com/url?…&url=<the article>`; we want the article. */
export function unwrapGoogleRedirect(url: string): string {
  const u = new URL(url);
  if (!/^(?:www\.)?google\.[a-z.]+$/.test(u.hostname) || u.pathname !== '/url') return url;
  const target = u.searchParams.get('url') ?? u.searchParams.get('q');
  return (target && resolveUrl(target, url)) || url;
}

function relLink(links: Node[], rel: string, base: string): string | null {
  const l = links.find((x) => str(x.rel).toLowerCase() === rel);
  return l ? resolveUrl(str(l.href), base) : null;
}

function positiveInt(v: unknown): number | null {
  const n = Number(str(v).trim());
  return Number.isInteger(n) && n > 0 && n < 525_600 ? n : null;
}

function syndicationMinutes(period: string, frequency: unknown): number | null {
  const minutes: Record<string, number> = { hourly: 60, daily: 1440, weekly: 10080, monthly: 43200, yearly: 525600 };
  const per = minutes[period.trim().toLowerCase()];
  if (!per) return null;
  const freq = positiveInt(frequency) ?? 1;
  return Math.max(1, Math.round(per / freq));
}

function cleanAuthor(raw: string): string | null {
  // RSS <author> is "email (Name)"; keep the name.
  const m = raw.match(/^[^\s@]+@[^\s(]+\s*\((.+)\)$/);
  const name = collapse(htmlToText(m ? m[1] : raw));
  return name ? name.slice(0, 200) : null;
}

function firstImage(html: string): string {
  const m = html.slice(0, HTML_MAX).match(/<img\b[^>]+?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/i);
  return m ? decodeEntities(m[1]) : '';
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}
