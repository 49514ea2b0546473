import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { freePort } from '../server/db/embedded.js';
import { startFakeSmtp, type FakeSmtp } from '../test/fakes/smtp.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * Super Search end to end on the demo archive (seeded on first start: "Starfall" headlines
 * over the last 120 days, "Lumen Audio" ones besides): search → results, volume chart and a
 * competitor line → page forward and back → save three results under a tag → they are in the
 * project's saved articles → the export by e-mail reaches a local SMTP receiver with a link
 * to the CSV.
 */
let j: Journey;
let smtp: FakeSmtp;
let token = '';
let projectId = '';
const TAG = 'Super Search picks';
const EXPORT_TO = 'press@nebula.test';
let savedTitles: string[] = [];
let total = 0;
/** Rows of the results table (the chart has a table of its own for screen readers). */
const resultRows = () => j.page.getByRole('region', { name: 'Results' }).getByRole('row');
/** The headline link of a results row (the media link and the open icon are its other links). */
const titleOf = (row: Locator) => row.locator('td a[target=_blank]').first();

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()).data;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const port = await freePort();
  j = await startJourney({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url });
}, 180000);

afterAll(async () => {
  await j?.close();
  await smtp?.close();
});

describe('super search', () => {
  it('finds a demo term with its volume chart and a competitor line', async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    // A project of its own, so nothing of the demo's saved coverage is in the way.
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Nebula Research' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Archive Picks' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    projectId = project.id;
    await api('POST', `/api/projects/${projectId}/tags`, { data: { type: 'tag', attributes: { name: TAG } } });

    await page.goto(`${j.server.url}/supersearch/${projectId}`);
    const form = page.getByRole('form', { name: 'Super Search' });
    await form.waitFor();
    await page.getByRole('button', { name: 'Add competitor' }).click();
    await page.getByRole('textbox', { name: 'Competitor 1 query' }).fill('“Lumen Audio”');
    const terms = page.getByRole('combobox', { name: 'All of these' });
    await terms.fill('Starfall');
    await terms.press('Enter');

    await page.getByTestId('results-total').waitFor();
    total = Number((await page.getByTestId('results-total').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(25);
    await page
      .getByRole('link', { name: /Starfall/ })
      .first()
      .waitFor();
    // The main query's line and the competitor's are drawn (ECharts' SVG legend names them).
    await page.getByTestId('volume-chart').locator('svg text', { hasText: 'Your search' }).first().waitFor();
    await page.getByTestId('volume-chart').locator('svg text', { hasText: 'Lumen Audio' }).first().waitFor();
    const share = await page.getByTestId('share-of-voice').textContent();
    expect(share).toContain('Lumen Audio');
    expect(share).toMatch(/%/);
    await j.shot('supersearch-results');
  });

  it('pages forward and back with the cursors', async () => {
    const page = j.page;
    const firstTitle = await titleOf(resultRows().nth(1)).textContent();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('results-range').filter({ hasText: /^26–/ }).waitFor();
    expect(await page.getByTestId('current-page').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page
      .getByTestId('results-range')
      .filter({ hasText: /^1–25 / })
      .waitFor();
    expect(await page.getByTestId('current-page').textContent()).toBe('1');
    expect(await titleOf(resultRows().nth(1)).textContent()).toBe(firstTitle);
  });

  it('saves three results under a tag, and they are in the saved articles', async () => {
    const page = j.page;
    const rows = resultRows();
    savedTitles = [];
    for (const n of [1, 2, 3]) {
      await rows.nth(n).getByRole('checkbox').check();
      savedTitles.push((await titleOf(rows.nth(n)).textContent())!.trim());
    }
    await page.getByTestId('bulk-bar').getByText('3 selected').waitFor();
    await page.getByRole('button', { name: 'Save to project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save 3 articles to a project' });
    expect(
      await dialog
        .getByRole('textbox', { name: 'Project' })
        .or(dialog.getByRole('combobox', { name: 'Project' }))
        .first()
        .inputValue(),
    ).toBe('Archive Picks');
    await dialog.getByLabel('Tag').click();
    await page.getByRole('option', { name: TAG }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('3 articles saved on your Saved coverage!').waitFor();

    const saved = await api('GET', `/api/articles?filter[project_id]=${projectId}&page[page_size]=100`);
    expect(saved.map((a: { attributes: { title: string } }) => a.attributes.title).sort()).toEqual([...savedTitles].sort());
    await page.goto(`${j.server.url}/articles/${projectId}`);
    // The saved table cuts long headlines: their start is enough to find them.
    for (const t of savedTitles) await page.getByText(t.slice(0, 50)).first().waitFor();
    await j.shot('supersearch-saved');
  });

  it('exports the search by e-mail to a local SMTP receiver', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/supersearch/${projectId}`);
    const terms = page.getByRole('combobox', { name: 'All of these' });
    await terms.fill('Starfall');
    await terms.press('Enter');
    await page.getByTestId('results-total').waitFor();
    await page.getByRole('button', { name: 'Export by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export by e-mail' });
    await dialog.getByRole('textbox', { name: 'Send to' }).fill(EXPORT_TO);
    await dialog.getByRole('button', { name: 'Send export' }).click();
    await page.getByText('Your export is being processed. You will receive it on your email in a few minutes!').waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(EXPORT_TO), 60000);
    expect(mail.subject).toBe('Your Super Search export is ready');
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const csv = await (await fetch(link!)).text();
    const lines = csv.trim().split('\n');
    expect(lines[0].toLowerCase()).toContain('title');
    // The same search as on screen: a header and one line per result.
    expect(lines.length).toBeGreaterThanOrEqual(total + 1);
    expect(csv).toContain('Starfall');
  });
});
