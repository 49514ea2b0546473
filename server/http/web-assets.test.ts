import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';

/**
 * The built web app as a browser gets it: the build's brotli or gzip copy when the browser
 * accepts one (scripts/vite-precompress.ts writes them), hashed assets cached for a year,
 * index.html revalidated on every load.
 */
let ctx: TestContext;
let app: App;
let dist: string;
const page = `<!doctype html><title>Coverwatch</title><script src="/boot.js" data-route-preload='${JSON.stringify({ files: ['assets/app-layout-Ab12Cd34.js'], shell: [0], screens: [] })}'></script><div id="root"></div>`;
const script = `export const greeting = ${JSON.stringify('coverage '.repeat(400))};\n`;

beforeAll(async () => {
  ctx = await createTestContext();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(page));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(page));
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  fs.mkdirSync(path.join(dist, 'web'));
  fs.writeFileSync(path.join(dist, 'web', 'public-report.html'), '<!doctype html><title>Coverwatch report</title><div id="root" data-page="report"></div>');
  const asset = path.join(dist, 'assets', 'index-Ab12Cd34.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  app = await buildApp({ ...ctx.deps, config: { ...ctx.config, webDistDir: dist } }, { logger: false });
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web assets', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file to the rest', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.payload).toBe(script);
  });

  it('caches hashed assets for a year, other files for an hour, and revalidates the page', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/', '/articles-feed/1']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      // The build's compressed copy of the page (it carries the route preload list).
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.payload).toBe(page);
    }
    // An old asset's name is a 404, never the page under a script's name (nor cached).
    const missing = await get('/assets/index-Old00000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('sends a shared report its own page, revalidated, and every other route the app', async () => {
    for (const url of ['/p/r/AbCdEfGhIjKlMnOpQrStUv', '/p/r/AbCdEfGhIjKlMnOpQrStUv?print=1']) {
      // No compressed copy of this page in this build: the file as it is.
      const page = await get(url, 'br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.payload).toContain('data-page="report"');
    }
    expect((await get('/p/404')).payload).toBe(page);
  });
});
