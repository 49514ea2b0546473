import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startJourney, type Journey } from './harness.js';

/**
 * A new customer's first visit: free sign-up with the proof-of-work captcha, then brands,
 * projects and tags, archive and re-activate, the project picker, dark mode and RTL, logout.
 */
let j: Journey;
let page: Page;
beforeAll(async () => {
  j = await startJourney();
  page = j.page;
});
afterAll(() => j?.close());

const base = () => j.server.url;

async function toast(text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

describe('free sign-up to a working workspace', () => {
  it('signs up through the five-step wizard, captcha included, and lands in the app', async () => {
    await page.goto(`${base()}/signup`);
    await page.getByRole('button', { name: 'Get started' }).click();

    // Account: the wizard refuses to go on while the form is wrong.
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill('ada@analytical.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('difference-engine');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('different-engine');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByText('Please agree to the terms to create your account').waitFor();
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('difference-engine');
    await page.getByRole('checkbox', { name: /terms of service/ }).check();

    // The captcha: a real proof-of-work against GET /api/p/captcha, solved in the browser.
    await page.locator('altcha-widget').getByText("I'm not a robot").click();
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30000 });
    await j.shot('signup-account');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Organisation name').fill('Analytical Press');
    await page.getByLabel('Brand name').fill('Babbage Games');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Project name').fill('Engine Launch');
    await page.getByRole('textbox', { name: 'Article alert keywords' }).fill('"difference engine"');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Go to Coverwatch' }).click();
    await page.waitForURL(/\/articles-feed\/\d+$/);
    await page.getByRole('heading', { name: 'Engine Launch Articles' }).waitFor();
    await j.shot('signup-landed');
  });

  it('creates a brand, a project and a tag', async () => {
    const projectId = new URL(page.url()).pathname.split('/').pop();
    await page.getByRole('link', { name: 'Brands' }).click();
    await page.waitForURL(`**/brands/${projectId}`);
    await page.getByRole('button', { name: 'New brand' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Ab');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /save|create/i })
      .click();
    await page.getByText('Brand name must be between 3 and 50 characters').waitFor();
    await page.getByRole('dialog').getByLabel('Name').fill('Lovelace Audio');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /save|create/i })
      .click();
    await toast('New Brand has been saved.');
    await page.getByRole('row', { name: /Lovelace Audio/ }).waitFor();

    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Lovelace Headphones');
    await dialog.getByRole('combobox', { name: /Brand/ }).click();
    await page.getByRole('option', { name: 'Lovelace Audio' }).click();
    await dialog.getByRole('button', { name: /save|create/i }).click();
    await toast('New Project has been saved.');
    await page.getByRole('row', { name: /Lovelace Headphones/ }).waitFor();

    await page.getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Reviews');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /save|create/i })
      .click();
    await toast('New Tag has been saved.');
    await page.getByRole('row', { name: /Reviews/ }).waitFor();
    await j.shot('tags');
  });

  it('archives and re-activates a tag', async () => {
    await page.getByRole('button', { name: /actions for reviews/i }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await toast('Tag has been archived.');
    await page.getByRole('row', { name: /Reviews/ }).waitFor({ state: 'detached' });
    await page.getByText('Archived', { exact: true }).click();
    await page.getByRole('row', { name: /Reviews/ }).waitFor();
    await page.getByRole('button', { name: /actions for reviews/i }).click();
    await page.getByRole('menuitem', { name: /re-activate/i }).click();
    await toast('Tag has been re-activated.');
    await page.getByText('Active', { exact: true }).click();
    await page.getByRole('row', { name: /Reviews/ }).waitFor();
  });

  it('switches project in the picker', async () => {
    const picker = page.getByRole('button', { name: 'Choose a project' });
    await expect.poll(() => picker.textContent()).toContain('Engine Launch');
    await picker.click();
    const panel = page.getByRole('dialog').filter({ hasText: 'Choose a Project' });
    await panel.waitFor();
    await j.shot('project-picker');
    await panel.getByText('Lovelace Headphones').click();
    await expect.poll(() => picker.textContent()).toContain('Lovelace Headphones');
    await panel.waitFor({ state: 'detached' });
    // Tags belong to a project: the new project has none.
    await page.getByText('No matching data was found.').waitFor();
  });

  it('toggles dark mode and RTL', async () => {
    await page.getByRole('button', { name: 'Settings panel' }).click();
    const settings = page.getByRole('dialog').filter({ hasText: 'Colour scheme' }).last();
    await settings.waitFor();
    await settings.locator('label', { hasText: 'Dark' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.getByRole('switch', { name: 'RTL mode' }).check({ force: true });
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await j.shot('dark-rtl');
    await page.getByRole('switch', { name: 'RTL mode' }).uncheck({ force: true });
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
  });

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await page.waitForURL('**/welcome');
    expect(await page.evaluate(() => localStorage.getItem('coverwatch.token'))).toBeNull();
    await page.goto(`${base()}/brands/1`);
    await page.waitForURL('**/welcome');
  });
});
