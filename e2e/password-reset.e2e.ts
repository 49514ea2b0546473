import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib/v1';
import { MSG } from '../common/messages.js';
import { freePort } from '../server/db/embedded.js';
import { startFakeSmtp, type FakeSmtp } from '../test/fakes/smtp.js';
import { ADMIN, loginAs, startJourney, type Journey } from './harness.js';

/**
 * A forgotten password, end to end: "Forgot password?" on the login page → the address → the
 * e-mail reaches a local SMTP receiver → its link opens the reset page → a new password signs
 * the person in → the old password no longer works, the new one does. And the address
 * confirmation of a free sign-up: the banner, "Send it again", the link, the banner gone.
 */
let j: Journey;
let smtp: FakeSmtp;
const NEW_PASSWORD = 'a fresh and long passphrase';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  const port = await freePort();
  j = await startJourney({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url });
}, 180000);

afterAll(async () => {
  await j?.close();
  await smtp?.close();
});

describe('password reset', () => {
  it('sends a link by e-mail, sets a new password with it and signs in', async () => {
    const page = j.page;
    await page.goto(`${j.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await j.shot('password-reset-0-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await j.shot('password-reset-1-forgot');
    await page.getByLabel('Email').fill(ADMIN.email.toUpperCase());
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account uses this address, we sent a link to reset its password.').waitFor();
    await j.shot('password-reset-2-sent');

    const mail = await smtp.waitFor((m) => m.to.includes(ADMIN.email) && m.subject === 'Reset your Coverwatch password', 60000);
    expect(mail.text).toContain('30 minutes');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]{43})/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm the new password/).fill('not the same one');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await j.shot('password-reset-3-mismatch');
    await page.getByLabel(/^Confirm the new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    // Signed in with the session the reset answered: the workspace opens.
    await page.waitForURL((u) => !u.pathname.startsWith('/reset-password') && !u.pathname.startsWith('/loading') && !u.pathname.startsWith('/login'));
    await page.getByRole('navigation').first().waitFor();
    await j.shot('password-reset-4-signed-in');

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel(/^New password/).fill('yet another passphrase');
    await page.getByLabel(/^Confirm the new password/).fill('yet another passphrase');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('This password reset link has expired or was already used. Ask for a new one.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await j.shot('password-reset-5-used-link-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    const tryLogin = (password: string) =>
      fetch(`${j.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
    expect((await tryLogin(ADMIN.password)).status).toBe(401);
    expect((await tryLogin(NEW_PASSWORD)).status).toBe(200);

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, j.server.url, ADMIN.email, NEW_PASSWORD);
  });

  it('asks a new account to confirm its address until the e-mailed link is followed', async () => {
    const page = j.page;
    const email = 'grace@analytical.test';
    // A free sign-up through the API (the sign-up journeys drive its form), captcha solved like the widget does.
    const ch = await (await fetch(`${j.server.url}/api/p/captcha`)).json();
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    const altcha = Buffer.from(
      JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature }),
    ).toString('base64');
    const signup = await fetch(`${j.server.url}/api/p/free_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Grace Hopper',
        email,
        password: 'compiler pioneer',
        organization_name: 'Analytical Games',
        client_name: 'Difference Engine',
        project_name: 'Launch 2026',
        altcha,
      }),
    });
    expect(signup.status).toBe(201);
    const first = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your e-mail address for Coverwatch', 60000);
    expect(first.text).toMatch(/\/verify-email\/[\w-]{43}/);

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, j.server.url, email, 'compiler pioneer');
    const banner = page.getByText(MSG.identity.banner(email));
    await banner.waitFor();
    await j.shot('verify-email-1-banner');

    // "Send it again": a second message; only its link works now.
    await page.getByRole('button', { name: 'Send it again' }).click();
    await page.getByText(`We sent a new link to ${email}.`).waitFor();
    const second = await smtp.waitFor((m) => m.to.includes(email) && m !== first && m.subject === 'Confirm your e-mail address for Coverwatch', 60000);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verify-email\/[\w-]{43})/.exec(second.text)?.[1];
    expect(link, second.text).toBeTruthy();

    await page.goto(link!);
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    await j.shot('verify-email-2-confirmed');
    await page.getByRole('link', { name: 'Continue to Coverwatch' }).click();
    await page.getByRole('navigation').first().waitFor();
    await expect(banner.count()).resolves.toBe(0);
  });
});
