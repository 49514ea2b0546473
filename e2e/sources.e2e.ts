import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startOutletsWeb, type OutletsWeb } from '../test/fakes/outlets-web.js';
import { ADMIN, loginAs, solveCaptcha, startJourney, waitFor, type Journey } from './harness.js';

/**
 * Coverage out of the box (issue 25), as a new studio meets it: it signs up and its articles feed
 * says why it is empty (nothing is switched on yet) and offers "Suggest an outlet"; the studio
 * suggests its favourite outlet (a site on the local web of outlets) and sees what was found;
 * the operator's first login offers the directory's packs, the Websites screen lists the
 * suggestion, one click approves it; the outlet's articles arrive in the studio's feed.
 * Screenshots at 1440 and 390 px.
 */
let j: Journey;
let web: OutletsWeb;
let outletOrigin = '';
let studio: { context: BrowserContext; page: Page };
const STUDIO = { name: 'Ada Lovelace', email: 'ada@aurora.test', password: 'skyward-saga-2027' };

const base = () => j.server.url;

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => (route.request().url().startsWith(base()) ? route.continue() : route.abort()));
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  return { context, page };
}

/**
 * Screenshots at 1440 and 390 px. A page that survives a reload is loaded afresh at each width
 * (`ready` names what to wait for), as a phone would open it: a desktop layout shrunk in place
 * leaves its navigation mid-transition.
 */
async function shotAt(page: Page, name: string, ready?: () => Promise<unknown>) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (ready) {
      await page.reload();
      await ready();
    }
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png` });
    if (ready && width === 390) expect(await fitsWidth(page), `${name} at 390 px`).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** No sideways scroll: the page is no wider than the window. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

beforeAll(async () => {
  web = await startOutletsWeb();
  const [outlet] = await web.addOutlets(1, 'linked');
  outlet.publish({ title: 'Skyward Saga gets a March release date', description: 'Aurora Interactive dates its sky-pirate adventure.' });
  outletOrigin = outlet.origin;
  j = await startJourney({ ALLOW_PRIVATE_NETWORK: 'true' });
  const signup = await fetch(`${base()}/api/p/free_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...STUDIO,
      organization_name: 'Aurora Interactive',
      client_name: 'Aurora Interactive',
      project_name: 'Skyward Saga launch',
      article_alert: { name: 'Skyward Saga', keywords: 'Aurora Interactive, Skyward Saga' },
      altcha: await solveCaptcha(base()),
    }),
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  studio = await newPage(j.browser);
}, 180000);

afterAll(async () => {
  await studio?.context.close().catch(() => {});
  await j?.close();
  await web?.close();
});

describe('a new studio monitors real press on day one', () => {
  it('sees why its feed is empty and what to do next', async () => {
    const { page } = studio;
    await loginAs(page, base(), STUDIO.email, STUDIO.password);
    await page.waitForURL(/\/articles-feed\/\d+$/);
    const empty = page.getByTestId('coverage-empty');
    await empty.waitFor();
    await page.getByText('No outlet is being monitored yet: the platform operator has not switched on any source.').waitFor();
    await page.getByRole('button', { name: 'Suggest an outlet' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shotAt(page, 'sources-empty-feed', () => page.getByTestId('coverage-empty').waitFor());
  });

  it('suggests an outlet: discovery runs and says what it found', async () => {
    const { page } = studio;
    await page.getByRole('button', { name: 'Suggest an outlet' }).click();
    const address = page.getByRole('textbox', { name: 'Outlet address' });
    await address.waitFor();
    // The modal puts the person in its first field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('example.com');
    await address.fill(outletOrigin);
    await page.getByRole('button', { name: 'Suggest', exact: true }).click();
    await page.getByText(/We found \d+ feeds? on 127\.0\.0\.1:\d+ — the platform operator will review it\./).waitFor();
    await shotAt(page, 'sources-suggested');
    await page.getByRole('button', { name: 'Done' }).click();
  });

  it("offers the operator the directory's packs at the first login, and lists the suggestion", async () => {
    const { page } = j;
    await loginAs(page, base(), ADMIN.email, ADMIN.password);
    const callout = page.getByTestId('sources-first-run');
    await callout.waitFor();
    expect(await callout.innerText()).toMatch(/Start monitoring \d{3} outlets in \d+ languages/);
    await shotAt(page, 'sources-first-run', () => callout.waitFor());
    // The chooser explains that this reaches the internet, and can be put off.
    await page.getByRole('button', { name: 'Choose packs' }).click();
    const chooser = page.getByRole('dialog');
    await chooser.waitFor();
    expect(await chooser.innerText()).toMatch(/over the internet/);
    await shotAt(page, 'sources-first-run-chooser');
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });
    await callout.getByRole('button', { name: 'Not now' }).click();
    await callout.waitFor({ state: 'detached' });

    await page.goto(`${base()}/websites?view=suggestions`);
    const card = page.getByTestId('suggestion').filter({ hasText: '127.0.0.1' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Aurora Interactive');
    expect(await fitsWidth(page)).toBe(true);
    await shotAt(page, 'sources-suggestions', () => card.waitFor());
  });

  it('approves it in one click, and the articles arrive in the studio’s feed', async () => {
    const { page } = j;
    await page.getByRole('button', { name: /^Approve 127\.0\.0\.1:\d+$/ }).click();
    await page.getByText(/approved: its feeds are fetched from now on/).waitFor();

    const feed = studio.page;
    await waitFor(
      'the outlet’s article in the studio’s feed',
      async () => {
        await feed.reload();
        // The feed loads after the page: give it a moment before reloading again.
        return feed
          .getByText('Skyward Saga gets a March release date')
          .waitFor({ timeout: 5000 })
          .then(
            () => true,
            () => false,
          );
      },
      90000,
    );
    expect(await feed.getByTestId('coverage-empty').count()).toBe(0);
    await shotAt(feed, 'sources-articles-arrived', () => feed.getByText('Skyward Saga gets a March release date').first().waitFor());

    // The source packs screen still offers the directory, none of it switched on.
    await page.goto(`${base()}/websites?view=packs`);
    const summary = page.getByText(/Directory: \d{3} outlets in \d+ languages · 0 of \d+ packs enabled/);
    await summary.waitFor();
    await shotAt(page, 'sources-packs', () => summary.waitFor());
  });
});
