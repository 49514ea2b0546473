import type { Config } from '../../config.js';
import { getBrowser, newGuardedContext, type BrowserLog } from '../../net/browser.js';
import { decodeText } from '../../net/charset.js';
import { fetchUrl, type FetchResult } from '../../net/http-client.js';
import { parseHTML } from 'linkedom';
import { imageOf, jsonLdObjects } from '../../net/page-metadata.js';
import { loadSharp } from '../../net/sharp.js';

/**
 * The picture of a highlighted article, best first: a screenshot of the page in headless
 * Chromium; else the page's preview image (og:image and friends, or the image the feed gave);
 * else nothing (a placeholder, drawn by the UI). Every fetch goes through http-client's SSRF
 * guard, the page's own requests included (net/browser.ts).
 */
export interface CaptureDeps {
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler' | 'browser'>;
  log?: BrowserLog;
}

export interface Capture {
  source: 'screenshot' | 'preview' | 'placeholder';
  jpeg: Buffer | null;
  /** Why there is no screenshot (the page's fetch error), for the row's `error`. */
  error: string | null;
}

export const SHOT_VIEWPORT = { width: 1280, height: 800 };
export const SHOT_TIMEOUT_MS = 15_000;
export const IMAGE_MAX_WIDTH = 1200;
const JPEG_QUALITY = 70;
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;

/** Any image sharp reads → a JPEG at most IMAGE_MAX_WIDTH wide (and as tall), on white. */
export async function toJpeg(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(IMAGE_MAX_WIDTH, IMAGE_MAX_WIDTH, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

const isHtml = (res: FetchResult) => /\b(html|xhtml)\b/i.test(res.headers['content-type'] ?? 'text/html');

/** The article's picture; never throws for what a web site does (only for programming errors). */
export async function captureArticle(deps: CaptureDeps, url: string, feedImage: string | null): Promise<Capture> {
  const { config } = deps;
  let page: FetchResult | null = null;
  let error: string | null = null;
  try {
    // Through the SSRF guard (private addresses refused unless ALLOW_PRIVATE_NETWORK): Chromium
    // is only pointed at a page this fetch could reach, and is handed this very response.
    page = await fetchUrl(url, {
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      timeoutMs: SHOT_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      allowPrivate: config.allowPrivateNetwork,
      userAgent: config.crawler.userAgent,
      hostConcurrency: config.crawler.hostConcurrency,
    });
  } catch (err) {
    error = (err as Error).message;
  }
  if (page && isHtml(page) && config.browser.screenshotsEnabled) {
    try {
      const shot = await screenshotPage(deps, page);
      if (shot) return { source: 'screenshot', jpeg: await toJpeg(shot), error: null };
      error = 'The page could not be rendered';
    } catch (err) {
      error = `The page could not be rendered: ${(err as Error).message.split('\n')[0]}`;
    }
  }
  const candidates = [page && isHtml(page) ? previewImageOf(page) : null, feedImage];
  for (const image of new Set(candidates.filter((c): c is string => !!c))) {
    const jpeg = await fetchImage(deps, image);
    if (jpeg) return { source: 'preview', jpeg, error };
  }
  return { source: 'placeholder', jpeg: null, error };
}

/** Chromium's view of the page (1280×800, JPEG), or null when Chromium is missing or the page fails. */
async function screenshotPage(deps: CaptureDeps, page: FetchResult): Promise<Buffer | null> {
  const browser = await getBrowser(deps.config.browser.chromiumPath, deps.log);
  if (!browser) return null;
  const deadline = Date.now() + SHOT_TIMEOUT_MS;
  const context = await newGuardedContext(browser, {
    allowPrivate: deps.config.allowPrivateNetwork,
    timeoutMs: SHOT_TIMEOUT_MS,
    viewport: SHOT_VIEWPORT,
    preloaded: { url: page.url, status: page.status, headers: page.headers, body: page.body },
  });
  try {
    const tab = await context.newPage();
    const response = await tab.goto(page.url, { waitUntil: 'domcontentloaded', timeout: SHOT_TIMEOUT_MS });
    if (!response || response.status() >= 400) return null;
    // A page still loading ads and trackers when time is up is shot as it is.
    await tab.waitForLoadState('load', { timeout: Math.max(500, deadline - Date.now()) }).catch(() => {});
    return await tab.screenshot({ type: 'jpeg', quality: 85, timeout: 5000 });
  } finally {
    await context.close().catch(() => {});
  }
}

/** The page's own preview image (Open Graph, Twitter card, JSON-LD), as the extraction reads it. */
function previewImageOf(page: FetchResult): string | null {
  try {
    const { document } = parseHTML(decodeText(page.body, page.headers['content-type']));
    return imageOf(document, jsonLdObjects(document), page.url);
  } catch {
    return null;
  }
}

async function fetchImage(deps: CaptureDeps, url: string): Promise<Buffer | null> {
  try {
    const res = await fetchUrl(url, {
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
      timeoutMs: SHOT_TIMEOUT_MS,
      maxBytes: IMAGE_MAX_BYTES,
      allowPrivate: deps.config.allowPrivateNetwork,
      userAgent: deps.config.crawler.userAgent,
      hostConcurrency: deps.config.crawler.hostConcurrency,
    });
    return await toJpeg(res.body);
  } catch {
    return null;
  }
}
