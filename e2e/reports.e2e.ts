import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { MSG } from '../common/messages.js';
import { root } from '../bench/lib.js';
import { startFakeTwitch, type FakeTwitch } from '../test/fakes/twitch.js';
import { startFakeYoutube, type FakeYoutube } from '../test/fakes/youtube.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * Reports end to end: saved coverage in a fresh project → the four-step wizard (two tags, one
 * language left out, three highlights) → the public link in a browser with no session, whose
 * cards and charts show what the API computes → PDF download → the organization's logo and name
 * heading the public page, whose printed table cuts no word or outlet → rename and delete from the
 * list, after which the public link is a 404. The project also has saved videos and streams
 * (added by their links, from the fake YouTube and Twitch): the wizard counts and previews those
 * of the report's tags, and the published report lists them.
 */
let j: Journey;
let token = '';
let projectId = '';
let reportId = '';
let publicUrl = '';
let youtube: FakeYoutube;
let twitch: FakeTwitch;

const DAY = 86400_000;
const TAGS = ['Reviews', 'Previews', 'Interviews'] as const;
/** [tag, language, media score, days ago, outlet]: the report keeps Reviews and Previews, minus German. */
const COVERAGE: [(typeof TAGS)[number], string, number, number, string][] = [
  ['Reviews', 'en', 8.2, 2, 'orbit-news.example'],
  ['Reviews', 'en', 6.4, 4, 'pixel-post.example'],
  ['Reviews', 'de', 5.0, 5, 'spielzeit.example'],
  ['Reviews', 'fr', 7.1, 7, 'jeux-hebdo.example'],
  ['Previews', 'en', 4.5, 9, 'orbit-news.example'],
  ['Previews', 'de', 3.3, 11, 'spielzeit.example'],
  // A long outlet: printed whole, never cut in two (issue 27).
  ['Previews', 'es', 9.0, 13, 'mundo-videojuegos-y-consolas.example'],
  ['Interviews', 'en', 2.2, 15, 'pixel-post.example'],
  ['Interviews', 'ja', 6.6, 17, 'gemu-tsushin.example'],
];
const EXPECTED = COVERAGE.filter(([tag, lang]) => tag !== 'Interviews' && lang !== 'de');
/** Saved videos and a saved stream of the period: [YouTube id or Twitch video id, title, views, tag]. */
const VIDEOS: [string, string, number, (typeof TAGS)[number]][] = [
  ['aurorarev01', 'Aurora Drift review in 10 minutes', 48_000, 'Reviews'],
  ['aurorapre01', 'Aurora Drift hands-on preview', 12_500, 'Previews'],
  ['auroraint01', 'Aurora Drift director interview', 3_100, 'Interviews'],
];
const STREAM: [string, string, number, (typeof TAGS)[number]] = ['991001', 'Aurora Drift launch night stream', 7_700, 'Reviews'];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
  return res.status === 204 ? null : (await res.json()).data;
}

/** A context like the harness's: no session, nothing but the app reachable. */
async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(j.server.url) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    return route.abort();
  });
  return context;
}

async function shot(page: Page, name: string, fullPage = false) {
  const dir = path.join(root, 'e2e', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** The text drawn in one ECharts chart (its SVG labels). */
const chartText = (page: Page, label: string) => page.locator(`[aria-label="${label}"] svg text`).allTextContents();

beforeAll(async () => {
  youtube = await startFakeYoutube({
    channels: [{ id: 'UCauroradriftfans000001', title: 'Drift Fans', subscribers: 88_000, country: 'US' }],
    videos: VIDEOS.map(([id, title, views], i) => ({
      id,
      channelId: 'UCauroradriftfans000001',
      title,
      views,
      publishedAt: new Date(Date.now() - (3 + i) * DAY).toISOString(),
    })),
  });
  twitch = await startFakeTwitch();
  twitch.addUser({ id: '810001', login: 'driftcaster', display_name: 'DriftCaster', followers: 12_000 });
  const at = new Date(Date.now() - 6 * DAY).toISOString();
  twitch.addVideo({ id: STREAM[0], user_id: '810001', game_id: '509658', title: STREAM[1], view_count: STREAM[2], created_at: at, published_at: at });
  j = await startJourney({ ...youtube.env, ...twitch.env, ALLOW_PRIVATE_NETWORK: 'true' });
}, 180000);

afterAll(async () => {
  await j?.close();
  await youtube?.close();
  await twitch?.close();
});

describe('reports', () => {
  it('a project has saved coverage under three tags', async () => {
    await loginAs(j.page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await j.page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Aurora Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Aurora Drift' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    projectId = project.id;
    const tagIds: Record<string, string> = {};
    for (const name of TAGS) tagIds[name] = (await api('POST', `/api/projects/${projectId}/tags`, { data: { type: 'tag', attributes: { name } } })).id;
    let n = 0;
    for (const [tag, language, reach, daysAgo, outlet] of COVERAGE) {
      n++;
      await api('POST', '/api/articles', {
        data: {
          type: 'article',
          attributes: {
            url: `https://www.${outlet}/stories/aurora-drift-${n}`,
            // Headlines as long as real ones: the printed table must share the page, not break words to fit.
            title: `Aurora Drift story ${n}: ${tag.toLowerCase()} in ${language}, a long look at the launch month and what the studio plans next`,
            language,
            reach,
            date: new Date(Date.now() - daysAgo * DAY).toISOString(),
          },
          relationships: { tag: { data: { type: 'tag', id: tagIds[tag] } } },
        },
      });
    }
    // Videos and a stream saved by their links (the fakes answer for them).
    for (const [id, , , tag] of VIDEOS) {
      await api('POST', '/api/saved_videos/save_missing_video', { youtube_video_url: `https://www.youtube.com/watch?v=${id}`, tag_id: tagIds[tag] });
    }
    await api('POST', '/api/saved_streams/save_missing_stream', { stream_url: `https://www.twitch.tv/videos/${STREAM[0]}`, tag_id: tagIds[STREAM[3]] });
  });

  it('builds a report through the four steps with two tags, a language left out and three highlights', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/reports/${projectId}`);
    await page.getByText(MSG.emptyTable).waitFor();
    await page.getByRole('button', { name: 'New report' }).click();
    await page.waitForURL(`**/new-report/${projectId}`);
    const status = (s: string) => page.locator(`[data-status="${s}"]`).waitFor();

    // Step 0: the period defaults to one month back.
    await status('STEP 0 LOADED');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();

    // Step 1: two tags in, German out; the count follows.
    await status('STEP 1 LOADED');
    await page.getByTestId('count-message').getByText('9 articles found with these filters').waitFor();
    await page.getByTestId('count-message').getByText('3 videos and 1 stream saved in the period.').waitFor();
    await page.getByRole('combobox', { name: 'Tags', exact: true }).click();
    await page.getByRole('option', { name: /^Reviews/ }).click();
    await page.getByRole('option', { name: /^Previews/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Exclude languages', exact: true }).click();
    await page.getByRole('option', { name: /^German/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('count-message').getByText(`${EXPECTED.length} articles found with these filters`).waitFor();
    // The Interviews video is left out with its tag.
    await page.getByTestId('count-message').getByText('2 videos and 1 stream saved in the period.').waitFor();
    await j.shot('reports-wizard-filters');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    // Step 2: title, description, three highlights.
    await status('STEP 2 LOADED');
    const title = page.getByLabel('Report title');
    await title.fill('ab');
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    await title.fill('Aurora Drift: launch month');
    await page.locator('.ProseMirror').click();
    // A Japanese sentence too: the PDF must print it with a CJK font, not as boxes.
    await page.keyboard.type('Strong reviews across Europe and Latin America. 日本でも好評です。');
    for (let i = 0; i < 3; i++) {
      await page
        .getByRole('button', { name: /^Highlight: / })
        .first()
        .click();
      await page.getByText(MSG.modal.highlightSaved).nth(i).waitFor();
    }
    expect(await page.getByRole('button', { name: /^Remove highlight: / }).count()).toBe(3);
    // The videos and the stream the report will hold, previewed with their links.
    expect(await page.getByRole('link', { name: 'Aurora Drift review in 10 minutes' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=aurorarev01',
    );
    await page.getByRole('link', { name: 'Aurora Drift hands-on preview' }).waitFor();
    await page.getByRole('link', { name: STREAM[1] }).waitFor();
    expect(await page.getByRole('link', { name: 'Aurora Drift director interview' }).count()).toBe(0);
    await j.shot('reports-wizard-preview');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();

    // Step 3: the public link.
    await status('STEP 3 LOADED');
    publicUrl = await page.getByTestId('public-link').inputValue();
    reportId = publicUrl.split('/p/r/')[1];
    expect(reportId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    await j.shot('reports-wizard-published');
  });

  it('the public link works without a session and shows the totals the API computes', async () => {
    const report = await api('GET', `/api/reports/${reportId}`);
    const totals = report.attributes.totals;
    expect(totals.articles).toBe(EXPECTED.length);
    expect(totals.reach).toBeCloseTo(
      EXPECTED.reduce((s, c) => s + c[2], 0),
      5,
    );
    expect(totals.media).toBe(new Set(EXPECTED.map((c) => c[4])).size);
    expect(report.attributes).toMatchObject({ 'reports-videos': 2, 'reports-streams': 1 });
    expect(totals).toMatchObject({ videos: 2, video_views: 48_000 + 12_500, streams: 1, stream_views: STREAM[2] });

    const context = await freshContext(j.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    await page.goto(publicUrl);
    await page.waitForFunction(() => document.body.dataset.reportReady === 'true', undefined, { timeout: 30000 });
    await page.getByRole('heading', { name: 'Aurora Drift: launch month' }).waitFor();
    expect(await page.getByTestId('total-articles').textContent()).toBe(String(totals.articles));
    expect(await page.getByTestId('total-average-media-score').textContent()).toBe(
      `${totals.average_score.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 10`,
    );
    expect(await page.getByTestId('total-media-outlets').textContent()).toBe(String(totals.media));
    expect(await page.getByTestId('highlight-card').count()).toBe(3);
    expect(await page.getByTestId('report-description').textContent()).toContain('Strong reviews across Europe');

    // The charts draw the API's figures: the two tags, the languages left after excluding German.
    const tags = await chartText(page, 'Articles per tag');
    expect(tags).toEqual(expect.arrayContaining(['Reviews', 'Previews']));
    expect(tags).not.toContain('Interviews');
    const languages = await chartText(page, 'Articles per language');
    expect(languages).toEqual(expect.arrayContaining(['English', 'French', 'Spanish']));
    expect(languages).not.toContain('German');
    expect(languages).toContain(String(EXPECTED.filter((c) => c[1] === 'en').length));
    const trend = await page.locator('[data-testid="trend-chart"] [role="img"] svg').count();
    expect(trend).toBe(1);
    // The articles section lists exactly the report's articles.
    expect(await page.getByRole('table', { name: 'Articles' }).locator('tbody tr').count()).toBe(EXPECTED.length);
    // The videos and streams section lists the report's own, linking to YouTube and Twitch.
    const media = page.getByTestId('media-section');
    expect(await media.getByRole('link', { name: 'Aurora Drift review in 10 minutes' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=aurorarev01',
    );
    expect(await media.getByRole('link', { name: STREAM[1] }).getAttribute('href')).toBe(`https://www.twitch.tv/videos/${STREAM[0]}`);
    expect(await page.getByTestId('videos-table').locator('tbody tr').count()).toBe(2);
    expect(await page.getByTestId('total-video-views').textContent()).toBe('60.5K');
    expect(await page.getByTestId('total-stream-views').textContent()).toBe('7.7K');
    await shot(page, 'reports-public', true);

    // Download PDF: the server prints this page.
    const download = page.waitForEvent('download', { timeout: 60000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const stream = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pdf.toString('latin1')).toMatch(/\/(?:FontName|BaseFont)\s*\/[A-Z]{6}\+NotoSansCJK/);
    await context.close();
  });

  it('the public page is headed by the organization and its logo; printed, no word or outlet is cut in two', async () => {
    const me = await api('GET', '/api/user');
    const orgId = String(me.attributes.organization.id);
    const form = new FormData();
    form.append('scope', 'logo');
    const png = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#e8590c' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${j.server.url}/api/f/av`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const logo = (await uploaded.json()).data.attributes.url;
    await api('PATCH', `/api/organizations/${orgId}`, { data: { type: 'organizations', id: orgId, attributes: { name: 'Aurora PR', avatar: logo } } });

    const context = await freshContext(j.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    await page.goto(`${publicUrl}?print=1`);
    await page.waitForFunction(() => document.body.dataset.reportReady === 'true', undefined, { timeout: 30000 });

    // Printed, each word and outlet of the articles table sits on one line.
    await page.emulateMedia({ media: 'print' });
    const cut = await page.getByRole('table', { name: 'Articles' }).evaluate((table) => {
      const found: string[] = [];
      for (const cell of table.querySelectorAll('td')) {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) found.push(word[0]);
          }
        }
        // An outlet is shown whole, not ended with an ellipsis.
        for (const outlet of cell.querySelectorAll<HTMLElement>('span[title]')) if (outlet.scrollWidth > outlet.clientWidth) found.push(outlet.title);
      }
      return found;
    });
    expect(cut).toEqual([]);
    // The report's columns of sections print as blocks: a flex column let the articles print over the charts.
    expect(await page.getByTestId('report-page').evaluate((el) => getComputedStyle(el.firstElementChild!).display)).toBe('block');
    await page.emulateMedia({ media: 'screen' });

    // The organization heads the page; its logo loads without a session.
    const brand = page.getByRole('banner').getByTestId('public-brand');
    expect(await brand.textContent()).toBe('Aurora PR');
    expect(await brand.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(240);
    expect(await page.getByRole('banner').getByLabel('Coverwatch').count()).toBe(0);
    // The operator's plan includes custom branding: no "Made with Coverwatch" line.
    expect(await page.getByTestId('made-with').count()).toBe(0);
    await shot(page, 'reports-public-branded', true);
    await context.close();
  });

  it('the report renders for members too', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/reports/${projectId}/${reportId}`);
    await page.getByRole('heading', { name: 'Aurora Drift: launch month' }).waitFor();
    await page.waitForFunction(() => document.body.dataset.reportReady === 'true', undefined, { timeout: 30000 });
    expect(await page.getByTestId('total-articles').textContent()).toBe(String(EXPECTED.length));
  });

  it('renames and deletes it from the list; the public link then shows the 404 page', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/reports/${projectId}`);
    await page.getByRole('link', { name: 'Aurora Drift: launch month' }).waitFor();
    await page.getByRole('button', { name: 'Actions for Aurora Drift: launch month' }).click();
    await page.getByRole('menuitem', { name: 'Rename report' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename report' });
    await rename.getByLabel('Report name').fill('Aurora Drift: the first month');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.reports.nameUpdated).waitFor();
    await page.getByRole('link', { name: 'Aurora Drift: the first month' }).waitFor();
    await j.shot('reports-list');

    await page.getByRole('button', { name: 'Actions for Aurora Drift: the first month' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete report' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(MSG.reports.deleted).waitFor();
    await page.getByText(MSG.emptyTable).waitFor();

    const context = await freshContext(j.browser);
    const visitor = await context.newPage();
    await visitor.goto(publicUrl);
    await visitor.getByText(MSG.pages.notFound).waitFor();
    const res = await fetch(`${j.server.url}/api/p/reports/${reportId}`);
    expect(res.status).toBe(404);
    await context.close();
  });
});
