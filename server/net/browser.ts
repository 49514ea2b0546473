import fs from 'node:fs';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { FetchError, fetchUrl } from './http-client.js';

/**
 * One shared headless Chromium per process (playwright-core driving the system's Chromium,
 * CHROMIUM_PATH): launched on first use, reused by every screenshot and PDF (each in its own
 * context), relaunched if it crashes, closed on shutdown. When Chromium is missing the callers
 * fall back (screenshots use the page's preview image; PDFs answer 503).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // WebRTC would open UDP sockets outside any proxy or route: only through a proxy, i.e. never.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface BrowserLog {
  warn(obj: object, msg: string): void;
}

let launching: Promise<Browser | null> | null = null;
let launchedPath: string | null = null;
let warned = false;
let failedAt = 0;
const RETRY_LAUNCH_MS = 60_000;

/** True when the file exists and is executable. */
export function chromiumAvailable(executablePath: string): boolean {
  try {
    fs.accessSync(executablePath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The shared browser, or null (with one warning in the log) when Chromium is missing or does not start. */
export async function getBrowser(executablePath: string, log?: BrowserLog): Promise<Browser | null> {
  for (;;) {
    const pending = launching;
    if (pending && launchedPath !== executablePath) {
      // Another path (tests switch CHROMIUM_PATH): the old browser is closed, not orphaned.
      await closeBrowser();
      continue;
    }
    if (pending) {
      const current = await pending;
      if (launching !== pending) continue; // relaunched or closed meanwhile
      if (current?.isConnected()) return current;
      // A failed launch is not retried on every call: each attempt can take seconds.
      if (!current && Date.now() - failedAt < RETRY_LAUNCH_MS) return null;
    }
    launchedPath = executablePath;
    const started = launch(executablePath, log);
    launching = started;
    void started.then((b) =>
      b?.on('disconnected', () => {
        if (launching === started) launching = null;
      }),
    );
    return started;
  }
}

async function launch(executablePath: string, log?: BrowserLog): Promise<Browser | null> {
  if (!chromiumAvailable(executablePath)) {
    if (!warned) log?.warn({ executablePath }, 'Chromium not found: screenshots fall back to preview images, PDF downloads are unavailable');
    warned = true;
    failedAt = Date.now();
    return null;
  }
  try {
    // Loaded on first use: a process that never takes a screenshot never pays for playwright.
    const { chromium } = await import('playwright-core');
    return await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  } catch (err) {
    if (!warned) log?.warn({ err, executablePath }, 'Chromium did not start: screenshots fall back to preview images, PDF downloads are unavailable');
    warned = true;
    failedAt = Date.now();
    return null;
  }
}

/** Closes the shared browser (shutdown). */
export async function closeBrowser(): Promise<void> {
  const pending = launching;
  launching = null;
  const browser = await pending?.catch(() => null);
  await browser?.close().catch(() => {});
}

/** A response already fetched (the article page itself), served to the page without a second fetch. */
export interface Preloaded {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface GuardOptions {
  /** Config `allowPrivateNetwork`. */
  allowPrivate: boolean;
  /** Our own app (the PDF's page): fetched even on a private address, without following redirects. */
  allowOrigin?: string;
  /** The browser's own User-Agent when unset (sent on every request, like the page's `navigator.userAgent`). */
  userAgent?: string;
  /** Deadline of each request the page makes. */
  timeoutMs: number;
  preloaded?: Preloaded;
}

// Chromium never reaches the network itself: every request is fetched by http-client (SSRF
// guard at each redirect and at connect time) and handed to the page. Chromium follows
// redirects without asking the route handler, so a request the handler let through could be
// redirected anywhere; anything that escapes the handler (speculative preconnects, …) goes
// to this proxy, which does not exist, and fails. Loopback is proxied too (`<-loopback>`).
const DEAD_PROXY = { server: 'http://127.0.0.1:9', bypass: '<-loopback>' };
const SUBRESOURCE_MAX_BYTES = 10 * 1024 * 1024;
const DROP_REQUEST_HEADERS = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'cookie', 'if-none-match', 'if-modified-since']);
const DROP_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie', 'keep-alive']);

const pick = (headers: Record<string, string>, drop: Set<string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.has(k.toLowerCase()) && !k.startsWith(':')));

/**
 * A browser context whose page can only reach what the SSRF guard allows: http(s) (and inline
 * data/blob), fetched through http-client with `allowPrivate` as configured; websockets,
 * service workers, audio and video are refused.
 */
export async function newGuardedContext(browser: Browser, opts: GuardOptions & { viewport?: { width: number; height: number } }): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: opts.viewport,
    userAgent: opts.userAgent,
    serviceWorkers: 'block',
    acceptDownloads: false,
    proxy: DEAD_PROXY,
  });
  await context.route('**/*', (route) => serveRequest(route, opts).catch(() => route.abort('failed').catch(() => {})));
  await context.routeWebSocket(/.*/, (ws) => ws.close());
  return context;
}

async function serveRequest(route: Route, opts: GuardOptions): Promise<void> {
  const req = route.request();
  const url = req.url();
  if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
  // Our own pages and API (the PDF's page) are trusted: fetched even on a private address.
  const own = !!opts.allowOrigin && originOf(url) === opts.allowOrigin;
  if (req.resourceType() === 'media') return route.abort('blockedbyclient');
  const pre = opts.preloaded;
  if (pre && req.isNavigationRequest() && url === pre.url) {
    return route.fulfill({ status: pre.status, headers: pick(pre.headers, DROP_RESPONSE_HEADERS), body: pre.body });
  }
  try {
    const res = await fetchUrl(url, {
      method: req.method(),
      body: req.postDataBuffer() ?? undefined,
      headers: pick(await req.allHeaders(), DROP_REQUEST_HEADERS),
      userAgent: opts.userAgent,
      allowPrivate: opts.allowPrivate || own,
      timeoutMs: opts.timeoutMs,
      maxBytes: SUBRESOURCE_MAX_BYTES,
      hostConcurrency: 6,
      // Our app does not redirect; anything else follows redirects through the guard.
      maxRedirects: own ? 0 : 5,
    });
    return route.fulfill({ status: res.status, headers: pick(res.headers, DROP_RESPONSE_HEADERS), body: res.body });
  } catch (err) {
    if (err instanceof FetchError && err.code === 'http_status' && err.status) return route.fulfill({ status: err.status, body: '' });
    if (err instanceof FetchError && err.code === 'empty_body') return route.fulfill({ status: 200, body: '' });
    return route.abort(err instanceof FetchError && (err.code === 'blocked_address' || err.code === 'invalid_url') ? 'blockedbyclient' : 'failed');
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
