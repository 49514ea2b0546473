import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.js';
import { startFakeOidcProvider, FAKE_OIDC_PASSWORD, type FakeOidcProvider } from '../test/fakes/oidc-provider.js';
import { ADMIN, solveCaptcha, startJourney, type Journey } from './harness.js';

/**
 * Single sign-on in the browser against a real OpenID provider on 127.0.0.1: the login page's
 * button → the provider's login form → back in the app signed in (through /loading/callback);
 * logging out ends the provider's session too and returns to the app.
 */
const LABEL = 'Acme SSO';
/** Signs up with a password and has not confirmed the address yet. */
const NEWCOMER = { name: 'Nia Newcomer', email: 'newcomer@acme.test', password: 'newcomer-password-1' };
let idp: FakeOidcProvider;
let j: Journey;
beforeAll(async () => {
  idp = await startFakeOidcProvider({
    accounts: [
      { sub: 'sso-admin', email: ADMIN.email, emailVerified: true, name: 'Admin at Acme' },
      { sub: 'sso-newcomer', email: NEWCOMER.email, emailVerified: true, name: 'Newcomer at Acme' },
    ],
  });
  j = await startJourney({ ...idp.env, OIDC_LABEL: LABEL }, { allowOrigins: [idp.issuer] });
  // The app's address is known only now; the provider registers its redirect URI on first use.
  idp.setAppOrigin(j.server.url);
}, 180_000);
afterAll(async () => {
  await j?.close();
  await idp?.close();
});

/** From the login page to the provider's form: the SSO button when the page has it, else its address. */
async function openProviderLogin() {
  const page = j.page;
  await page.goto(`${j.server.url}/login`);
  const button = page.getByRole('link', { name: MSG.identity.ssoButton(LABEL) }).or(page.getByRole('button', { name: MSG.identity.ssoButton(LABEL) }));
  if (
    await button
      .first()
      .isVisible({ timeout: 5000 })
      .catch(() => false)
  )
    await button.first().click();
  else await page.goto(`${j.server.url}/api/p/oidc/login`);
}

const atProviderForm = (u: URL) => u.origin === idp.issuer && u.pathname.startsWith('/interaction/');
const inApp = (u: URL) => u.origin === j.server.url && !/^\/(login|loading|api)\b/.test(u.pathname);

async function signInAtProvider(email = ADMIN.email) {
  await j.page.getByLabel('E-mail').fill(email);
  await j.page.getByLabel('Password').fill(FAKE_OIDC_PASSWORD);
  await j.page.getByRole('button', { name: 'Sign in' }).click();
}

describe('single sign-on', () => {
  it('offers SSO on this installation', async () => {
    const res = await fetch(`${j.server.url}/api/p/oidc`);
    expect((await res.json()).data.attributes).toMatchObject({ enabled: true, label: LABEL });
  });

  it('signs in through the provider and lands in the workspace', async () => {
    // The bootstrap admin's address counts as confirmed (the operator chose it).
    await openProviderLogin();
    await j.page.waitForURL(atProviderForm);
    await j.shot('sso-provider-form');
    await signInAtProvider();
    await j.page.waitForURL(inApp);
    // No session ever travelled in the address; the page took it with its hand-off cookie and keeps it like a password login's.
    expect(j.page.url()).not.toContain('token=');
    expect(await j.page.evaluate(() => localStorage.getItem('coverwatch.token'))).toBeTruthy();
    await j.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await j.shot('sso-signed-in');
  });

  it("logs out through the provider's end-session page and returns to the app", async () => {
    await j.page.getByRole('button', { name: 'Account menu' }).click();
    await j.page.getByRole('menuitem', { name: 'Log out' }).click();
    await j.page.waitForURL((u) => u.origin === idp.issuer);
    await j.shot('sso-provider-logout');
    await j.page.getByRole('button', { name: /yes, sign me out/i }).click();
    await j.page.waitForURL((u) => u.origin === j.server.url && u.pathname === '/welcome');
    expect(await j.page.evaluate(() => localStorage.getItem('coverwatch.token'))).toBeNull();
  });

  it('refuses to link an account that has not confirmed its address, and says so on the login page', async () => {
    const res = await fetch(`${j.server.url}/api/p/free_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...NEWCOMER,
        organization_name: 'Newcomer Press',
        client_name: 'Newcomer Games',
        project_name: 'Launch',
        altcha: await solveCaptcha(j.server.url),
      }),
    });
    expect(res.status).toBe(201);
    await openProviderLogin();
    await j.page.waitForURL(atProviderForm);
    await signInAtProvider(NEWCOMER.email);
    await j.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.has('sso_error'));
    expect(new URL(j.page.url()).searchParams.get('sso_error')).toBe(MSG.oidc.accountUnverified(NEWCOMER.email));
    expect(await j.page.evaluate(() => localStorage.getItem('coverwatch.token'))).toBeNull();
    await j.shot('sso-login-refused');
  });
});
