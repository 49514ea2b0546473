/**
 * OPML 2.0 (http://opml.org/spec2.opml) export and import of every website's feeds.
 * Export groups feeds under one outline per website; import accepts any nesting.
 */
import { XMLParser } from 'fast-xml-parser';
import { isKnownLanguage } from '../../../common/reference.js';
import { domainOf, normalizeUserUrl } from '../../../common/url.js';
import { MSG } from '../../../common/messages.js';
import { FEED_TYPES, type FeedType } from '../../../common/schemas/websites.js';
import type { OpmlFeedRow } from './feeds-repo.js';

export const OPML_MAX_OUTLINES = 5000;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

// Control characters are not allowed in XML 1.0 at all, even escaped.
const stripControl = (s: string) =>
  [...s]
    .filter((c) => {
      const n = c.charCodeAt(0);
      return n >= 0x20 || n === 0x09 || n === 0x0a || n === 0x0d;
    })
    .join('');

const attr = (name: string, value: string | null | undefined) => (value ? ` ${name}="${escapeXml(stripControl(value))}"` : '');

/** The OPML document as text chunks: head, then one outline group per website, then the end. */
export async function* opmlChunks(batches: AsyncIterable<OpmlFeedRow[]>, now = new Date()): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n<head>\n<title>Coverwatch feeds</title>\n<dateCreated>${now.toUTCString()}</dateCreated>\n</head>\n<body>\n`;
  let open: number | null = null;
  for await (const rows of batches) {
    let out = '';
    for (const r of rows) {
      if (open !== r.websiteId) {
        if (open !== null) out += '</outline>\n';
        out += `<outline${attr('text', r.domain)}${attr('title', r.websiteName ?? r.domain)}${attr('language', r.websiteLanguage)}${attr('category', r.mediatype)}>\n`;
        open = r.websiteId;
      }
      out += `  <outline type="rss"${attr('text', r.title ?? r.feed)}${attr('xmlUrl', r.feed)}${attr('htmlUrl', `https://${r.domain}/`)}${attr('language', r.language ?? r.websiteLanguage)}${attr('category', r.mediatype)}/>\n`;
    }
    yield out;
  }
  if (open !== null) yield '</outline>\n';
  yield '</body>\n</opml>\n';
}

export interface OpmlEntry {
  feed: string;
  domain: string;
  /** The feed's own language (its outline's, else its folder's). */
  language: string;
  /** For a new website: the enclosing folder's language (the export's website outline), else the feed's. */
  websiteLanguage: string;
  title: string | null;
  type: FeedType;
}

export type OpmlParse =
  { ok: true; entries: OpmlEntry[]; invalid: { url: string; reason: string }[] } | { ok: false; reason: 'invalid' | 'too_large'; message: string };

type Outline = Record<string, unknown> & { outline?: Outline[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'outline',
  // Only the five XML entities; a document's own entities are never expanded (DOCTYPE is cut).
  processEntities: true,
  htmlEntities: false,
  parseAttributeValue: false,
  trimValues: true,
});

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const known = (lang: string) => (isKnownLanguage(lang) ? lang : 'unknown');

/** Google Alerts feeds are Atom with wrapped links: the crawler handles them as their own type. */
function feedType(url: string): FeedType {
  const u = new URL(url);
  return /(^|\.)google\.[a-z.]+$/.test(u.hostname) && u.pathname.startsWith('/alerts/feeds/') ? FEED_TYPES.googleAlerts : FEED_TYPES.feed;
}

/**
 * Reads an OPML document into feed entries. Outlines nest freely; one with an `xmlUrl` is a
 * feed, the others are folders. The website of a feed is the domain of its `htmlUrl`, else of
 * the feed itself. Bad addresses are reported, not fatal; more than 5,000 outlines are refused.
 */
export function parseOpml(text: string): OpmlParse {
  const cleaned = text.replace(/^\uFEFF/, '').replace(/<!DOCTYPE[^>[]*(?:\[[^\]]*\][^>]*)?>/gi, '');
  let doc: { opml?: { body?: { outline?: Outline[] } } };
  try {
    doc = parser.parse(cleaned, true) as typeof doc;
  } catch {
    return { ok: false, reason: 'invalid', message: MSG.websites.opmlInvalid };
  }
  if (!doc?.opml || typeof doc.opml !== 'object') return { ok: false, reason: 'invalid', message: MSG.websites.opmlInvalid };
  const entries: OpmlEntry[] = [];
  const invalid: { url: string; reason: string }[] = [];
  let seen = 0;
  const stack: { outlines: Outline[]; language: string }[] = [{ outlines: doc.opml.body?.outline ?? [], language: '' }];
  while (stack.length) {
    const { outlines, language: inherited } = stack.pop()!;
    for (const o of outlines) {
      if (++seen > OPML_MAX_OUTLINES) return { ok: false, reason: 'too_large', message: MSG.websites.opmlTooLarge };
      const lang = str(o.language).toLowerCase().split(/[-_]/)[0] || inherited;
      const xmlUrl = str(o.xmlUrl);
      if (xmlUrl) {
        const feed = normalizeUserUrl(xmlUrl);
        if (!feed) {
          invalid.push({ url: xmlUrl, reason: MSG.websites.invalidFeed });
        } else {
          const html = normalizeUserUrl(str(o.htmlUrl));
          const title = str(o.title) || str(o.text);
          entries.push({
            feed,
            domain: domainOf(html ?? feed),
            language: known(lang),
            websiteLanguage: known(inherited || lang),
            title: title && title !== xmlUrl ? title : null,
            type: feedType(feed),
          });
        }
      }
      if (Array.isArray(o.outline) && o.outline.length) stack.push({ outlines: o.outline, language: lang });
    }
  }
  return { ok: true, entries, invalid };
}
