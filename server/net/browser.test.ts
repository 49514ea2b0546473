import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserExpected, chromiumChoices, closeBrowser, getBrowser, newGuardedContext, PACKAGED } from './browser.js';

/**
 * The page a guarded context loads can reach only what http-client's SSRF guard allows, in the
 * system Chromium (or CHROMIUM_PATH) and in the packaged one alike. One server listens on every
 * loopback address: 127.0.0.1 plays "our app" (allowOrigin), while 127.0.0.2–5 stand for private
 * hosts a page (or a redirect) might aim at.
 */
const SETTINGS = [...new Set([process.env.CHROMIUM_PATH, PACKAGED])];
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

describe.each(SETTINGS.map((setting) => ({ setting, name: setting ?? 'system or packaged' })))('guarded browser context ($name)', ({ setting }) => {
  beforeAll(() => {
    hits.length = 0;
  });
  it.skipIf(!browserExpected(setting))('lets the page reach its own origin only: private subresources, sockets and redirects are refused', async () => {
    const browser = (await getBrowser(setting))!;
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

  it.skipIf(!browserExpected(setting))('refuses a private page outright, and follows nothing when the address is private', async () => {
    const browser = (await getBrowser(setting))!;
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

  it.skipIf(!browserExpected(setting))('with ALLOW_PRIVATE_NETWORK the same page loads everything (the guard is what refused above)', async () => {
    const browser = (await getBrowser(setting))!;
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

describe('which Chromium', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-chromium-'));
  const exe = path.join(dir, 'chromium');
  fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
  const plain = path.join(dir, 'not-executable');
  fs.writeFileSync(plain, '', { mode: 0o644 });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('unset: the first system Chromium installed, then the packaged one; none installed: the packaged one', () => {
    expect(chromiumChoices(undefined, [path.join(dir, 'missing'), plain, exe])).toEqual([{ source: 'system', executablePath: exe }, { source: 'packaged' }]);
    expect(chromiumChoices(undefined, [path.join(dir, 'missing'), plain])).toEqual([{ source: 'packaged' }]);
  });

  it('CHROMIUM_PATH: that file alone, even missing (no silent replacement); `packaged`: the packaged one alone', () => {
    expect(chromiumChoices('/nonexistent/chromium', [exe])).toEqual([{ source: 'configured', executablePath: '/nonexistent/chromium' }]);
    expect(chromiumChoices(PACKAGED, [exe])).toEqual([{ source: 'packaged' }]);
  });

  it('a configured file that is missing gives no browser, and the packaged one starts when asked for', async () => {
    expect(await getBrowser('/nonexistent/chromium')).toBeNull();
    if (!browserExpected(PACKAGED)) return;
    const browser = await getBrowser(PACKAGED);
    expect(browser?.isConnected()).toBe(true);
    expect(await getBrowser(PACKAGED)).toBe(browser); // shared
    expect(browser!.version()).toMatch(/^\d+\./);
  });
});
