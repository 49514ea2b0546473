import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import type { Config } from '../config.js';
import { decodeText } from './charset.js';
import { fetchUrl } from './http-client.js';
import { detectLanguage } from './language.js';
import { collapse, declaredLanguage, descriptionOf, imageOf, jsonLdObjects, publishedAt, siteNameOf, titleOf } from './page-metadata.js';

/** What a web page says about itself: the article preview and the metadata of imported links. */
export interface ExtractedPage {
  /** The final URL after redirects. */
  url: string;
  title: string | null;
  /** The readable text, whitespace collapsed; empty when nothing readable was found. */
  text: string;
  excerpt: string | null;
  image: string | null;
  publishedAt: Date | null;
  /** ISO 639-1 code or `unknown`. */
  language: string;
  siteName: string | null;
}

export interface ExtractDeps {
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler'>;
}

/** The page is not HTML (a PDF, an image, a feed…): there is nothing to read. */
export class NotHtmlError extends Error {
  constructor(readonly contentType: string) {
    super(`The page is not a web page (${contentType || 'unknown type'})`);
    this.name = 'NotHtmlError';
  }
}

export const EXTRACT_TIMEOUT_MS = 15_000;
export const EXTRACT_MAX_BYTES = 5 * 1024 * 1024;
const EXCERPT_MAX = 300;
// Language detection needs a few sentences; more only costs time.
const LANGUAGE_SAMPLE = 2000;

const isHtmlType = (ct: string) => !ct || /\b(html|xhtml|xml|text\/plain)\b/i.test(ct);

/** Reads a fetched HTML document: metadata first, then Readability on a copy of the DOM. */
export function readHtml(html: string, url: string): ExtractedPage {
  const { document } = parseHTML(html);
  const ld = jsonLdObjects(document);
  // Readability rewrites the tree it is given; the metadata above read the untouched one.
  const article = new Readability(document.cloneNode(true) as Document, { charThreshold: 200 }).parse();
  const text = collapse(article?.textContent);
  const title = titleOf(document, ld) ?? (collapse(article?.title) || null);
  const excerpt = (descriptionOf(document) || collapse(article?.excerpt) || text).slice(0, EXCERPT_MAX) || null;
  const language = declaredLanguage(document) ?? detectLanguage(`${title ?? ''}. ${(text || excerpt || '').slice(0, LANGUAGE_SAMPLE)}`);
  return {
    url,
    title,
    text,
    excerpt,
    image: imageOf(document, ld, url),
    publishedAt: publishedAt(document, ld, article?.publishedTime),
    language: language || 'unknown',
    siteName: siteNameOf(document) ?? (collapse(article?.siteName) || null),
  };
}

/**
 * Fetches a page through the SSRF-guarded client and reads its title, text, excerpt, image,
 * publication date, language and site name. Throws `FetchError` when the page cannot be
 * fetched and `NotHtmlError` when it is not a web page.
 */
export async function extractPage(deps: ExtractDeps, url: string, opts: { timeoutMs?: number } = {}): Promise<ExtractedPage> {
  const res = await fetchUrl(url, {
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    timeoutMs: opts.timeoutMs ?? EXTRACT_TIMEOUT_MS,
    maxBytes: EXTRACT_MAX_BYTES,
    allowPrivate: deps.config.allowPrivateNetwork,
    userAgent: deps.config.crawler.userAgent,
    hostConcurrency: deps.config.crawler.hostConcurrency,
  });
  const contentType = res.headers['content-type'] ?? '';
  if (!isHtmlType(contentType)) throw new NotHtmlError(contentType.split(';')[0]);
  return readHtml(decodeText(res.body, contentType), res.url || url);
}
