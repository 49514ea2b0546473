import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { organizations } from '../../db/schema/accounts.js';
import { savedArticles } from '../../db/schema/coverage.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { browserExpected, closeBrowser, PACKAGED } from '../../net/browser.js';
import { articleHtml, startTestSite, type TestSite } from '../../../test/helpers/test-site.js';
import { settleScreenshotJobs } from './service.js';
import { sweepPendingScreenshots } from './jobs.js';

/**
 * Highlight pictures against a local web site: screenshot by Chromium, else the page's preview
 * image, else a placeholder; and the SSRF rule (a private address is refused unless
 * ALLOW_PRIVATE_NETWORK).
 */
// CHROMIUM_PATH unset: the system Chromium when installed, else the packaged one.
const CHROMIUM = browserExpected(undefined);
let site: TestSite;
let ogImage: Buffer;
const contexts: TestContext[] = [];

beforeAll(async () => {
  ogImage = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  site = await startTestSite({
    '/article': articleHtml({ title: 'Launch review', image: '/og.png' }),
    '/no-image': articleHtml({ title: 'No picture here' }),
    '/og.png': { body: ogImage, type: 'image/png' },
  });
});
afterAll(async () => {
  await settleScreenshotJobs();
  await closeBrowser();
  for (const c of contexts) await c.close();
  await site?.close();
});

async function context(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  const owner = await makeOrg(ctx);
  const project = await makeProject(ctx, owner.org.id);
  const tag = await makeTag(ctx, owner.org.id, project.id);
  const save = async (url: string, image: string | null = null) => {
    const [row] = await ctx.deps.db
      .insert(savedArticles)
      .values({ organizationId: owner.org.id, projectId: project.id, tagId: tag.id, urlKey: url, url, fullUrl: url, title: 'Story', date: new Date(), image })
      .returning();
    return row.id;
  };
  const shoot = async (id: number) => {
    const res = await ctx.call('POST', '/api/screenshots', { token: owner.token, body: { article_id: String(id), article_url: 'https://ignored.example/' } });
    await settleScreenshotJobs();
    const doc = await ctx.call('GET', `/api/screenshots/${id}`, { token: owner.token });
    return { res, doc: doc.json().data.attributes };
  };
  return { ctx, owner, save, shoot };
}

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

describe('highlight pictures', () => {
  it.skipIf(!CHROMIUM)('screenshots the page in Chromium, as a JPEG at most 1200 px wide', async () => {
    const { ctx, owner, save, shoot } = await context({ ALLOW_PRIVATE_NETWORK: 'true' });
    const id = await save(site.url('/article'));
    const { res, doc } = await shoot(id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'screenshot', id: String(id), attributes: { article_id: String(id), status: 'pending' } });
    expect(doc).toMatchObject({ status: 'ready', source: 'screenshot', article_url: site.url('/article') });
    expect(doc.image_url).toMatch(new RegExp(`^/api/screenshots/${id}/image\\?v=\\d+$`));
    const image = await ctx.call('GET', doc.image_url, { token: owner.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(isJpeg(image.rawPayload)).toBe(true);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 750 });
    // Asking again reuses the row (200) and takes nothing new.
    const again = await ctx.call('POST', '/api/screenshots', { token: owner.token, body: { article_id: id } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.attributes).toMatchObject({ status: 'ready', source: 'screenshot' });
  });

  it.skipIf(!browserExpected(PACKAGED))('screenshots with the packaged Chromium too (nothing installed but Node)', async () => {
    const { ctx, owner, save, shoot } = await context({ ALLOW_PRIVATE_NETWORK: 'true', CHROMIUM_PATH: PACKAGED });
    const { doc } = await shoot(await save(site.url('/article')));
    expect(doc).toMatchObject({ status: 'ready', source: 'screenshot', error: null });
    const image = await ctx.call('GET', doc.image_url, { token: owner.token });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 750 });
  });

  it('falls back to the page’s preview image (re-encoded) when screenshots are off', async () => {
    const { ctx, owner, save, shoot } = await context({ ALLOW_PRIVATE_NETWORK: 'true', SCREENSHOTS_ENABLED: 'false' });
    const { doc } = await shoot(await save(site.url('/article')));
    expect(doc).toMatchObject({ status: 'ready', source: 'preview' });
    const image = await ctx.call('GET', doc.image_url, { token: owner.token });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 600 });
  });

  it('falls back to the preview image when Chromium is missing', async () => {
    const { save, shoot } = await context({ ALLOW_PRIVATE_NETWORK: 'true', CHROMIUM_PATH: '/nonexistent/chromium' });
    const { doc } = await shoot(await save(site.url('/article')));
    expect(doc).toMatchObject({ status: 'ready', source: 'preview' });
  });

  it('uses the feed’s image when the page cannot be read, else a placeholder', async () => {
    const { ctx, owner, save, shoot } = await context({ ALLOW_PRIVATE_NETWORK: 'true', SCREENSHOTS_ENABLED: 'false' });
    const fromFeed = await shoot(await save(site.url('/gone'), site.url('/og.png')));
    expect(fromFeed.doc).toMatchObject({ status: 'ready', source: 'preview' });
    const { doc } = await shoot(await save(site.url('/no-image')));
    expect(doc).toMatchObject({ status: 'ready', source: 'placeholder', image_url: null });
    const id = doc.article_id;
    const image = await ctx.call('GET', `/api/screenshots/${id}/image`, { token: owner.token });
    expect(image.statusCode).toBe(404);
  });

  it('refuses a private address without ALLOW_PRIVATE_NETWORK: nothing is fetched, a placeholder is kept', async () => {
    const { save, shoot } = await context({});
    const before = site.hits.length;
    const { doc } = await shoot(await save(site.url('/article'), site.url('/og.png')));
    expect(doc).toMatchObject({ status: 'ready', source: 'placeholder', image_url: null });
    expect(doc.error).toMatch(/private network/);
    expect(site.hits.length).toBe(before);
  });

  it('answers 404 for another organization’s article and 403 without the plan’s screenshot flag', async () => {
    const { ctx, owner, save } = await context({ ALLOW_PRIVATE_NETWORK: 'true', SCREENSHOTS_ENABLED: 'false' });
    const id = await save(site.url('/article'));
    const other = await makeOrg(ctx);
    for (const [method, url] of [
      ['POST', '/api/screenshots'],
      ['GET', `/api/screenshots/${id}`],
      ['GET', `/api/screenshots/${id}/image`],
    ] as const) {
      const res = await ctx.call(method, url, { token: other.token, body: method === 'POST' ? { article_id: id } : undefined });
      expect(res.statusCode, url).toBe(404);
    }
    const unknown = await ctx.call('GET', '/api/screenshots/999999', { token: owner.token });
    expect(unknown.statusCode).toBe(404);
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: sql`${organizations.permissions} || '{"screenshot": false}'::jsonb` })
      .where(eq(organizations.id, owner.org.id));
    ctx.deps.authenticator.forgetAll();
    const refused = await ctx.call('POST', '/api/screenshots', { token: owner.token, body: { article_id: id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('plan_limit');
  });

  it('finds pictures left pending by a process that died before enqueueing them', async () => {
    const { ctx, owner, save } = await context({ SCREENSHOTS_ENABLED: 'false' });
    const stale = await save('https://stale.example.test/a');
    const fresh = await save('https://fresh.example.test/b');
    for (const id of [stale, fresh]) {
      await ctx.deps.db.execute(sql`insert into screenshots (organization_id, saved_article_id, article_url) values (${owner.org.id}, ${id}, 'x')`);
    }
    await ctx.deps.db.execute(sql`update screenshots set updated_at = now() - interval '10 minutes' where saved_article_id = ${stale}`);
    const found = await sweepPendingScreenshots(ctx.deps.db);
    const ids = (await ctx.deps.db.execute<{ id: number; saved_article_id: number }>(sql`select id, saved_article_id from screenshots`)).rows;
    const rowOf = (savedId: number) => Number(ids.find((r) => Number(r.saved_article_id) === savedId)!.id);
    expect(found).toEqual([{ orgId: owner.org.id, id: rowOf(stale) }]);
  });

  it('validates the body', async () => {
    const { ctx, owner } = await context({ SCREENSHOTS_ENABLED: 'false' });
    const res = await ctx.call('POST', '/api/screenshots', { token: owner.token, body: { article_url: 'https://x.example/' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe('/article_id');
  });
});
