import { articleSearchText, tokenize } from '../../../common/query/tokenize.js';
import { indexTokens } from '../../../common/query/match.js';
import { toTsvectorLiteral } from '../../../common/query/postgres.js';
import type { IndexedDocument } from '../../../common/query/types.js';
import { FEED_TYPES } from '../../../common/schemas/websites.js';
import { canonicalUrl, domainOf } from '../../../common/url.js';
import { urlKey } from '../../net/url-key.js';
import { detectLanguage, toIso6391 } from '../../net/language.js';
import { TimeSlicer } from '../../net/time-slice.js';
import type { StoryFingerprint } from '../stories/service.js';
import { CAPS, clean } from './item-text.js';

/**
 * Turns parsed feed items into archive rows: canonical URL and its key, trimmed and capped
 * text (PostgreSQL refuses NUL characters), a language, a publication date, the website's
 * score, and the search vector built by the same tokenizer the alert matcher uses.
 */

/** A feed item as parse-feed.ts produces it (contract §1 `FeedItem`). */
export interface IngestItem {
  url: string;
  guid?: string | null;
  title: string | null;
  description: string | null;
  html?: string | null;
  author?: string | null;
  published: Date | null;
  language?: string | null;
  image?: string | null;
  /** The story fingerprint, when the parse thread made it (storyOfItem): off the ingest's event loop. */
  story?: StoryFingerprint;
}

export interface IngestWebsite {
  id: number;
  domain?: string;
  language: string;
  reach: number;
  muv: number | null;
  isMetacritic: boolean;
}

export interface IngestFeed {
  id: number | null;
  /** FEED_TYPES: RSS/Atom/JSON Feed and news sitemaps (articles belong to the feed's website), Google Alerts (any website). */
  type?: number;
  language: string | null;
  website: IngestWebsite | null;
}

export interface NormalizedArticle {
  urlKey: string;
  url: string;
  fullUrl: string;
  title: string;
  description: string;
  html: string | null;
  author: string | null;
  image: string | null;
  language: string;
  pubDate: Date;
  websiteId: number | null;
  reach: number;
  muv: number | null;
  isMetacritic: boolean;
  search: string;
  doc: IndexedDocument;
  story?: StoryFingerprint;
}

/** franc's cost grows with the text (about 1 ms for 500 characters); a headline and the start of the summary are enough. */
const DETECT_CHARS = 300;
/** Dates before this are feed bugs (epoch zero, year 1); such items get their first-seen time. */
const EARLIEST = Date.UTC(1995, 0, 1);
/** A little clock skew is normal; dates further in the future are scheduled or wrong. */
const FUTURE_SKEW_MS = 10 * 60_000;

function httpUrl(value: string | null | undefined): string | null {
  const s = clean(value, CAPS.image);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The publication date: the item's when plausible, otherwise the time we first saw it. */
export function publicationDate(published: Date | null | undefined, now: Date): Date {
  const t = published instanceof Date ? published.getTime() : NaN;
  if (Number.isNaN(t) || t < EARLIEST || t > now.getTime() + FUTURE_SKEW_MS) return now;
  return new Date(t);
}

/**
 * Normalizes items for `feed` (Google Alerts items are attributed to the website of their own
 * domain, looked up in `websitesByDomain`). Items without an http(s) URL are dropped; an
 * article seen twice in the batch is kept once. Language detection costs up to ~0.4 ms an item,
 * so a large batch yields to the event loop between time slices.
 */
export async function normalizeItems(
  feed: IngestFeed,
  items: IngestItem[],
  now: Date,
  websitesByDomain: Map<string, IngestWebsite> = new Map(),
  slicer = new TimeSlicer(),
): Promise<{ articles: NormalizedArticle[]; invalid: number }> {
  const seen = new Set<string>();
  const articles: NormalizedArticle[] = [];
  let invalid = 0;
  for (const item of items) {
    await slicer.pause();
    const fullUrl = clean(item.url, CAPS.url);
    let url: string;
    try {
      if (!fullUrl) throw new Error('no url');
      url = canonicalUrl(fullUrl);
    } catch {
      invalid++;
      continue;
    }
    const key = urlKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    const website = feed.type === FEED_TYPES.googleAlerts ? (websitesByDomain.get(domainOf(url)) ?? null) : feed.website;
    const title = clean(item.title, CAPS.title) ?? '';
    const description = clean(item.description, CAPS.description) ?? '';
    const tokens = tokenize(articleSearchText(title, description));
    const declared = toIso6391(item.language) ?? toIso6391(feed.language) ?? (website && website.language !== 'unknown' ? toIso6391(website.language) : null);
    articles.push({
      urlKey: key,
      url,
      fullUrl: fullUrl!,
      title,
      description,
      html: clean(item.html, CAPS.html),
      author: clean(item.author, CAPS.author),
      image: httpUrl(item.image),
      language: declared ?? detectLanguage(`${title}\n${description.slice(0, DETECT_CHARS)}`),
      pubDate: publicationDate(item.published, now),
      websiteId: website?.id ?? null,
      reach: website?.reach ?? 0.1,
      muv: website?.muv ?? null,
      isMetacritic: website?.isMetacritic ?? false,
      search: toTsvectorLiteral(tokens),
      doc: indexTokens(tokens),
      story: item.story,
    });
  }
  return { articles, invalid };
}
