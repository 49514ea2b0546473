import type { StoryFingerprint } from '../stories/service.js';
import { parseFeed as parseWithFeedsmith, DetectError } from 'feedsmith';
import { decodeText } from '../../net/charset.js';
import { toIso6391 } from '../../net/language.js';
import { htmlToText, decodeEntities, collapseWhitespace as collapse } from '../../net/html-text.js';
import { parseFeedDate } from '../../net/dates.js';
import { XMLValidator } from 'fast-xml-parser';
import { boundPersonFields, decodeBase64Elements, stripDoctype, startsWithHtmlElement, salvageItems } from './xml-scan.js';
import { arr, fromAtom, fromJson, fromRss, obj, str, type RawFeed } from './feed-formats.js';

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
  /** The story fingerprint, added by the parse thread (item-text.ts storyOfItem). */
  story?: StoryFingerprint;
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
  /** Well-formed XML that names a feed format but holds no channel or item we can read. */
  unreadable: 'The feed is well-formed but holds no items or channel we can read',
} as const;

export const DESCRIPTION_MAX = 2000;
export const HTML_MAX = 100_000;
const TITLE_MAX = 1000;

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
  let input: unknown;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      input = JSON.parse(trimmed);
    } catch {
      throw new FeedParseError(FEED_PARSE_MESSAGES.json);
    }
    if (!Array.isArray(obj(input).items) && !/jsonfeed\.org/.test(str(obj(input).version))) throw new FeedParseError(FEED_PARSE_MESSAGES.json);
  } else if (looksLikeHtml(trimmed)) {
    throw new FeedParseError(FEED_PARSE_MESSAGES.html);
  } else {
    // What the library would read slowly (person fields) or not at all (Atom 0.3 base64), made plain first: each a linear pass.
    input = boundPersonFields(decodeBase64Elements(text));
  }
  let result: FeedsmithResult;
  try {
    result = parseWithFeedsmith(input as string) as FeedsmithResult;
  } catch (err) {
    if (err instanceof DetectError)
      throw new FeedParseError(typeof input === 'string' ? FEED_PARSE_MESSAGES.unknown : FEED_PARSE_MESSAGES.json, { cause: err });
    const salvaged = typeof input === 'string' ? salvage(input) : null;
    if (!salvaged) {
      // Say what is true: broken XML, or well-formed XML in which nothing is recognised.
      const wellFormed = typeof input === 'string' && XMLValidator.validate(input) === true;
      throw new FeedParseError(wellFormed ? FEED_PARSE_MESSAGES.unreadable : FEED_PARSE_MESSAGES.malformed, { cause: err });
    }
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

function cleanAuthor(raw: string): string | null {
  // RSS <author> is "email (Name)", and often written "Name (email)": keep the name either way.
  const bounded = raw.slice(0, 1000);
  const m = bounded.match(/^[^\s@()]+@[^\s()]+\s*\(([^()]+)\)$/) ?? bounded.match(/^([^()]*[^\s()])\s*\([^\s@()]+@[^\s()]+\)$/);
  const name = collapse(htmlToText(m ? m[1] : bounded));
  return name ? name.slice(0, 200) : null;
}

/**
 * The first <img> with an http(s) src. Each tag is looked at once, from its `<img` to its `>`
 * (a regex over the whole text backtracked over every `<img` without a `>`: quadratic).
 */
function firstImage(html: string): string {
  const text = html.slice(0, HTML_MAX);
  const open = /<img\b/gi;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const end = text.indexOf('>', m.index);
    if (end < 0) return '';
    const src = /\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/i.exec(text.slice(m.index, end));
    if (src) return decodeEntities(src[1]);
    open.lastIndex = end;
  }
  return '';
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}
