import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowser, getBrowser, newGuardedContext } from './browser.js';

/**
 * The page a guarded context loads can reach only what http-client's SSRF guard allows. One
 * server listens on every loopback address: 127.0.0.1 plays "our app" (allowOrigin), while
 * 127.0.0.2–5 stand for private hosts a page (or a redirect) might aim at.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.2:${port}/secret-redirected` });
      return res.end();
    }
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><h1>Hello</h1>
        <link rel="preconnect" href="http://127.0.0.3:${port}">
        <img src="http://127.0.0.2:${port}/secret-img"><iframe src="http://127.0.0.4:${port}/secret-frame"></iframe>
        <script>fetch('http://127.0.0.5:${port}/secret-fetch').catch(() => {}); try { new WebSocket('ws://127.0.0.5:${port}/secret-ws'); } catch {}</script>`);
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await closeBrowser();
  await new Promise((r) => server.close(r));
});

describe.skipIf(!chromiumAvailable(CHROMIUM))('guarded browser context', () => {
  it('lets the page reach its own origin only: private subresources, sockets and redirects are refused', async () => {
    const browser = (await getBrowser(CHROMIUM))!;
    const context = await newGuardedContext(browser, { allowPrivate: false, allowOrigin: `http://127.0.0.1:${port}`, timeoutMs: 5000 });
    try {
      const page = await context.newPage();
      const res = await page.goto(`http://127.0.0.1:${port}/page`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await page.textContent('h1')).toBe('Hello');
      await page.waitForTimeout(500);
      // Our origin does not redirect (redirects are not followed for it), and nothing private was reached.
      const other = await page.goto(`http://127.0.0.1:${port}/redirect`).catch((e: Error) => e);
      expect(other instanceof Error || other?.status() === 302).toBe(true);
    } finally {
      await context.close();
    }
    expect(hits.filter((h) => !h.startsWith('127.0.0.1:'))).toEqual([]);
  });

  it('refuses a private page outright, and follows nothing when the address is private', async () => {
    const browser = (await getBrowser(CHROMIUM))!;
    const context = await newGuardedContext(browser, { allowPrivate: false, timeoutMs: 5000 });
    const before = hits.length;
    try {
      const page = await context.newPage();
      const res = await page.goto(`http://127.0.0.1:${port}/page`).catch((e: Error) => e);
      expect(res).toBeInstanceOf(Error);
    } finally {
      await context.close();
    }
    expect(hits.length).toBe(before);
  });

  it('with ALLOW_PRIVATE_NETWORK the same page loads everything (the guard is what refused above)', async () => {
    const browser = (await getBrowser(CHROMIUM))!;
    const context = await newGuardedContext(browser, { allowPrivate: true, timeoutMs: 5000 });
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/page`, { waitUntil: 'load' });
      await page.waitForTimeout(500);
    } finally {
      await context.close();
    }
    expect(hits).toEqual(expect.arrayContaining([`127.0.0.2:${port}/secret-img`, `127.0.0.4:${port}/secret-frame`, `127.0.0.5:${port}/secret-fetch`]));
  });
});
