import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaScoreFromRank } from '../common/media-score.js';
import { rankingLines, zipOf } from '../test/fakes/ranking.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * Reach from public data (issue 26), as the platform operator meets it: the Websites screen says
 * no ranking is in use (every score 0.1); the operator uploads a Tranco list (a ZIP, as Tranco
 * serves it); the list's date, size and id show, and the directory's outlets are scored from
 * their ranks, with the basis on the website page and in the score's tooltip; a demo outlet's
 * typed score is kept until "Use the ranking's score"; the demo report adds up estimated views
 * beside potential reach, with their basis, on the private and the public page.
 */
let j: Journey;
let token = '';
const RANKS = { 'variety.com': 350, 'screenrant.com': 700, 'ign.com': 450, 'gamespot.com': 620, 'polygon.com': 1_500, 'kotaku.com': 2_200, 'pcgamer.com': 900 };
const base = () => j.server.url;

async function api(method: string, url: string) {
  const res = await fetch(`${base()}${url}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' } });
  expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
  return (await res.json()).data;
}

beforeAll(async () => {
  j = await startJourney();
  const login = await fetch(`${base()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  token = (await login.json()).data.attributes.token;
  await loginAs(j.page, base(), ADMIN.email, ADMIN.password);
});
afterAll(() => j?.close());

describe('reach from a traffic ranking', () => {
  it('the operator uploads a Tranco list and every ranked outlet is scored from it', async () => {
    const page = j.page;
    await page.goto(`${base()}/websites?view=packs`);
    const panel = page.getByRole('region', { name: 'Traffic ranking' });
    await panel.getByText(/No ranking yet: every website scores 0\.1/).waitFor();
    await j.shot('reach-ranking-empty');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-reach-'));
    const file = path.join(dir, 'tranco_E2ERK-1m.csv.zip');
    fs.writeFileSync(file, zipOf('top-1m.csv', rankingLines(20_000, RANKS)));
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: /Upload a list/ }).click();
    await (await chooser).setFiles(file);
    await panel.getByText('E2ERK').waitFor({ timeout: 60_000 });
    await panel
      .getByText(/20,000/)
      .first()
      .waitFor();
    // The list is current before every website has its score: wait for the rescoring to finish.
    await expect.poll(async () => (await api('GET', '/api/operator/ranking')).attributes.rescored_at, { timeout: 60_000 }).not.toBeNull();
    await panel.getByText(/scored from their rank/).waitFor();
    await j.shot('reach-ranking-imported');
    const ranking = await api('GET', '/api/operator/ranking');
    expect(ranking.attributes).toMatchObject({
      state: 'ok',
      source: 'upload',
      tranco_id: 'E2ERK',
      domains: 20_000,
      list_url: 'https://tranco-list.eu/list/E2ERK/',
    });
    expect(ranking.attributes.websites_ranked).toBeGreaterThanOrEqual(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a directory outlet shows its rank, score and estimated visitors with their basis', async () => {
    const page = j.page;
    const score = mediaScoreFromRank(RANKS['variety.com']);
    const site = (await api('GET', '/api/websites/variety.com')).attributes;
    expect(site).toMatchObject({ rank: 350, reach: score, reach_source: 'ranking', muv_source: 'estimate' });
    await page.goto(`${base()}/websites/variety.com`);
    await page.getByText(`Tranco rank 350 on ${site.rank_list_date} → ${score}`).first().waitFor();
    await page.getByText('estimate', { exact: true }).first().waitFor();
    await page
      .getByText(/need the SimilarWeb add-on/)
      .first()
      .waitFor();
    await j.shot('reach-website-ranked');
  });

  it("a demo outlet's typed score is kept until the ranking's score is chosen", async () => {
    const page = j.page;
    expect((await api('GET', '/api/websites/ign.com')).attributes).toMatchObject({ reach_source: 'manual', rank: 450 });
    await page.goto(`${base()}/websites/ign.com`);
    await page
      .getByText(/^Typed/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: /Edit (media )?score/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: "Use the ranking's score" }).click();
    // The modal (which previews the ranking's score) closes once the score is saved; the page then says its new basis.
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/^Tranco rank 450 on/)
      .first()
      .waitFor();
    await expect.poll(async () => (await api('GET', '/api/websites/ign.com')).attributes.reach_source).toBe('ranking');
    expect((await api('GET', '/api/websites/ign.com')).attributes).toMatchObject({ reach_source: 'ranking', reach: mediaScoreFromRank(450) });
    await j.shot('reach-website-use-ranking');
  });

  it('the demo report adds up estimated views beside potential reach, with their basis, privately and publicly', async () => {
    const page = j.page;
    let report: { id: string } | undefined;
    for (const project of await api('GET', '/api/projects')) {
      [report] = await api('GET', `/api/reports?filter[project_id]=${project.id}`);
      if (report) break;
    }
    if (!report) throw new Error('the demo has no report');
    const detail = await api('GET', `/api/reports/${report.id}`);
    expect(detail.attributes['total-estimated-views']).toBeGreaterThan(0);
    await page.goto(`${base()}/p/r/${report.id}`);
    await page.getByText('Estimated views').first().waitFor();
    await page
      .getByText(/of the outlet's monthly visitors per article/)
      .first()
      .waitFor();
    await page.getByText('Potential reach').first().waitFor();
    await j.shot('reach-public-report');
    // The PDF is Chromium printing this page's print view: the same cards and words.
    await page.goto(`${base()}/p/r/${report.id}?print=1`);
    await page.getByText('Estimated views').first().waitFor();
    await page
      .getByText(/of the outlet's monthly visitors per article/)
      .first()
      .waitFor();
    const pdf = await fetch(`${base()}/api/p/reports/${report.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
