import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/db/embedded.js';
import { startFakeFeedServer, type FakeFeedServer } from '../test/fakes/feeds.js';
import { startFakeSlack, type FakeSlack } from '../test/fakes/slack.js';
import { ADMIN, loginAs, startJourney, type Journey, waitFor } from './harness.js';

/**
 * The Slack app end to end, against the local fake workspace: an admin adds Coverwatch to Slack
 * from Settings (the fake's authorize page, "Allow", our callback, /slack/installed) → the card
 * shows the workspace and its channels → the alert form's channel picker sets #press (a test
 * message is posted) → a newly published matching article reaches #press by chat.postMessage
 * with Block Kit → Disconnect.
 */
let j: Journey;
let feeds: FakeFeedServer;
let slack: FakeSlack;
let token = '';
const FEED_PATH = '/e2e/slack-app-news.xml';

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.status === 204 ? null : (await res.json()).data;
}

beforeAll(async () => {
  feeds = await startFakeFeedServer();
  slack = await startFakeSlack();
  feeds.setFeed(FEED_PATH, {
    format: 'rss',
    title: 'Starling News',
    hub: true,
    items: [
      { title: 'An older story', url: 'https://starling-news.example/older.html', description: 'Nothing to see.', published: new Date(Date.now() - 3600_000) },
    ],
  });
  const port = await freePort();
  j = await startJourney(
    { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ALLOW_PRIVATE_NETWORK: 'true', ...slack.env },
    // The browser leaves for Slack's authorize page (here, the fake's) and comes back.
    { allowOrigins: [slack.baseUrl] },
  );
}, 120000);

afterAll(async () => {
  await j?.close();
  await feeds?.close();
  await slack?.close();
});

describe('Slack app', () => {
  it("an admin adds Coverwatch to Slack from Settings, and the workspace's channels are listed", async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    await page.goto(`${j.server.url}/settings`);
    await page.getByRole('button', { name: 'Add to Slack' }).click();
    await page.waitForURL((url) => url.toString().startsWith(slack.authorizeUrl));
    await j.shot('slack-authorize');
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.getByText('Slack is connected').waitFor();
    expect(new URL(page.url()).pathname).toBe('/slack/installed');
    await j.shot('slack-installed');
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByText('Fake Workspace').waitFor();
    await page.getByText('3 channels available to alerts', { exact: false }).waitFor();
    await j.shot('slack-settings-connected');
  });

  it('the alert form picks a channel; a matching article reaches it by chat.postMessage with blocks', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/websites`);
    await page.getByRole('button', { name: 'Add website' }).click();
    const add = page.getByRole('dialog', { name: 'Add website' });
    await add.getByLabel('Website URL').fill('starling-news.example');
    await add.getByLabel('Feed URL').fill(`${feeds.url}${FEED_PATH}`);
    await add.getByLabel('Media score').fill('5.5');
    await add.getByLabel('Language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await add.getByRole('button', { name: 'Add website' }).click();
    await page.getByText('Website feed was added correctly!').waitFor();

    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Starling Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Starling Drift' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    await page.goto(`${j.server.url}/articles-feed/${project.id}`);
    await page.getByRole('button', { name: 'Create alert' }).click();
    const modal = page.getByRole('dialog', { name: 'Create alert' });
    await modal.getByLabel('Name').fill('Starling Drift');
    await modal.getByText('Advanced', { exact: true }).click();
    await modal.getByRole('textbox', { name: 'Query' }).fill('"starling drift"');
    await modal.getByRole('switch', { name: 'Post new articles to Slack' }).check({ force: true });
    // A searchable Select: its input is a textbox or a combobox depending on the Mantine version.
    const channel = modal
      .getByRole('textbox', { name: 'Slack channel' })
      .or(modal.getByRole('combobox', { name: 'Slack channel' }))
      .first();
    await channel.click();
    await channel.fill('pre');
    await page.getByRole('option', { name: '#press' }).click();
    await j.shot('slack-alert-channel');
    await modal.getByRole('button', { name: 'Create alert' }).click();
    await page.getByText('Starling Drift Articles').waitFor();
    // The heading was there before the alert: wait for the save itself.
    const alert = await waitFor('the saved alert', async () =>
      (await api('GET', '/api/alerts')).find((a: { attributes: { project_id: number } }) => String(a.attributes.project_id) === String(project.id)),
    );
    expect(alert.attributes).toMatchObject({ slack_tracking: true, slack_channel_id: 'C0PRESS', slack_channel_name: 'press' });

    await waitFor('the WebSub subscription', () => feeds.hub.subscriptions.length > 0);
    feeds.addItem(FEED_PATH, {
      title: 'Starling Drift gets a release date',
      url: 'https://starling-news.example/starling-drift-date.html',
      description: 'Starling Drift is out in spring.',
      published: new Date(),
    });
    await feeds.publish(FEED_PATH);
    await waitFor('the Slack app message', () =>
      slack.posts().some((p) => p.params.channel === 'C0PRESS' && JSON.stringify(p.params.blocks ?? []).includes('Starling Drift gets a release date')),
    ).catch((e) => {
      throw new Error(`${(e as Error).message}; Slack saw: ${JSON.stringify(slack.apiCalls.map((c) => [c.method, c.answer])).slice(0, 1500)}`);
    });
    const post = slack.posts().find((p) => JSON.stringify(p.params.blocks ?? []).includes('Starling Drift gets a release date'))!;
    const blocks = post.params.blocks as { type: string; text?: { text: string } }[];
    expect(blocks[0].text!.text).toContain('<https://starling-news.example/starling-drift-date.html|Starling Drift gets a release date>');
    expect(blocks[0].text!.text).toContain('Media score 5.5');
    expect(post.token).toBe(slack.tokens.at(-1));
  });

  it('Disconnect revokes the app and the card offers to reinstall', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/settings`);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Disconnect Slack' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Reinstall' }).waitFor();
    await page.getByText('Slack was disconnected on', { exact: false }).waitFor();
    expect(slack.apiCalls.some((c) => c.method === 'auth.revoke' && c.answer === 'ok')).toBe(true);
    await j.shot('slack-settings-disconnected');
  });
});
