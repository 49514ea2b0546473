import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { MSG } from '../common/messages.js';
import { startFakeDiscord, type FakeDiscord } from '../test/fakes/discord.js';
import { startFakeYoutube, type FakeYoutube } from '../test/fakes/youtube.js';
import { ADMIN, loginAs, startJourney, type Journey, waitFor } from './harness.js';

/**
 * A YouTube feed end to end, against the fake YouTube and Discord (issue 13's acceptance): the
 * operator creates a feed with a live preview → "Get videos" polls the shared search → the
 * videos list, filtered by views → the detail modal with the privacy-enhanced player → two
 * videos saved under a tag → they are in Saved videos → a new upload of a channel above the
 * feed's threshold reaches Discord (one below it does not) → a video added by its link.
 */
let j: Journey;
let youtube: FakeYoutube;
let discord: FakeDiscord;
let token = '';
let projectId = '';

const BIG = { id: 'UCcometbigchannel000001', title: 'Comet Central', subscribers: 2_450_000, country: 'US', customUrl: '@cometcentral' };
const SMALL = { id: 'UCcometsmallchannel0001', title: 'Tiny Comet Fan', subscribers: 120, country: 'GB', customUrl: null };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const VIDEOS = [
  { id: 'cometvid001', channelId: BIG.id, title: 'Comet Rider review: the racer of the winter', views: 184_000, publishedAt: hoursAgo(30) },
  { id: 'cometvid002', channelId: BIG.id, title: 'Comet Rider all tracks ranked', views: 52_300, publishedAt: hoursAgo(28) },
  { id: 'cometvid003', channelId: SMALL.id, title: 'Comet Rider first impressions', views: 840, publishedAt: hoursAgo(26) },
  { id: 'cometvid004', channelId: SMALL.id, title: 'Comet Rider photo mode tricks', views: 310, publishedAt: hoursAgo(24) },
];

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

/** Picks an option of a Mantine Select by its label. */
async function choose(scope: Locator, label: string, option: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await j.page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  youtube = await startFakeYoutube({ channels: [BIG, SMALL], videos: VIDEOS });
  discord = await startFakeDiscord();
  j = await startJourney({ ...youtube.env, ALLOW_PRIVATE_NETWORK: 'true' });
}, 180000);

afterAll(async () => {
  await j?.close();
  await youtube?.close();
  await discord?.close();
});

describe('YouTube feed', () => {
  it('the operator creates a feed from its live preview, with Discord above 100,000 subscribers', async () => {
    const page = j.page;
    await loginAs(page, j.server.url, ADMIN.email, ADMIN.password);
    token = (await page.evaluate(() => localStorage.getItem('coverwatch.token')))!;
    const brand = await api('POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Comet Studios' } } });
    const project = await api('POST', '/api/projects', {
      data: { type: 'project', attributes: { name: 'Comet Rider' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
    });
    projectId = project.id;
    await api('POST', `/api/projects/${projectId}/tags`, { data: { type: 'tag', attributes: { name: 'Launch coverage' } } });

    await page.goto(`${j.server.url}/youtube-feed/${projectId}`);
    await page.getByRole('button', { name: 'Create feed' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: /Keyword/ }).fill('comet rider');
    // The preview asks the fake YouTube (one search) and lists what the feed would find.
    await modal
      .getByTestId('feed-preview-list')
      .getByText('Comet Rider review: the racer of the winter')
      .waitFor()
      .catch(async (e) => {
        await j.shot('video-feed-preview-failed');
        throw e;
      });
    await j.shot('video-feed-preview');
    await modal.getByRole('textbox', { name: 'Discord webhook' }).fill(discord.webhookUrl('424242'));
    await modal.getByRole('textbox', { name: 'Minimum subscribers' }).last().fill('100000');
    await modal.getByRole('button', { name: 'Create feed' }).click();
    await page.getByText(MSG.videos.created).waitFor();
    await page.getByRole('heading', { name: 'Comet Rider Videos' }).waitFor();
  });

  it('Get videos polls the search; the videos show and filter by views', async () => {
    const page = j.page;
    await page.getByRole('button', { name: 'Get videos' }).click();
    await page.getByText(MSG.videos.refreshQueued).waitFor();
    await waitFor('the polled videos', async () => {
      await page.reload();
      return visible(page.getByText('Comet Rider photo mode tricks').first());
    });
    for (const v of VIDEOS) await page.getByText(v.title).first().waitFor();
    await j.shot('video-feed');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Min views').fill('10000');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await waitFor('the filtered list', async () => !(await page.getByText('Comet Rider first impressions').count()));
    await page.getByText('Comet Rider all tracks ranked').first().waitFor();
    expect(await page.getByText('Comet Rider photo mode tricks').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Comet Rider photo mode tricks').first().waitFor();
  });

  it('the detail modal plays the video in the privacy-enhanced player', async () => {
    const page = j.page;
    await page.getByRole('button', { name: 'Comet Rider review: the racer of the winter', exact: true }).first().click();
    const modal = page.getByRole('dialog');
    const frame = modal.locator('iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/cometvid001');
    await modal.getByText('Comet Central').first().waitFor();
    await j.shot('video-detail');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('two videos saved under a tag are in Saved videos', async () => {
    const page = j.page;
    for (const title of ['Comet Rider review: the racer of the winter', 'Comet Rider first impressions']) {
      await page.getByRole('row').filter({ hasText: title }).getByRole('checkbox', { name: 'Select row' }).check();
    }
    await page.getByText('2 selected').waitFor();
    await choose(page.locator('body'), 'Bulk action', 'Move to Saved Coverage');
    await choose(page.locator('body'), 'Tag', 'Launch coverage');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(MSG.videos.savedCount(2)).waitFor();

    await page.goto(`${j.server.url}/videos/${projectId}`);
    await page.getByText('Comet Rider review: the racer of the winter').first().waitFor();
    await page.getByText('Comet Rider first impressions').first().waitFor();
    expect(await page.getByText('Comet Rider all tracks ranked').count()).toBe(0);
    const saved = await api('GET', `/api/saved_videos?project_id=${projectId}`);
    expect(saved.map((v: { attributes: { youtube_video_id: string; tag: string } }) => [v.attributes.youtube_video_id, v.attributes.tag]).sort()).toEqual([
      ['cometvid001', 'Launch coverage'],
      ['cometvid003', 'Launch coverage'],
    ]);
  });

  it('a new upload of a channel above the threshold reaches Discord; one below it does not', async () => {
    const page = j.page;
    youtube.addVideo({
      id: 'cometnew001',
      channelId: BIG.id,
      title: 'Comet Rider launch trailer breakdown',
      views: 9_100,
      publishedAt: new Date().toISOString(),
    });
    youtube.addVideo({ id: 'cometnew002', channelId: SMALL.id, title: 'Comet Rider my first race', views: 12, publishedAt: new Date().toISOString() });
    await page.goto(`${j.server.url}/youtube-feed/${projectId}`);
    await page.getByRole('button', { name: 'Get videos' }).click();
    await page.getByText(MSG.videos.refreshQueued).waitFor();
    await waitFor('the new uploads in the feed', async () => {
      await page.reload();
      return visible(page.getByText('Comet Rider my first race').first());
    });
    const message = await waitFor('the Discord message', () =>
      discord.delivered().find((d) => JSON.stringify(d.payload).includes('launch trailer breakdown')),
    ).catch((e) => {
      throw new Error(`${(e as Error).message}; Discord saw: ${JSON.stringify(discord.requests.map((r) => [r.status, r.payload])).slice(0, 1500)}`);
    });
    const embed = message.payload!.embeds!.find((e) => e.url === 'https://www.youtube.com/watch?v=cometnew001')!;
    expect(embed.footer?.text).toBe('YouTube feed: Comet Rider · comet rider');
    expect(embed.fields).toContainEqual(expect.objectContaining({ name: 'Subscribers', value: '2,450,000' }));
    // The small channel's upload is below the feed's minimum, and the videos found before the feed existed were history.
    const everything = JSON.stringify(discord.requests.map((r) => r.payload));
    expect(everything).not.toContain('my first race');
    expect(everything).not.toContain('all tracks ranked');
  });

  it('a missing video is added to Saved videos by its link', async () => {
    const page = j.page;
    youtube.addVideo({ id: 'cometmiss01', channelId: SMALL.id, title: 'Nebula Games developer interview', views: 4_200, publishedAt: hoursAgo(50) });
    await page.goto(`${j.server.url}/videos/${projectId}`);
    await page.getByRole('button', { name: 'Add new' }).click();
    const modal = page.getByRole('dialog', { name: 'Add a video' });
    await modal.getByRole('textbox', { name: 'YouTube video link' }).fill('https://youtu.be/cometmiss01');
    await choose(modal, 'Tag', 'Launch coverage');
    await modal.getByRole('button', { name: 'Add video' }).click();
    await page.getByText(MSG.videos.videoAdded).waitFor();
    await page.getByText('Nebula Games developer interview').first().waitFor();
    await j.shot('saved-videos');
  });
});
