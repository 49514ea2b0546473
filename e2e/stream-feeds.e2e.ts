import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { MSG } from '../common/messages.js';
import { startFakeDiscord, type FakeDiscord } from '../test/fakes/discord.js';
import { startFakeTwitch, type FakeTwitch } from '../test/fakes/twitch.js';
import { ADMIN, loginAs, startJourney, type Journey, waitFor } from './harness.js';

/**
 * A Twitch feed end to end, against the fake Twitch and Discord (issue 13's acceptance): the
 * operator looks a game up, previews and creates the feed → "Get streams" polls the game →
 * streams and videos list, filtered by views → the detail modal with Twitch's player → two saved
 * under a tag → they are in Saved streams → a new live stream of a broadcaster above the
 * threshold reaches Discord (one below it does not) → a Twitch video added by its link.
 */
let j: Journey;
let twitch: FakeTwitch;
let discord: FakeDiscord;
let token = '';
let projectId = '';
const MINECRAFT = '27471';
const JUST_CHATTING = '509658';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${j.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()).data;
}

const visible = (l: Locator) =>
  l.waitFor({ timeout: 4000 }).then(
    () => true,
    () => false,
  );

async function choose(scope: Locator, label: string, option: string) {
  await scope
    .getByRole('combobox', { name: label })
    .or(scope.getByRole('textbox', { name: label }))
    .first()
    .click();
  await j.page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  twitch = await startFakeTwitch();
  twitch.addUser({ id: '700001', login: 'cometracer', display_name: 'CometRacer', followers: 254_000 });
  twitch.addUser({ id: '700002', login: 'tinycomet', display_name: 'TinyComet', followers: 45 });
  twitch.addStream({ user_id: '700001', game_id: MINECRAFT, title: 'Comet Rider world record attempts', viewer_count: 5_400, started_at: hoursAgo(1) });
  twitch.addVideo({
    id: '881001',
    user_id: '700001',
    game_id: MINECRAFT,
    title: 'Comet Rider tournament highlights',
    view_count: 30_500,
    created_at: hoursAgo(6),
    published_at: hoursAgo(6),
  });
  twitch.addVideo({
    id: '881002',
    user_id: '700002',
    game_id: MINECRAFT,
    title: 'Comet Rider first race VOD',
    view_count: 1_200,
    created_at: hoursAgo(5),
    published_at: hoursAgo(5),
  });
  // Not in the feed (another game, another subject): added by its link at the end.
  twitch.addVideo({
    id: '881099',
    user_id: '700002',
    game_id: JUST_CHATTING,
    title: 'Nebula Games dev chat',
    view_count: 640,
    created_at: hoursAgo(40),
    published_at: hoursAgo(40),
  });
  discord = await startFakeDiscord();
  j = await startJourney({ ...twitch.env, ALLOW_PRIVATE_NETWORK: 'true' });
}, 180000);

afterAll(async () => {
  await j?.close();
  await twitch?.close();
  await discord?.close();
});

describe('Twitch feed', () => {
  it('the operator looks the game up, previews and creates a feed with Discord above 1,000 followers', async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Comet Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Comet Rider' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    projectId = project.id;
    await api('POST', `/api/projects/${projectId}/tags`, { data: { type: 'tag', attributes: { name: 'Launch coverage' } } });

    await page.goto(`${j.server.url}/twitch-feed/${projectId}`);
    await page.getByRole('button', { name: 'Create feed' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(/Keyword/).fill('comet rider');
    await modal.getByRole('textbox', { name: /Game/ }).fill('minecraft');
    await page
      .getByRole('option', { name: /Minecraft/ })
      .or(page.getByText('Minecraft', { exact: true }))
      .first()
      .click();
    // The preview shows what the feed would find now on the fake Twitch.
    await modal
      .getByText('Comet Rider world record attempts')
      .first()
      .waitFor()
      .catch(async (e) => {
        await j.shot('stream-feed-preview-failed');
        throw e;
      });
    await j.shot('stream-feed-preview');
    await modal.getByLabel('Discord webhook URL').fill(discord.webhookUrl('434343'));
    await modal.getByLabel('Minimum followers').last().fill('1000');
    await modal.getByRole('button', { name: 'Create feed' }).click();
    await page.getByText(MSG.streams.created).waitFor();
    await page.getByRole('heading', { name: 'Comet Rider Streams' }).waitFor();
  });

  it('Get streams polls the game; streams and videos show and filter by views', async () => {
    const page = j.page;
    await page.getByRole('button', { name: 'Get streams' }).click();
    await page.getByText(MSG.streams.refreshQueued).waitFor();
    await waitFor('the polled streams', async () => {
      await page.reload();
      return visible(page.getByText('Comet Rider first race VOD').first());
    });
    await page.getByText('Comet Rider world record attempts').first().waitFor();
    await page.getByText('Comet Rider tournament highlights').first().waitFor();
    expect(await page.getByText('Nebula Games dev chat').count()).toBe(0);
    await j.shot('stream-feed');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Min views').fill('5000');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await waitFor('the filtered list', async () => !(await page.getByText('Comet Rider first race VOD').count()));
    await page.getByText('Comet Rider tournament highlights').first().waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Comet Rider first race VOD').first().waitFor();
  });

  it('the detail modal plays the live stream in Twitch’s player', async () => {
    const page = j.page;
    await page.getByRole('button', { name: 'Comet Rider world record attempts', exact: true }).first().click();
    const modal = page.getByRole('dialog');
    const frame = modal.locator('iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/player\.twitch\.tv\/\?channel=cometracer&parent=/);
    await j.shot('stream-detail');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('two streams saved under a tag are in Saved streams', async () => {
    const page = j.page;
    for (const title of ['Comet Rider world record attempts', 'Comet Rider first race VOD']) {
      await page.getByRole('row').filter({ hasText: title }).getByLabel('Select row').check();
    }
    await choose(page.locator('body'), 'Bulk action', 'Save to Saved Coverage');
    await page.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save 2 streams' });
    await choose(dialog, 'Tag', 'Launch coverage');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.streams.savedCount(2)).waitFor();

    await page.goto(`${j.server.url}/streams/${projectId}`);
    await page.getByText('Comet Rider world record attempts').first().waitFor();
    await page.getByText('Comet Rider first race VOD').first().waitFor();
    const saved = await api('GET', `/api/saved_streams?project_id=${projectId}`);
    expect(saved.map((s: { attributes: { title: string; tag: string } }) => [s.attributes.title, s.attributes.tag]).sort()).toEqual([
      ['Comet Rider first race VOD', 'Launch coverage'],
      ['Comet Rider world record attempts', 'Launch coverage'],
    ]);
  });

  it('a new live stream of a broadcaster above the threshold reaches Discord; one below it does not', async () => {
    const page = j.page;
    twitch.addStream({ user_id: '700001', game_id: MINECRAFT, title: 'Comet Rider night league LIVE', viewer_count: 2_100 });
    twitch.addStream({ user_id: '700002', game_id: MINECRAFT, title: 'Comet Rider chill laps', viewer_count: 3 });
    await page.goto(`${j.server.url}/twitch-feed/${projectId}`);
    await page.getByRole('button', { name: 'Get streams' }).click();
    await page.getByText(MSG.streams.refreshQueued).waitFor();
    await waitFor('the new streams in the feed', async () => {
      await page.reload();
      return visible(page.getByText('Comet Rider chill laps').first());
    });
    const message = await waitFor('the Discord message', () => discord.delivered().find((d) => JSON.stringify(d.payload).includes('night league'))).catch(
      (e) => {
        throw new Error(`${(e as Error).message}; Discord saw: ${JSON.stringify(discord.requests.map((r) => [r.status, r.payload])).slice(0, 1500)}`);
      },
    );
    const embed = message.payload!.embeds!.find((e) => e.title?.includes('night league'))!;
    expect(embed.footer?.text).toBe('Twitch feed: Comet Rider · comet rider');
    expect(embed.fields).toContainEqual(expect.objectContaining({ name: 'Followers', value: '254,000' }));
    const everything = JSON.stringify(discord.requests.map((r) => r.payload));
    expect(everything).not.toContain('chill laps');
    // What the first poll found was history, not news.
    expect(everything).not.toContain('tournament highlights');
  });

  it('a Twitch video is added to Saved streams by its link', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/streams/${projectId}`);
    await page.getByRole('button', { name: 'Add new' }).click();
    const modal = page.getByRole('dialog', { name: 'Add a stream' });
    await modal.getByLabel(/Twitch link/).fill('https://www.twitch.tv/videos/881099');
    await choose(modal, 'Tag', 'Launch coverage');
    await modal.getByRole('button', { name: 'Add stream' }).click();
    await page.getByText(MSG.streams.streamAdded).waitFor();
    await page.getByText('Nebula Games dev chat').first().waitFor();
    await j.shot('saved-streams');
  });
});
