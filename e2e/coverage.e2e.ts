import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { freePort } from '../server/db/embedded.js';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { startFakeSlack, type FakeSlack } from '../test/fakes/slack.js';
import { startFakeDiscord, type FakeDiscord } from '../test/fakes/discord.js';
import { ADMIN, loginAs, startJourney, type Journey, waitFor } from './harness.js';

/**
 * The coverage engine end to end: the operator adds a website whose feed the fake feed server
 * serves → the crawler ingests it → an alert is created in a project → a newly published
 * matching item (pushed over WebSub) shows in the articles feed and reaches Slack and Discord →
 * preview, save under a tag, bulk save, CSV export → saved articles → bulk import of 20 links.
 */
let j: Journey;
let feeds: FakeFeedServer;
let slack: FakeSlack;
let discord: FakeDiscord;
let site: http.Server;
let siteUrl = '';
let token = '';
let projectId = '';
const FEED_PATH = '/e2e/comet-news.xml';

/** A publisher's site: article pages with Open Graph metadata, for previews and imports. */
function startSite(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const m = /^\/(news|imports)\/([a-z0-9-]+)\.html$/.exec(req.url ?? '');
    if (!m) return res.writeHead(404).end('not found');
    const title = m[1] === 'imports' ? `Imported story ${m[2]}` : `Comet Rider story ${m[2]}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head>
      <title>${title}</title><meta property="og:title" content="${title}">
      <meta property="article:published_time" content="2026-11-20T10:00:00Z"></head>
      <body><article><h1>${title}</h1>${'<p>Comet Rider is the new racing game from Nebula Games, out this winter on every platform. '.repeat(6)}</p></article></body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()).data;
}

/** True once the locator shows up within a few seconds (the page may still be loading). */
const visible = (l: Locator) =>
  l.waitFor({ timeout: 4000 }).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  feeds = await startFakeFeedServer();
  slack = await startFakeSlack();
  discord = await startFakeDiscord();
  site = await startSite();
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  feeds.setFeed(FEED_PATH, {
    format: 'rss',
    title: 'Comet News',
    hub: true,
    etag: true,
    items: [1, 2, 3, 4].map((n) => ({
      title: `Comet Rider story ${n}: hands-on with Nebula Games' racer`,
      url: `${siteUrl}/news/story-${n}.html`,
      description: 'Comet Rider is the new racing game from Nebula Games.',
      published: new Date(Date.now() - n * 3600_000),
    })),
  });
  const port = await freePort();
  j = await startJourney({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ALLOW_PRIVATE_NETWORK: 'true' });
}, 120000);

afterAll(async () => {
  await j?.close();
  await feeds?.close();
  await slack?.close();
  await discord?.close();
  site?.close();
});

describe('coverage engine', () => {
  it('the operator adds a website with a feed, and the crawler ingests it', async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    await page.goto(`${j.server.url}/websites`);
    await page.getByRole('button', { name: 'Add website' }).click();
    const modal = page.getByRole('dialog', { name: 'Add website' });
    await modal.getByLabel('Website URL').fill('comet-news.example');
    await modal.getByLabel('Feed URL').fill(`${feeds.url}${FEED_PATH}`);
    await modal.getByLabel('Media score').fill('6.5');
    await modal.getByLabel('Language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await modal.getByRole('button', { name: 'Add website' }).click();
    await page.getByText('Website feed was added correctly!').waitFor();
    // The new feed is fetched within seconds; its four items land in the archive.
    await page.goto(`${j.server.url}/websites/comet-news.example`);
    await waitFor('the feed to be ingested', async () => {
      await page.reload();
      return visible(page.getByText('OK', { exact: true }).first());
    });
    await j.shot('coverage-website');
  });

  it('an alert in a project catches a newly published item and notifies Slack and Discord', async () => {
    const page = j.page;
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Comet Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Comet Rider' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    projectId = project.id;
    await api('POST', `/api/projects/${projectId}/tags`, { data: { type: 'tag', attributes: { name: 'Launch coverage' } } });
    await page.goto(`${j.server.url}/articles-feed/${projectId}`);
    await page.getByRole('button', { name: 'Create alert' }).click();
    const modal = page.getByRole('dialog', { name: 'Create alert' });
    await modal.getByLabel('Name').fill('Comet Rider');
    await modal.getByText('Advanced', { exact: true }).click();
    await modal.getByRole('textbox', { name: 'Query' }).fill('+"comet rider" -"giveaway"');
    const discordHook = discord.webhookUrl();
    await modal.getByLabel('Discord webhook URL').fill(discordHook);
    await modal.getByRole('button', { name: 'Create alert' }).click();
    await page.getByText('Comet Rider Articles').waitFor();
    // The backfill already shows the four archived stories.
    await page.getByText('Comet Rider story 1', { exact: false }).first().waitFor();
    // Slack is connected per alert with a webhook through the API (no Slack app install here).
    const [created] = (await api('GET', '/api/alerts')).filter((a: { attributes: { project_id: number } }) => String(a.attributes.project_id) === projectId);
    expect(created.attributes.discord_webhook_url).toBe(discordHook);
    const alertId = created.id;
    await api('PATCH', `/api/alerts/${alertId}`, {
      data: { type: 'alert', attributes: { slack_tracking: true, slack_webhook_url: slack.webhookUrl('e2e') } },
    });

    // A new story appears and the hub pushes it: it shows in the feed and both webhooks fire.
    await waitFor('the WebSub subscription', () => feeds.hub.subscriptions.length > 0);
    feeds.addItem(FEED_PATH, {
      title: 'Comet Rider breaking: release date announced',
      url: `${siteUrl}/news/breaking.html`,
      description: 'Nebula Games dated Comet Rider today.',
      published: new Date(),
    });
    await feeds.publish(FEED_PATH);
    await waitFor('the Slack message', () => slack.delivered().some((d) => JSON.stringify(d.payload).includes('release date announced')));
    await waitFor('the Discord message', () => discord.delivered().some((d) => JSON.stringify(d.payload).includes('release date announced'))).catch((e) => {
      throw new Error(`${e.message}; Discord saw: ${JSON.stringify(discord.requests.map((r) => [r.status, r.payload])).slice(0, 1500)}`);
    });
    await waitFor('the new item in the feed', async () => {
      await page.reload();
      return visible(page.getByText('Comet Rider breaking: release date announced').first());
    });
    await j.shot('coverage-feed');
  });

  it('preview, save under a tag, bulk save and export from the feed', async () => {
    const page = j.page;
    const row = (title: string) => page.getByRole('row').filter({ hasText: title });
    await row('Comet Rider breaking')
      .getByRole('button', { name: /Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByText('Comet Rider is the new racing game', { exact: false }).first().waitFor();
    await j.shot('coverage-preview');
    await preview.getByRole('button', { name: 'Save' }).click();
    const save = page.getByRole('dialog', { name: 'Save article' });
    await save.getByLabel('Tag').click();
    await page.getByRole('option', { name: 'Launch coverage' }).click();
    await save.getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 article saved on your Saved coverage!').waitFor();

    for (const n of [1, 2]) await row(`Comet Rider story ${n}:`).getByRole('checkbox').check();
    await page
      .getByRole('textbox', { name: 'Bulk action' })
      .or(page.getByRole('combobox', { name: 'Bulk action' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Save to Saved Coverage' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const bulk = page.getByRole('dialog', { name: 'Save 2 articles' });
    await bulk.getByLabel('Tag').click();
    await page.getByRole('option', { name: 'Launch coverage' }).click();
    await bulk.getByRole('button', { name: 'Save' }).click();
    await page.getByText('2 articles saved on your Saved coverage!').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += chunk;
    expect(text.split('\n')[0]).toContain('title');
    expect(text).toContain('Comet Rider breaking: release date announced');
  });

  it('saved articles shows them, and 20 links import in one go', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/articles/${projectId}`);
    for (const t of ['Comet Rider breaking', 'Comet Rider story 1:', 'Comet Rider story 2:']) await page.getByText(t).first().waitFor();
    await page.getByRole('button', { name: 'Add article' }).click();
    await page.getByRole('menuitem', { name: 'Bulk import' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk import' });
    await modal.getByLabel('Tag').click();
    await page.getByRole('option', { name: 'Launch coverage' }).click();
    const links = Array.from({ length: 20 }, (_, i) => `${siteUrl}/imports/link-${i + 1}.html`);
    await modal.getByLabel('Links').fill(links.join('\n'));
    await modal.getByRole('button', { name: /Import/ }).click();
    // While the links are fetched the dialog shows a progress bar and each link's state (the
    // component test checks its values); an import that succeeds whole closes the dialog at once,
    // often before a look on a fast machine, so the journey checks what it leaves: the message and
    // the saved rows.
    await page.getByText('Successfully imported 20 articles.').waitFor({ timeout: 60000 });
    await modal.waitFor({ state: 'hidden' });
    await j.shot('coverage-bulk-import');
    const saved = await api('GET', `/api/articles?filter[project_id]=${projectId}&page[page_size]=100`);
    expect(saved.length).toBe(23);
  });
});
