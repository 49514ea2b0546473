import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * An admin shares an invitation link; a colleague signs up through it (four steps) and joins;
 * the admin sees them in Members and removes them from the organization.
 */
let j: Journey;
let admin: Page;
let guestContext: BrowserContext;
let guest: Page;
let inviteUrl = '';
beforeAll(async () => {
  j = await startJourney();
  admin = j.page;
  guestContext = await j.browser.newContext({ viewport: { width: 1280, height: 860 } });
  await guestContext.route('**/*', (route) => (route.request().url().startsWith(j.server.url) ? route.continue() : route.abort()));
  guest = await guestContext.newPage();
  guest.setDefaultTimeout(20000);
});
afterAll(async () => {
  await guestContext?.close();
  await j?.close();
});

describe('invitations and members', () => {
  it('an admin creates an invitation link in Settings', async () => {
    await loginAs(admin, j.server.url, ADMIN.email, ADMIN.password);
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Settings' }).click();
    await admin.waitForURL('**/settings');
    await admin.getByRole('button', { name: 'Create invitation link' }).click();
    const link = admin.getByTestId('invite-link');
    await link.waitFor();
    inviteUrl = (await link.textContent())!.trim();
    expect(inviteUrl).toMatch(new RegExp(`^${j.server.url}/signup/[A-Za-z0-9_-]{24,}$`));
    await j.shot('settings-invite');
  });

  it('a colleague signs up through the link in four steps', async () => {
    await guest.goto(inviteUrl);
    await guest.getByText('Coverwatch', { exact: false }).first().waitFor();
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await guest.getByLabel('Full name').fill('Grace Hopper');
    await guest.getByLabel('Work email').fill('grace@navy.test');
    await guest.getByRole('textbox', { name: 'Password', exact: true }).fill('compiler-pioneer');
    await guest.getByRole('textbox', { name: 'Confirm password' }).fill('compiler-pioneer');
    await guest.getByRole('checkbox', { name: /terms of service/ }).check();
    await guest.getByRole('button', { name: 'Next' }).click();
    await guest.getByRole('button', { name: 'Skip and create account' }).click();
    await guest.getByRole('button', { name: 'Go to Coverwatch' }).click();
    await guest.waitForURL(/\/articles-feed\/\d+$/);
  });

  it('a broken invitation link says so', async () => {
    await guest.goto(`${j.server.url}/signup/not-a-real-invitation-key-000000`);
    await guest.getByText('Invitation link is not valid or expired').waitFor();
  });

  it('the admin sees the new member and removes them', async () => {
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Organization details' }).click();
    await admin.waitForURL(/\/organization-details\//);
    const row = admin.getByRole('row', { name: /Grace Hopper/ });
    await row.waitFor();
    await j.shot('members');
    await admin.getByRole('button', { name: /actions for grace hopper/i }).click();
    await admin.getByRole('menuitem', { name: 'Remove from Organization' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await row.getByText(/kicked/i).waitFor();

    // The removed member loses access at once.
    await guest.goto(`${j.server.url}/`);
    await guest.waitForURL('**/errors/no-org').catch(async (err) => {
      await guest.screenshot({ path: 'e2e/screenshots/kicked-debug.png' });
      throw new Error(`${err.message} (at ${guest.url()})`);
    });
  });
});
