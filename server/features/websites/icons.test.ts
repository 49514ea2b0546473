import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { feeds, websiteIcons, websites } from '../../db/schema/coverage.js';
import { makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { startTestSite, type TestPage, type TestSite } from '../../../test/helpers/test-site.js';
import { decodeIco } from './ico.js';
import { dueIconWebsites } from './icons-repo.js';
import { ICON_SIZE, iconLinks, iconRetryDelayMs, iconToPng, runIconJob } from './icons.js';

/**
 * Websites' icons are fetched on the server from a local fake site (127.0.0.1, private network
 * allowed for the test) and served from our origin without a token.
 */
let ctx: TestContext;
let site: TestSite;
const pages: Record<string, TestPage | string> = {};

const png = (w: number, h: number, color = '#3366cc') =>
  sharp({ create: { width: w, height: h, channels: 4, background: color } })
    .png()
    .toBuffer();

/** An .ico holding one 32-bit BMP image (bottom-up BGRA rows, then the AND mask). */
function bmpIco(side: number, bgra: [number, number, number, number]): Buffer {
  const xor = Buffer.alloc(side * side * 4);
  for (let i = 0; i < side * side; i++) xor.set(bgra, i * 4);
  const mask = Buffer.alloc(Math.floor((side + 31) / 32) * 4 * side);
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(side, 4);
  header.writeInt32LE(side * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  return icoOf([Buffer.concat([header, xor, mask])], side);
}

function icoOf(images: Buffer[], side: number): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((img, i) => {
    const e = 6 + i * 16;
    head[e] = side % 256;
    head[e + 1] = side % 256;
    head.writeUInt16LE(1, e + 4);
    head.writeUInt16LE(32, e + 6);
    head.writeUInt32LE(img.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += img.length;
  });
  return Buffer.concat([head, ...images]);
}

beforeAll(async () => {
  site = await startTestSite(pages);
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
});

/** A website whose "domain" is the fake site's host:port (https fails there, http answers). */
async function websiteAt() {
  const host = new URL(site.origin).host;
  // One fake site serves every test: its pages are set anew by each.
  const [row] = await ctx.deps.db
    .insert(websites)
    .values({ domain: `${host}` })
    .onConflictDoNothing()
    .returning();
  const id = row?.id ?? (await ctx.deps.db.select({ id: websites.id }).from(websites).where(eq(websites.domain, host)))[0].id;
  await ctx.deps.db.delete(websiteIcons).where(eq(websiteIcons.websiteId, id));
  for (const key of Object.keys(pages)) delete pages[key];
  return { id, host };
}
const config = () => ctx.deps.config;
const iconRow = async (id: number) => (await ctx.deps.db.select().from(websiteIcons).where(eq(websiteIcons.websiteId, id)))[0];

describe('icon links of a home page', () => {
  it('prefers a declared 32–256 px icon, then an undeclared one, then tiny ones and touch icons; skips SVG and other schemes', () => {
    const html = `<html><head>
      <link rel="apple-touch-icon" href="/touch.png">
      <link rel="icon" href="/tiny.png" sizes="16x16">
      <link rel="icon" type="image/svg+xml" href="/logo.svg">
      <link rel="mask-icon" href="/mask.svg">
      <link rel="shortcut icon" href="/plain.ico">
      <link rel="icon" href="https://cdn.example/big.png" sizes="16x16 48x48">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="stylesheet" href="/site.css">
    </head></html>`;
    expect(iconLinks(html, 'https://news.example/home')).toEqual([
      'https://cdn.example/big.png',
      'https://news.example/plain.ico',
      'https://news.example/tiny.png',
      'https://news.example/touch.png',
    ]);
  });
});

describe('icon decoding', () => {
  it('reads PNG and BMP images inside .ico files, and refuses what is not a picture', async () => {
    const inside = await png(48, 48);
    const pngIco = icoOf([inside], 48);
    expect(decodeIco(pngIco)).toMatchObject({ kind: 'png' });
    const bmp = decodeIco(bmpIco(16, [0, 0, 255, 255]));
    expect(bmp).toMatchObject({ kind: 'rgba', width: 16, height: 16 });
    // BGRA red in, RGBA red out.
    expect([...(bmp as { data: Buffer }).data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);

    for (const bytes of [
      pngIco,
      bmpIco(32, [10, 20, 30, 255]),
      await png(300, 120),
      await sharp(await png(20, 20))
        .jpeg()
        .toBuffer(),
    ]) {
      const out = await iconToPng(bytes);
      const meta = await sharp(out!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', ICON_SIZE, ICON_SIZE]);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bad of [Buffer.from('<html>not an icon</html>'), svg, Buffer.alloc(0), bmpIco(16, [0, 0, 0, 0]).subarray(0, 30)]) {
      expect(await iconToPng(bad)).toBeNull();
    }
    // A directory pointing past the end of the file is refused, not read out of bounds.
    const lying = icoOf([Buffer.alloc(8)], 16);
    lying.writeUInt32LE(1 << 20, 6 + 8);
    expect(decodeIco(lying)).toBeNull();
  });
});

describe('website icon job', () => {
  it('stores the home page’s icon as a 64 px PNG and serves it without a token, with cache headers', async () => {
    const w = await websiteAt();
    pages['/'] = '<html><head><link rel="icon" href="/static/fav.png" sizes="32x32"></head><body>Home</body></html>';
    pages['/static/fav.png'] = { body: await png(32, 32), type: 'image/png' };
    expect(await runIconJob({ db: ctx.deps.db, config: config() }, w.id)).toBe('stored');
    const row = await iconRow(w.id);
    expect(row).toMatchObject({ errorCount: 0, lastError: null, sourceUrl: `${site.origin}/static/fav.png` });
    expect(row.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);

    const res = await ctx.call('GET', `/api/icons/${w.host}.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([ICON_SIZE, ICON_SIZE]);
    const again = await ctx.call('GET', `/api/icons/${w.host}.png`, { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Never tried websites come first in the sweep; this one is done for a month.
    expect(await dueIconWebsites(ctx.deps.db, 1000)).not.toContain(w.id);
  });

  it('falls back to /favicon.ico (an .ico file) when the page names no icon', async () => {
    const w = await websiteAt();
    pages['/'] = '<html><head><title>No icon link</title></head></html>';
    pages['/favicon.ico'] = { body: bmpIco(16, [200, 100, 0, 255]), type: 'image/x-icon' };
    expect(await runIconJob({ db: ctx.deps.db, config: config() }, w.id)).toBe('stored');
    expect((await iconRow(w.id)).sourceUrl).toBe(`${site.origin}/favicon.ico`);
  });

  it('records a failure and backs off when nothing is a picture; the icon route answers 404 and the web shows the initial', async () => {
    const w = await websiteAt();
    pages['/'] = '<html><head><link rel="icon" href="/fake.png"></head></html>';
    pages['/fake.png'] = { body: '<html>a page, not an image</html>', type: 'image/png' };
    pages['/favicon.ico'] = { body: Buffer.alloc(600 * 1024, 1), type: 'image/x-icon' }; // over the size cap
    expect(await runIconJob({ db: ctx.deps.db, config: config() }, w.id)).toBe('failed');
    const first = await iconRow(w.id);
    expect(first.png).toBeNull();
    expect(first.errorCount).toBe(1);
    expect(first.lastError).toBeTruthy();
    expect(first.nextCheckAt.getTime() - Date.now()).toBeGreaterThan(iconRetryDelayMs(1) - 60_000);
    expect(await runIconJob({ db: ctx.deps.db, config: config() }, w.id)).toBe('failed');
    expect((await iconRow(w.id)).errorCount).toBe(2);
    expect(iconRetryDelayMs(2)).toBe(4 * iconRetryDelayMs(1));
    expect(iconRetryDelayMs(50)).toBe(30 * 86400_000);

    const res = await ctx.call('GET', `/api/icons/${w.host}.png`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });
  });

  it('answers 404 for unknown domains and names that are not a domain, without a query', async () => {
    for (const file of ['unknown.example.png', '..%2F..%2Fetc%2Fpasswd.png', 'x.png.png', 'UPPER.EXAMPLE', '%00.png', `${'a'.repeat(299)}.png`]) {
      const res = await ctx.call('GET', `/api/icons/${file}`);
      expect([400, 404, 414], file).toContain(res.statusCode);
      expect(res.json().errors).toBeTruthy();
    }
  });

  it('asks for the icon when the operator adds a website, without fetching during the request', async () => {
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const sent: unknown[] = [];
    ctx.deps.boss = { send: async (queue: string, data: unknown) => void sent.push([queue, data]) } as unknown as typeof ctx.deps.boss;
    const before = site.hits.length;
    try {
      const res = await ctx.call('POST', '/api/websites', {
        token: operator.token,
        body: { data: { type: 'website', attributes: { domain: 'icon-later.example', reach: 3, language: 'en' } } },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(sent).toEqual([['website-icon', { websiteId: Number(res.json().data.id) }]]);
      expect(site.hits.length).toBe(before);
      // Until the worker runs, the sweep lists it among the websites never tried.
      expect(await dueIconWebsites(ctx.deps.db, 1000)).toContain(Number(res.json().data.id));
    } finally {
      ctx.deps.boss = null;
    }
  });

  it('leaves outlets whose feeds are all disabled (as the demo seeds them) alone until a feed is enabled', async () => {
    const quiet = await makeWebsite(ctx, { domain: 'quiet-outlet.example' });
    const feed = await makeFeed(ctx, quiet.id, { disabled: true });
    expect(await dueIconWebsites(ctx.deps.db, 1000)).not.toContain(quiet.id);
    await ctx.deps.db.update(feeds).set({ disabled: false }).where(eq(feeds.id, feed.id));
    expect(await dueIconWebsites(ctx.deps.db, 1000)).toContain(quiet.id);
  });
});
