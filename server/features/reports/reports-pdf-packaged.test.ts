import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FONT_FAMILY } from '../../../common/report-fonts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { startTestSite, type TestPage, type TestSite } from '../../../test/helpers/test-site.js';
import { browserExpected, closeBrowser, PACKAGED } from '../../net/browser.js';
import { settleScreenshotJobs } from '../screenshots/service.js';
import { reportBody, reportWorkspace } from './test-fixtures.js';

/**
 * The report PDF on a machine with nothing installed but Node: the Chromium shipped in the npm
 * package @sparticuz/chromium, with no system fonts at all (its fontconfig reads only the
 * package's Latin font and our CJK fonts from @fontsource-variable), prints Japanese, Chinese and
 * Korean with glyphs. CHROMIUM_PATH=packaged picks that build even here, where Debian's is installed.
 */
let site: TestSite;
let ctx: TestContext;
const pages: Record<string, TestPage | string> = {};

beforeAll(async () => {
  site = await startTestSite(pages);
  // As in production: private addresses refused, yet our own app (PUBLIC_URL, here on loopback) is printed.
  ctx = await createTestContext({ CHROMIUM_PATH: PACKAGED, PUBLIC_URL: site.origin, SCREENSHOTS_ENABLED: 'false' });
});
afterAll(async () => {
  await settleScreenshotJobs();
  await closeBrowser();
  await ctx?.close();
  await site?.close();
});

/** The fonts named in the PDF's font dictionaries (written uncompressed), subset prefix dropped. */
const embeddedFonts = (pdf: Buffer) => [...new Set([...pdf.toString('latin1').matchAll(/\/(?:FontName|BaseFont)\s*\/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]))];

describe.skipIf(!browserExpected(PACKAGED))('report PDF with the packaged Chromium', () => {
  it('prints a Japanese title (and Chinese and Korean lines) with CJK fonts from our packages, on two pages', async () => {
    const name = '四半期レポート：新作ゲーム';
    const ws = await reportWorkspace(ctx, { origin: site.origin });
    await ws.save({ tagId: ws.tags.reviews.id, date: '2024-03-02T10:00:00Z', title: 'スターフォール発売' });
    const created = await ctx.call('POST', '/api/reports', { token: ws.token, body: reportBody(ws.project.id, { name }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    // The print view's stand-in, in the report page's own font stack (web/features/reports/components/report-view.tsx).
    pages[`/p/r/${id}?print=1`] = `<!doctype html><html><head><meta charset="utf-8"></head>
      <body style='font-family: ${REPORT_FONT_FAMILY}'><h1>${name}</h1><p>季度报告：新游戏发布</p><p>분기 보고서: 신작 게임</p>
      <div style="height: 1500px"></div><p>Second page</p><script>document.body.dataset.reportReady = "true";</script></body></html>`;

    const res = await ctx.call('GET', `/api/p/reports/${id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    // Without a CJK font the glyphs would be .notdef boxes and no Noto face would be embedded.
    const fonts = embeddedFonts(pdf);
    for (const face of [/^NotoSansJP-/, /^NotoSansSC-/, /^NotoSansKR-/])
      expect(
        fonts.some((f) => face.test(f)),
        `fonts embedded: ${fonts.join(', ')}`,
      ).toBe(true);
    // Nothing of the system's: the packaged build has no access to its fonts (Debian's Noto CJK, DejaVu, Liberation).
    expect(fonts.filter((f) => /CJK|DejaVu|Liberation/.test(f))).toEqual([]);
  });
});
