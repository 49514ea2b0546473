import fs from 'node:fs';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { FetchError, fetchUrl } from './http-client.js';
import { packagedChromium, packagedChromiumSupported, systemChromiumEnv, type LaunchTarget } from './packaged-chromium.js';

/**
 * One shared headless Chromium per process (playwright-core): launched on first use, reused by
 * every screenshot and PDF (each in its own context), relaunched if it crashes, closed on
 * shutdown. Which Chromium (CHROMIUM_PATH): the file it names; `packaged`, the build shipped in
 * the npm package @sparticuz/chromium (packaged-chromium.ts); unset, a system Chromium when one is
 * installed, else the packaged one. When none starts the callers fall back (screenshots use the
 * page's preview image; PDFs answer 503).
 *
 * The same flags for every build. The package's recommended ones are for one page per Lambda call
 * and are left out: `--single-process` and `--no-zygote` (a renderer crash would take the shared
 * browser and every other print with it), `--disable-web-security`, `--allow-running-insecure-content`
 * and the site-isolation switches (the pages we shoot are untrusted), SwiftShader WebGL (no GPU use).
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

/** Where a system Chromium (or Chrome) is looked for when CHROMIUM_PATH is unset, in this order. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** CHROMIUM_PATH's value that asks for the packaged build even where a system Chromium is installed. */
export const PACKAGED = 'packaged';

export interface BrowserLog {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/** A Chromium to try: a file (configured or found on the system), or the packaged build. */
export type ChromiumChoice = { source: 'configured' | 'system'; executablePath: string } | { source: 'packaged' };

let launching: Promise<Browser | null> | null = null;
let launchedSetting: string | undefined | null = null;
let warned = false;
let announced = false;
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

/**
 * The Chromiums to try for a CHROMIUM_PATH setting, best first: the configured file alone (a
 * missing one is not replaced: the operator asked for it); the packaged build; else the first
 * system Chromium installed, then the packaged build should that one not start.
 */
export function chromiumChoices(setting: string | undefined, systemPaths: readonly string[] = SYSTEM_CHROMIUM_PATHS): ChromiumChoice[] {
  if (setting === PACKAGED) return [{ source: 'packaged' }];
  if (setting) return [{ source: 'configured', executablePath: setting }];
  const system = systemPaths.find(chromiumAvailable);
  return [...(system ? [{ source: 'system' as const, executablePath: system }] : []), { source: 'packaged' }];
}

/** Whether a browser can be had for this setting without starting it (tests skip on it). */
export function browserExpected(setting: string | undefined): boolean {
  return chromiumChoices(setting).some((c) => (c.source === 'packaged' ? packagedChromiumSupported() : chromiumAvailable(c.executablePath)));
}

/** The shared browser, or null (with one warning in the log) when Chromium is missing or does not start. */
export async function getBrowser(setting: string | undefined, log?: BrowserLog): Promise<Browser | null> {
  for (;;) {
    const pending = launching;
    if (pending && launchedSetting !== setting) {
      // Another setting (tests switch CHROMIUM_PATH): the old browser is closed, not orphaned.
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
    launchedSetting = setting;
    const started = launch(setting, log);
    launching = started;
    void started.then((b) =>
      b?.on('disconnected', () => {
        if (launching === started) launching = null;
      }),
    );
    return started;
  }
}

async function launch(setting: string | undefined, log?: BrowserLog): Promise<Browser | null> {
  const failures: { source: string; executablePath?: string; error: string }[] = [];
  for (const choice of chromiumChoices(setting)) {
    const started = Date.now();
    try {
      const target = await launchTarget(choice, log);
      // Loaded on first use: a process that never takes a screenshot never pays for playwright.
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: target.executablePath, env: target.env, args: CHROMIUM_ARGS, timeout: 30_000 });
      if (!announced) {
        const what =
          choice.source === 'packaged'
            ? 'the packaged Chromium (@sparticuz/chromium)'
            : `${choice.source === 'system' ? 'the system' : 'the configured'} Chromium`;
        log?.info?.(
          { source: choice.source, executablePath: target.executablePath, version: browser.version(), startMs: Date.now() - started },
          `screenshots and PDFs use ${what}`,
        );
      }
      announced = true;
      return browser;
    } catch (err) {
      failures.push({
        source: choice.source,
        executablePath: 'executablePath' in choice ? choice.executablePath : undefined,
        error: (err as Error).message.split('\n')[0],
      });
    }
  }
  if (!warned) {
    const missing = setting && setting !== PACKAGED && !chromiumAvailable(setting);
    log?.warn(
      { executablePath: setting, tried: failures },
      `${missing ? 'Chromium not found' : 'Chromium did not start'}: screenshots fall back to preview images, PDF downloads are unavailable`,
    );
  }
  warned = true;
  failedAt = Date.now();
  return null;
}

async function launchTarget(choice: ChromiumChoice, log?: BrowserLog): Promise<LaunchTarget> {
  if (choice.source === 'packaged') return packagedChromium();
  if (!chromiumAvailable(choice.executablePath)) throw new Error(`${choice.executablePath} is not an executable file`);
  // Our CJK fonts beside the system's: without them a system lacking CJK fonts prints boxes, but still prints.
  const env = await systemChromiumEnv().catch((err) => {
    log?.warn({ err }, 'CJK fonts could not be prepared for Chromium: CJK text prints with the system fonts only');
    return undefined;
  });
  return { executablePath: choice.executablePath, env };
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
