import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MSG } from '../../../common/messages.js';
import { REPORT_FONT_FAMILY } from '../../../common/report-fonts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { browserExpected, closeBrowser } from '../../net/browser.js';
import { articleHtml, startTestSite, type TestPage, type TestSite } from '../../../test/helpers/test-site.js';
import { settleScreenshotJobs } from '../screenshots/service.js';
import { publicReportPaths, reportBody, reportWorkspace, setPermissions } from './test-fixtures.js';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { PLAN_DEFAULTS } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { makeOrg, makeUpload } from '../../../test/helpers/factories.js';
import type { PlanKey } from '../organizations/service.js';

/**
 * The public report (`/p/…`, no token): each endpoint answers for the report whose id it is
 * given and nothing else. A walk over every public endpoint with another organization's report,
 * a deleted report and a random id; and the PDF printed by headless Chromium (a system one when
 * installed, else the packaged one; reports-pdf-packaged.test.ts forces the packaged one).
 */
const CHROMIUM = browserExpected(undefined);
let site: TestSite;
const pages: Record<string, TestPage | string> = {};
let ctx: TestContext;

beforeAll(async () => {
  const og = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#cc3333' } })
    .png()
    .toBuffer();
  Object.assign(pages, { '/og.png': { body: og, type: 'image/png' } });
  for (let i = 0; i < 100; i++) pages[`/story-${i}`] = articleHtml({ title: `Story ${i}`, image: '/og.png' });
  site = await startTestSite(pages);
  // Highlights take the preview image (no Chromium needed); the PDF prints PUBLIC_URL/p/r/{id} from the local site.
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', SCREENSHOTS_ENABLED: 'false', PUBLIC_URL: site.origin });
});
afterAll(async () => {
  await settleScreenshotJobs();
  await closeBrowser();
  await ctx?.close();
  await site?.close();
});

async function publishedReport(name: string, c = ctx) {
  const ws = await reportWorkspace(c, { origin: site.origin });
  const first = await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z', title: `${name} first story`, reach: 4 });
  const second = await ws.save({ tagId: ws.tags.news.id, date: '2024-03-03T10:00:00Z', title: `${name} second story` });
  const res = await c.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { name, screenshots: [{ article_id: first.id }] }) });
  expect(res.statusCode, res.body).toBe(201);
  await settleScreenshotJobs();
  return { ws, id: res.json().data.id as string, highlight: first.id, articles: [first.id, second.id] };
}

describe('public report endpoints', () => {
  it('answer without a token for the report, its highlight pictures and its articles', async () => {
    const mine = await publishedReport('Mine');
    for (const url of publicReportPaths(mine.id, mine.highlight)) {
      const res = await ctx.call('GET', url);
      expect(res.statusCode, url).toBe(200);
    }
    const doc = (await ctx.call('GET', `/api/p/reports/${mine.id}`)).json().data;
    expect(doc.attributes).toMatchObject({ name: 'Mine', totals: { articles: 2 } });
    const [card] = doc.attributes.screenshots;
    expect(card).toMatchObject({ article_id: String(mine.highlight), status: 'ready', source: 'preview', title: 'Mine first story' });
    expect(card.image_url).toMatch(new RegExp(`^/api/p/reports/${mine.id}/screenshots/${mine.highlight}\\.jpg\\?v=\\d+$`));
    const image = await ctx.call('GET', card.image_url);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    const shot = (await ctx.call('GET', `/api/p/screenshots/${mine.highlight}?report_id=${mine.id}`)).json().data;
    expect(shot.attributes.image_url).toBe(card.image_url);
  });

  it('give nothing of another report, a deleted report or a random id', async () => {
    const mine = await publishedReport('Mine');
    const theirs = await publishedReport('Theirs');
    const deleted = await publishedReport('Deleted');
    expect((await ctx.call('DELETE', `/api/reports/${deleted.id}`, { token: deleted.ws.token })).statusCode).toBe(204);
    const random = randomBytes(16).toString('base64url');

    // Their report id with my articles: pictures and screenshots 404; the rest is only theirs.
    for (const url of publicReportPaths(theirs.id, mine.highlight)) {
      const res = await ctx.call('GET', url);
      if (url.includes('screenshots')) {
        expect(res.statusCode, url).toBe(404);
        continue;
      }
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Mine ');
      expect(res.body, url).not.toContain(`/${mine.id}`);
    }
    const theirArticles = (await ctx.call('GET', `/api/p/articles?filter[report_id]=${theirs.id}`)).json().data.map((r: { id: string }) => Number(r.id));
    expect(theirArticles.sort()).toEqual([...theirs.articles].sort());
    // A picture of my report asked through my report but for an article that is not one of its highlights.
    expect((await ctx.call('GET', `/api/p/reports/${mine.id}/screenshots/${mine.articles[1]}.jpg`)).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/p/screenshots/${theirs.highlight}?report_id=${mine.id}`)).statusCode).toBe(404);

    for (const id of [deleted.id, random, 'short', '../../etc']) {
      for (const url of [...publicReportPaths(id, deleted.highlight), `/api/p/reports/${id}/pdf`]) {
        const res = await ctx.call('GET', url);
        expect([404, 400], url).toContain(res.statusCode);
        if (!url.includes('../')) expect(res.statusCode, url).toBe(404);
      }
    }
    expect((await ctx.call('GET', `/api/p/screenshots/${mine.highlight}`)).statusCode).toBe(400);
  });
});

describe('public report branding', () => {
  /** A published report of an organization on `plan`, named, with an uploaded logo unless told otherwise. */
  async function brandedReport(plan: PlanKey, opts: { logo?: boolean } = {}) {
    const ws = await reportWorkspace(ctx, { plan });
    const name = `Nebula Agency ${plan}`;
    const logo = opts.logo === false ? null : await makeUpload(ctx, ws.org.id);
    // Private details that must stay private: a payment customer, the plan, the admin's address.
    await ctx.deps.db
      .update(organizations)
      .set({ name, avatar: logo, stripeCustomerId: `cus_private_${plan}` })
      .where(eq(organizations.id, ws.org.id));
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
    const res = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, {}) });
    expect(res.statusCode, res.body).toBe(201);
    return { ws, id: res.json().data.id as string, name, logo };
  }

  // Every plan's page is headed by the organization; only custom branding (agency, admin) drops the "Made with" line.
  for (const [plan, madeWith] of [
    ['trial', true],
    ['starter', true],
    ['pro', true],
    ['agency', false],
    ['admin', false],
  ] as const) {
    it(`${plan}: the organization's name and logo, ${madeWith ? 'with' : 'without'} the "Made with Coverwatch" line`, async () => {
      const { id, name, logo } = await brandedReport(plan);
      const res = await ctx.call('GET', `/api/p/reports/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.attributes.branding).toStrictEqual({ name, logo_url: logo, made_with: madeWith });
    });
  }

  it('gives the name, the logo and the line and nothing else of the organization; the logo loads without a token', async () => {
    const { ws, id, logo } = await brandedReport('pro');
    const res = await ctx.call('GET', `/api/p/reports/${id}`);
    expect(Object.keys(res.json().data.attributes.branding).sort()).toEqual(['logo_url', 'made_with', 'name']);
    for (const secret of ['cus_private_pro', ws.admin.user.email, 'Org Admin', 'permissions', 'stripe', 'max_projects', 'trial_ends_at'])
      expect(res.body, secret).not.toContain(secret);
    const image = await ctx.call('GET', logo!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // The members' view of the report does not carry it: they are the organization.
    const own = await ctx.call('GET', `/api/reports/${id}`, { token: ws.token });
    expect(own.json().data.attributes.branding).toBeUndefined();
  });

  it('has no logo when the organization has none', async () => {
    const { id, name } = await brandedReport('starter', { logo: false });
    const res = await ctx.call('GET', `/api/p/reports/${id}`);
    expect(res.json().data.attributes.branding).toStrictEqual({ name, logo_url: null, made_with: true });
  });

  it('follows a flag granted by hand, whatever the plan', async () => {
    const { ws, id } = await brandedReport('pro');
    await setPermissions(ctx, ws.org.id, { custom_branding: true });
    expect((await ctx.call('GET', `/api/p/reports/${id}`)).json().data.attributes.branding.made_with).toBe(false);
  });

  it("migration 0022 gives organizations from before the flag their plan's default, and keeps a flag already set", async () => {
    const orgs = await Promise.all((['agency', 'admin', 'pro', 'trial'] as const).map((plan) => makeOrg(ctx, { plan })));
    const granted = await makeOrg(ctx, { plan: 'starter' });
    const ids = orgs.map((o) => o.org.id);
    // Their permissions as copied before the flag existed; the starter one granted it by hand.
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: sql`${organizations.permissions} - 'custom_branding'` })
      .where(inArray(organizations.id, ids));
    await setPermissions(ctx, granted.org.id, { custom_branding: true });
    await ctx.deps.db.execute(sql.raw(readFileSync(new URL('../../db/migrations/0022_custom_branding.sql', import.meta.url), 'utf8')));
    const rows = await ctx.deps.db
      .select({ id: organizations.id, permissions: organizations.permissions })
      .from(organizations)
      .where(inArray(organizations.id, [...ids, granted.org.id]));
    const flag = new Map(rows.map((r) => [r.id, r.permissions.custom_branding]));
    expect(ids.map((i) => flag.get(i))).toEqual([true, true, false, false]);
    expect(flag.get(granted.org.id)).toBe(true);
    // The rest of each copy is untouched.
    expect(rows.find((r) => r.id === ids[2])!.permissions).toStrictEqual({ ...PLAN_DEFAULTS.pro });
  });
});

describe('report PDF', () => {
  // As in production: private addresses refused, yet our own app (PUBLIC_URL, here on loopback) is printed.
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ PUBLIC_URL: site.origin });
  });
  afterAll(async () => {
    await settleScreenshotJobs();
    await strict?.close();
  });

  const readyPage = (signal: 'true' | 'error') =>
    `<!doctype html><html><body><h1>Report</h1><p>Printed page</p><script>setTimeout(() => { document.body.dataset.reportReady = "${signal}"; }, 100);</script></body></html>`;

  it.skipIf(!CHROMIUM)('prints the public page once it says it is ready, as an attachment named after the report', async () => {
    const mine = await publishedReport('Q1 Launch: Überblick!', strict);
    pages[`/p/r/${mine.id}?print=1`] = readyPage('true');
    for (const url of [`/api/reports/${mine.id}/pdf`, `/api/p/reports/${mine.id}/pdf`]) {
      const res = await strict.call('GET', url, { token: mine.ws.token });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="q1-launch-uberblick.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const other = await reportWorkspace(strict);
    expect((await strict.call('GET', `/api/reports/${mine.id}/pdf`, { token: other.token })).statusCode).toBe(404);
  });

  it.skipIf(!CHROMIUM)('prints a Japanese title with a CJK font (fonts-noto-cjk where installed, else ours), not boxes', async () => {
    const name = '四半期レポート：新作ゲーム';
    const mine = await publishedReport(name, strict);
    // The report page's own font stack (web/features/reports/components/report-view.tsx).
    pages[`/p/r/${mine.id}?print=1`] =
      `<!doctype html><html><body style='font-family: ${REPORT_FONT_FAMILY}'><h1>${name}</h1><script>document.body.dataset.reportReady = "true";</script></body></html>`;
    const res = await strict.call('GET', `/api/p/reports/${mine.id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // The font's name is written in the PDF's font dictionary (uncompressed): without it the glyphs are .notdef boxes.
    const fonts = [...res.rawPayload.toString('latin1').matchAll(/\/(?:FontName|BaseFont)\s*\/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]);
    expect(
      fonts.some((f) => /^NotoSans(?:CJK|JP-)/.test(f)),
      `fonts embedded: ${fonts.join(', ')}`,
    ).toBe(true);
  });

  it.skipIf(!CHROMIUM)('answers 503 when the page says it could not draw the report', async () => {
    const mine = await publishedReport('Broken page', strict);
    pages[`/p/r/${mine.id}?print=1`] = readyPage('error');
    const res = await strict.call('GET', `/api/p/reports/${mine.id}/pdf`);
    expect(res.statusCode).toBe(503);
    expect(res.json().errors[0].detail).toBe(MSG.reports.pdfFailed);
  });

  it('answers 503 with a clear reason when Chromium is missing', async () => {
    const bare = await createTestContext({ CHROMIUM_PATH: '/nonexistent/chromium', PUBLIC_URL: site.origin });
    try {
      const ws = await reportWorkspace(bare);
      await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z' });
      const id = (await bare.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, {}) })).json().data.id;
      const res = await bare.call('GET', `/api/p/reports/${id}/pdf`);
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0]).toMatchObject({ code: 'unavailable', detail: MSG.reports.pdfUnavailable });
    } finally {
      await closeBrowser();
      await bare.close();
    }
  });
});
