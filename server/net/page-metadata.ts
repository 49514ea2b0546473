/**
 * Page metadata read from the markup itself (Open Graph, Twitter cards, JSON-LD, `<time>`,
 * `<html lang>`), before Readability rewrites the document. Publishers fill these for link
 * previews, so they are more reliable than anything guessed from the body text.
 */

import { toIso6391 } from './language.js';

/** The subset of the DOM we read (linkedom's document satisfies it). */
type Doc = Pick<Document, 'querySelector' | 'querySelectorAll' | 'documentElement' | 'title'>;

export const collapse = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The first non-empty `content` of `<meta property|name|itemprop=…>` among `keys`, in order. */
export function metaContent(doc: Doc, keys: string[]): string | null {
  const found = new Map<string, string>();
  for (const el of doc.querySelectorAll('meta')) {
    const content = collapse(el.getAttribute('content'));
    if (!content) continue;
    for (const attr of ['property', 'name', 'itemprop']) {
      const key = el.getAttribute(attr)?.trim().toLowerCase();
      if (key && !found.has(key)) found.set(key, content);
    }
  }
  for (const k of keys) {
    const v = found.get(k.toLowerCase());
    if (v) return v;
  }
  return null;
}

/** Every object of the page's JSON-LD blocks, `@graph` and arrays flattened. */
export function jsonLdObjects(doc: Doc): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    out.push(o);
    if (o['@graph']) walk(o['@graph'], depth + 1);
    if (o.mainEntity) walk(o.mainEntity, depth + 1);
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      walk(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // Broken JSON-LD is common; the other sources still apply.
    }
  }
  return out;
}

// A publication date outside this window is a placeholder or a typo, not a date.
const EARLIEST = Date.UTC(1990, 0, 1);
const FUTURE_SLACK_MS = 2 * 86400_000;

/** A date string as a Date, or null when it is not a plausible publication date. */
export function plausibleDate(value: unknown, now = Date.now()): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const t = Date.parse(value.trim());
  if (Number.isNaN(t) || t < EARLIEST || t > now + FUTURE_SLACK_MS) return null;
  return new Date(t);
}

/**
 * The publication date. Order: the explicit publication fields (`article:published_time`,
 * JSON-LD `datePublished`, `<meta name=date|pubdate|…>`), then the update time and the first
 * `<time datetime>`, which on many pages is the publication date but may be a later edit.
 */
export function publishedAt(doc: Doc, ld: Record<string, unknown>[], readabilityTime?: string | null): Date | null {
  const candidates: unknown[] = [
    metaContent(doc, ['article:published_time', 'og:published_time', 'datepublished']),
    ...ld.map((o) => o.datePublished),
    metaContent(doc, ['date', 'pubdate', 'publishdate', 'publish-date', 'dc.date.issued', 'dc.date', 'sailthru.date', 'parsely-pub-date']),
    readabilityTime,
    metaContent(doc, ['og:updated_time', 'article:modified_time']),
    ...ld.map((o) => o.dateCreated ?? o.dateModified),
    doc.querySelector('time[datetime]')?.getAttribute('datetime'),
  ];
  for (const c of candidates) {
    const d = plausibleDate(c);
    if (d) return d;
  }
  return null;
}

/** An absolute http(s) URL for `value` relative to `base`, or null. */
export function absoluteUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const u = new URL(value.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function ldImage(ld: Record<string, unknown>[]): string | null {
  for (const o of ld) {
    const img = Array.isArray(o.image) ? o.image[0] : o.image;
    if (typeof img === 'string') return img;
    if (img && typeof img === 'object' && typeof (img as { url?: unknown }).url === 'string') return (img as { url: string }).url;
  }
  return null;
}

export function imageOf(doc: Doc, ld: Record<string, unknown>[], base: string): string | null {
  const raw =
    metaContent(doc, ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src']) ??
    doc.querySelector('link[rel="image_src"]')?.getAttribute('href') ??
    ldImage(ld);
  return absoluteUrl(raw, base);
}

export function declaredLanguage(doc: Doc): string | null {
  return toIso6391(doc.documentElement?.getAttribute('lang')) ?? toIso6391(metaContent(doc, ['og:locale', 'content-language', 'language', 'dc.language']));
}

export function titleOf(doc: Doc, ld: Record<string, unknown>[]): string | null {
  const fromLd = ld.map((o) => o.headline).find((h): h is string => typeof h === 'string' && !!h.trim());
  return (
    metaContent(doc, ['og:title', 'twitter:title']) ??
    (collapse(fromLd) || null) ??
    (collapse(doc.querySelector('title')?.textContent) || null) ??
    (collapse(doc.querySelector('h1')?.textContent) || null)
  );
}

export function descriptionOf(doc: Doc): string | null {
  return metaContent(doc, ['og:description', 'twitter:description', 'description']);
}

export function siteNameOf(doc: Doc): string | null {
  return metaContent(doc, ['og:site_name', 'application-name', 'twitter:site']);
}
