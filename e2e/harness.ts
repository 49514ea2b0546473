import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { solveChallenge } from 'altcha-lib/v1';
import { root, startServer, type ServerHandle } from '../bench/lib.js';

export const ADMIN = { email: 'admin@coverwatch.local', password: 'bench-password-1' };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export interface Journey {
  server: ServerHandle;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
  shot(name: string): Promise<string>;
}

/**
 * The real app on a throwaway embedded database (or DATABASE_URL), with a fresh browser
 * profile. The web app must be built (npm test builds it before this stage). Requests to
 * anything but the app are refused, so a journey cannot reach the internet.
 */
export async function startJourney(env: Record<string, string> = {}, opts: { allowOrigins?: string[] } = {}): Promise<Journey> {
  const dist = path.resolve(root, process.env.WEB_DIST_DIR ?? path.join('dist', 'web'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  // Journeys always run on their own embedded database, so they start from an empty install.
  const server = await startServer({ DATABASE_URL: '', CAPTCHA_DIFFICULTY: '2000', ...env });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(server.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    // Local fakes the journey opens on purpose (a payment page), never the internet.
    if (opts.allowOrigins?.some((o) => url.startsWith(o))) return route.continue();
    return route.abort();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  const shotsDir = path.join(root, 'e2e', 'screenshots');
  fs.mkdirSync(shotsDir, { recursive: true });
  return {
    server,
    browser,
    page,
    async shot(name) {
      const file = path.join(shotsDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    async close() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

export async function loginAs(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && !u.pathname.startsWith('/loading'));
}

/**
 * Polls `check` until it returns something truthy (every 300 ms), or fails naming `what` after
 * `timeoutMs`: for what the server does in the background (a poll, a webhook, a job).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 90000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Does what the sign-up page's widget does: fetches a proof-of-work challenge and solves it (the `altcha` field). */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const ch = await (await fetch(`${baseUrl}/api/p/captcha`)).json();
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) throw new Error('the captcha could not be solved');
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
