import { toIso6391 } from '../../net/language.js';
import { htmlToText, collapseWhitespace as collapse } from '../../net/html-text.js';
import type { ParsedFeed } from './parse-feed.js';
import { decodeBase64Text } from './xml-scan.js';

/**
 * The format adapters of parseFeed: feedsmith's RSS, Atom and JSON Feed objects → one raw shape
 * (links resolved and cleaned, text constructs read by their type, dates as given). parse-feed.ts
 * turns that shape into `ParsedFeed` (dedup, text versions, truncation, dates parsed).
 */

export type Node = Record<string, unknown>;
export const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const first = (...vals: unknown[]): string => {
  for (const v of vals) if (str(v).trim()) return str(v).trim();
  return '';
};

// ---------------------------------------------------------------- format adapters

export interface RawItem {
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
export interface RawFeed extends Omit<ParsedFeed, 'items' | 'skipped'> {
  items: RawItem[];
}

export function fromRss(feed: Node, feedUrl: string): RawFeed {
  const link = resolveUrl(first(feed.link), feedUrl);
  const base = link ?? feedUrl;
  const atomLinks = arr(obj(feed.atom).links).map(obj);
  const sy = obj(feed.sy);
  const items = arr(feed.items)
    .map(obj)
    .map((it): RawItem => {
      const guid = obj(it.guid);
      const guidValue = first(guid.value, it.guid);
      const permalink = guid.isPermaLink !== false && /^https?:/i.test(guidValue) ? guidValue : '';
      const atomAlt = arr(obj(it.atom).links)
        .map(obj)
        .filter((l) => !l.rel || l.rel === 'alternate')
        .map((l) => str(l.href));
      const rdfAbout = str(obj(it.rdf).about);
      return {
        links: cleanLinks([first(it.link), ...atomAlt, permalink, rdfAbout], base),
        guid: guidValue,
        title: htmlToText(first(it.title, obj(it.dc).titles && arr(obj(it.dc).titles)[0])),
        summaryHtml: first(it.description),
        contentHtml: first(obj(it.content).encoded),
        // A podcast's episode often says what it is only in itunes:summary (plain text).
        plainText: first(obj(it.itunes).summary),
        author: first(...arr(it.authors).map((a) => first(obj(a).name, a)), ...arr(obj(it.dc).creators)),
        date: first(it.pubDate, ...arr(obj(it.dc).dates), ...dctermsDates(it), obj(it.atom).published, obj(it.atom).updated),
        // The item's own xml:lang; the channel's language (and the feed's xml:lang) is parse-feed's fallback.
        language: first(...arr(obj(it.dc).languages), obj(it.xml).lang),
        image: rssImage(it, base),
      };
    });
  return {
    title: htmlToText(first(feed.title)),
    link,
    language: toIso6391(first(feed.language, ...arr(obj(feed.dc).languages), obj(feed.xml).lang)),
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
    ...[media, ...groups]
      .flatMap((m) => arr(m.contents).map(obj))
      .filter((c) => !c.type || /^image\//.test(str(c.type)) || c.medium === 'image')
      .map((c) => str(c.url)),
    ...arr(it.enclosures)
      .map(obj)
      .filter((e) => /^image\//.test(str(e.type)))
      .map((e) => str(e.url)),
    ...arr(obj(it.enclosure))
      .filter((e) => /^image\//.test(str(obj(e).type)))
      .map((e) => str(obj(e).url)),
    str(obj(obj(it.itunes).image).href ?? obj(it.itunes).image),
  ];
  return cleanLinks(candidates, base)[0] ?? '';
}

export function fromAtom(feed: Node, feedUrl: string): RawFeed {
  const feedBase = resolveUrl(str(obj(feed.xml).base), feedUrl) ?? feedUrl;
  const links = arr(feed.links).map(obj);
  const feedLang = first(obj(feed.xml).lang);
  const items = arr(feed.entries)
    .map(obj)
    .map((e): RawItem => {
      const base = resolveUrl(str(obj(e.xml).base), feedBase) ?? feedBase;
      const entryLinks = arr(e.links).map(obj);
      const alternates = entryLinks.filter((l) => !l.rel || l.rel === 'alternate').sort((a, b) => htmlFirst(a) - htmlFirst(b));
      const content = obj(e.content);
      const summary = obj(e.summary);
      const enclosures = entryLinks.filter((l) => l.rel === 'enclosure' && /^image\//.test(str(l.type))).map((l) => str(l.href));
      const thumbs = arr(obj(e.media).thumbnails).map((t) => str(obj(t).url));
      return {
        // An entry whose id is its http(s) address and that has no link is still an article (as RSS guids and JSON Feed ids).
        links: cleanLinks([...alternates.map((l) => str(l.href)), /^https?:/i.test(first(e.id)) ? first(e.id) : ''], base),
        guid: first(e.id),
        title: textConstruct(obj(e.title)) || htmlToText(first(...arr(obj(e.dc).titles))),
        summaryHtml: isHtmlType(summary.type) ? str(summary.value) : '',
        contentHtml: isHtmlType(content.type) ? str(content.value) : '',
        plainText: first(
          isHtmlType(summary.type) ? '' : summary.value,
          obj(e.itunes).summary,
          !content.type || isTextType(content.type) ? content.value : '',
          isBase64Type(content.type) ? decodeBase64Text(str(content.value)) : '',
        ),
        author: first(...arr(e.authors).map((a) => obj(a).name), ...arr(obj(e.dc).creators), ...arr(feed.authors).map((a) => obj(a).name)),
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
/**
 * RFC 4287 §4.1.3.3: content whose type is a MIME type that is neither XML (`*\/xml`, `*+xml`)
 * nor text (`text/*`) is base64 (what it holds is kept when it decodes to text).
 */
const isBase64Type = (type: unknown) => /^[\w.+-]+\/[\w.+-]+$/.test(str(type).trim()) && !/^text\/|[/+]xml$/i.test(str(type).trim());

function textConstruct(t: Node): string {
  const value = str(t.value);
  return isHtmlType(t.type) ? htmlToText(value) : collapse(value);
}

export function fromJson(feed: Node, feedUrl: string): RawFeed {
  const link = resolveUrl(str(feed.home_page_url), feedUrl);
  const feedLang = str(feed.language);
  const feedAuthor = first(...arr(feed.authors).map((a) => obj(a).name), obj(feed.author).name);
  const items = arr(feed.items)
    .map(obj)
    .map((it): RawItem => ({
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

// ---------------------------------------------------------------- links

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
