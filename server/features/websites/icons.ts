import { parseHTML } from 'linkedom';
import type { PgBoss } from 'pg-boss';
import type { Sharp } from 'sharp';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { fetchUrl, type FetchOptions } from '../../net/http-client.js';
import { loadSharp } from '../../net/sharp.js';
import { decodeIco, looksLikeIco } from './ico.js';
import { findIconTarget, recordIconAttempt } from './icons-repo.js';

/**
 * Websites' icons, fetched once on the server and served from our origin
 * (`GET /api/icons/{domain}.png`): a reader's browser would otherwise call every outlet's own
 * site (`https://{domain}/favicon.ico`) — dozens of third-party hosts per page, which tells
 * them what the user reads, and fails offline.
 *
 * A job per website (queue `website-icon`, enqueued when a website is added; a sweep enqueues
 * those never tried and those due again): the home page through the SSRF-guarded client, its
 * `<link rel="icon">` (and apple-touch-icon), else `/favicon.ico`; each candidate size-capped,
 * decoded (sharp for PNG/JPEG/GIF/WebP, our own reader for ICO; SVG is not rendered) and
 * stored as a 64×64 PNG. Failures back off (1 h, 4 h, 16 h … capped at 30 days); icons are
 * refreshed every 30 days.
 */
export const ICON_QUEUE = 'website-icon';
export const ICON_SIZE = 64;
const PAGE_MAX_BYTES = 1024 * 1024;
const ICON_MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_CANDIDATES = 4;
/** Decoding stops on images larger than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 2048 * 2048;
const HOUR_MS = 3600_000;
const REFRESH_MS = 30 * 24 * HOUR_MS;

/** When to try again after `errors` failures in a row: 1 h, 4 h, 16 h, … at most 30 days. */
export function iconRetryDelayMs(errors: number): number {
  return Math.min(HOUR_MS * 4 ** Math.max(0, errors - 1), REFRESH_MS);
}

type IconFetchConfig = Pick<Config, 'allowPrivateNetwork'> & { crawler: Pick<Config['crawler'], 'userAgent'> };

export interface IconDeps {
  db: Db;
  config: IconFetchConfig;
  log?: { warn: (obj: object, msg: string) => void; debug?: (obj: object, msg: string) => void };
}

/** The icon links of a home page, best first: `icon` by declared size (32 px and up preferred), then apple-touch-icon. */
export function iconLinks(html: string, pageUrl: string): string[] {
  const { document } = parseHTML(html);
  const found: { url: string; rank: number }[] = [];
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (link.getAttribute('type') ?? '').toLowerCase();
    const href = link.getAttribute('href') ?? '';
    if (type.includes('svg') || /\.svgz?(?:$|[?#])/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    // sizes="16x16 32x32" (or "any"): the widest declared.
    const side = Math.max(0, ...(link.getAttribute('sizes') ?? '').split(/\s+/).map((s) => Number(s.toLowerCase().split('x')[0]) || 0));
    // Lower is better: a declared 32–256 px icon, then an undeclared one, then a tiny one; touch icons after.
    const sizeRank = side >= 32 && side <= 256 ? 0 : side === 0 ? 1 : 2;
    if (rel.includes('icon')) found.push({ url: url.href, rank: sizeRank * 1000 + Math.abs(side - 64) });
    else if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) found.push({ url: url.href, rank: 5000 });
  }
  return [...new Set(found.sort((a, b) => a.rank - b.rank).map((f) => f.url))];
}

/** Any picture we read, as a 64×64 PNG (transparent margins keep its shape); null when it is not one. */
export async function iconToPng(bytes: Buffer): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    let input: Sharp;
    if (looksLikeIco(bytes)) {
      const ico = decodeIco(bytes);
      if (!ico) return null;
      input =
        ico.kind === 'png'
          ? sharp(ico.data, { limitInputPixels: MAX_INPUT_PIXELS })
          : sharp(ico.data, { raw: { width: ico.width, height: ico.height, channels: 4 } });
    } else {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      // SVG would need a renderer fed untrusted markup; the rest is not a web icon.
      if (!['png', 'jpeg', 'gif', 'webp'].includes(meta.format ?? '')) return null;
      input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    }
    return await input
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Finds, fetches and converts a domain's icon: https first, http when the site has no TLS.
 * Throws with the last reason when no candidate gave a picture.
 */
export async function fetchIcon(domain: string, config: IconFetchConfig): Promise<{ png: Buffer; sourceUrl: string }> {
  const opts: FetchOptions = { allowPrivate: config.allowPrivateNetwork, timeoutMs: TIMEOUT_MS, userAgent: config.crawler.userAgent };
  const candidates: string[] = [];
  let lastError = 'no icon found';
  for (const scheme of ['https', 'http']) {
    try {
      const page = await fetchUrl(`${scheme}://${domain}/`, { ...opts, maxBytes: PAGE_MAX_BYTES, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' });
      const type = page.headers['content-type'] ?? '';
      if (/html|xml/i.test(type) || !type) candidates.push(...iconLinks(page.body.toString('utf8'), page.url));
      candidates.push(new URL('/favicon.ico', page.url).href);
      break;
    } catch (err) {
      lastError = (err as Error).message;
    }
  }
  // No home page at all: the conventional address may still answer.
  if (!candidates.length) candidates.push(`https://${domain}/favicon.ico`, `http://${domain}/favicon.ico`);
  for (const url of [...new Set(candidates)].slice(0, MAX_CANDIDATES)) {
    try {
      const res = await fetchUrl(url, { ...opts, maxBytes: ICON_MAX_BYTES, accept: 'image/*,*/*;q=0.5' });
      const png = await iconToPng(res.body);
      if (png) return { png, sourceUrl: res.url };
      lastError = `${url} is not an image we can read`;
    } catch (err) {
      lastError = (err as Error).message;
    }
  }
  throw new Error(lastError);
}

/** The `website-icon` job: fetches the icon of one website and records the outcome (never throws for a site's failure). */
export async function runIconJob(deps: IconDeps, websiteId: number): Promise<'stored' | 'failed' | 'gone'> {
  const target = await findIconTarget(deps.db, websiteId);
  if (!target) return 'gone';
  try {
    const icon = await fetchIcon(target.domain, deps.config);
    await recordIconAttempt(deps.db, websiteId, { ...icon, nextCheckAt: new Date(Date.now() + REFRESH_MS) });
    return 'stored';
  } catch (err) {
    const errorCount = target.errorCount + 1;
    deps.log?.debug?.({ websiteId, domain: target.domain, err: (err as Error).message }, 'website icon not found');
    await recordIconAttempt(deps.db, websiteId, {
      error: (err as Error).message,
      errorCount,
      nextCheckAt: new Date(Date.now() + iconRetryDelayMs(errorCount)),
    });
    return 'failed';
  }
}

/**
 * Asks for a website's icon in the background (after the website's commit). Without a job
 * queue (tests) nothing runs: the sweep of a worker picks the website up.
 */
export async function enqueueWebsiteIcon(boss: PgBoss | null | undefined, websiteId: number): Promise<void> {
  await boss?.send(ICON_QUEUE, { websiteId }, { singletonKey: `website-icon-${websiteId}` });
}
