import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MSG } from '../common/messages.js';
import { freePort } from '../server/db/embedded.js';
import { startFakeStripe, type FakeStripe } from '../test/fakes/stripe.js';
import { ADMIN, loginAs, solveCaptcha, startJourney, waitFor, type Journey } from './harness.js';

/**
 * A trial's whole life against the fake Stripe (issue 14's acceptance): a self-serve sign-up gets
 * its payment customer → the trial's notice bar with the days left and Upgrade → the plan's project limit →
 * the trial ends (the operator moves its end a few seconds ahead, the test waits for the clock)
 * → the unclosable upgrade dialog, disabled for a member with the spec's sentence → checkout on
 * the fake's payment page → the signed webhooks → the success page shows the Pro plan → the new
 * limits apply in the API and the UI → the customer portal opens and returns.
 */
let j: Journey;
let stripe: FakeStripe;
let member: BrowserContext | null = null;

const PRICES = {
  starter_monthly: 'price_e2e_starter_m',
  starter_annual: 'price_e2e_starter_y',
  pro_monthly: 'price_e2e_pro_m',
  pro_annual: 'price_e2e_pro_y',
};
const OWNER = { name: 'Grace Hopper', email: 'grace@cobol.test', password: 'compiler-first-1' };
const MEMBER = { name: 'Kay McNulty', email: 'kay@cobol.test', password: 'eniac-programmer' };
const state = { orgId: '', ownerToken: '', operatorToken: '' };

const base = () => j.server.url;

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `login ${email}`).toBe(200);
  return (await res.json()).data.attributes.token;
}

let clientId = '';
const projectBody = (name: string) => ({
  data: { type: 'project', attributes: { name }, relationships: { client: { data: { type: 'client', id: clientId } } } },
});

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: 'sk_test_e2e_billing_0001', webhookSecret: 'whsec_e2e_billing_0001', prices: PRICES });
  const port = await freePort();
  j = await startJourney({ ...stripe.env, PORT: String(port) }, { allowOrigins: [stripe.url] });
  stripe.setWebhookUrl(`${j.server.url}/api/webhooks/stripe`);
  state.operatorToken = await login(ADMIN.email, ADMIN.password);
}, 180000);

afterAll(async () => {
  await member?.close();
  await j?.close();
  await stripe?.close();
});

describe('a trial organization upgrades through Stripe', () => {
  it('signs up: the organization gets its payment customer and a 14-day trial', async () => {
    const res = await fetch(`${base()}/api/p/free_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...OWNER,
        organization_name: 'Compiler Press',
        client_name: 'Flow-Matic',
        project_name: 'Launch',
        altcha: await solveCaptcha(base()),
      }),
    });
    expect(res.status).toBe(201);
    state.ownerToken = await login(OWNER.email, OWNER.password);
    // The customer is created right after the sign-up commits.
    const org = await waitFor('the payment customer', async () => {
      const me = await call(state.ownerToken, 'GET', '/api/user');
      const o = me.json.data.attributes.organization;
      return o.stripe_customer_id ? o : null;
    });
    state.orgId = String(org.id);
    expect(stripe.customers.get(org.stripe_customer_id)).toMatchObject({ name: 'Compiler Press', email: OWNER.email });
    expect(org.plan).toBe('trial');
    expect(org.subscription_status).toMatchObject({ trial_expired: false, status: 'trialing' });

    // A member (not an admin) joins through an invitation.
    const invite = await call(state.ownerToken, 'POST', '/api/invite');
    expect(invite.status).toBe(201);
    const joined = await fetch(`${base()}/api/p/new_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'new_user', attributes: { invite_key: invite.json.data.id, ...MEMBER, picture: null, roles: [] } } }),
    });
    expect(joined.status).toBe(201);
  });

  it('shows the trial to its admin: one compact bar with the days left and Upgrade, the plan limit', async () => {
    clientId = (await call(state.ownerToken, 'GET', '/api/clients')).json.data[0].id;
    // The trial allows 3 projects: the sign-up made one, two more fit, the fourth is refused.
    for (const name of ['Second', 'Third']) expect((await call(state.ownerToken, 'POST', '/api/projects', projectBody(name))).status).toBe(201);
    const refused = await call(state.ownerToken, 'POST', '/api/projects', projectBody('Fourth'));
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });

    await loginAs(j.page, base(), OWNER.email, OWNER.password);
    const trial = j.page.getByRole('status').filter({ hasText: MSG.billing.trialDaysLeft(14) });
    await trial.waitFor();
    await trial.getByRole('button', { name: 'Upgrade' }).waitFor();
    // Issue 27: one compact bar (the trial and the address to confirm side by side), no pill in the top bar.
    // 1440 last: the journey goes on at the harness's width.
    for (const width of [1280, 1440]) {
      await j.page.setViewportSize({ width, height: 900 });
      const bar = await trial.locator('..').boundingBox();
      expect(bar!.height, `the notice bar at ${width} px`).toBeLessThanOrEqual(40);
    }
    expect(
      await j.page
        .getByRole('banner')
        .getByRole('button', { name: /Upgrade/ })
        .count(),
    ).toBe(0);
    await j.shot('billing-trial-banner');
  });

  it('ends the trial: the workspace closes behind an upgrade dialog that cannot be dismissed', async () => {
    // The operator moves the trial's end a few seconds ahead; the test waits for the clock.
    const ends = new Date(Date.now() + 3000).toISOString();
    const moved = await call(state.operatorToken, 'PATCH', `/api/operator/organizations/${state.orgId}`, {
      data: { type: 'operator_organization', id: state.orgId, attributes: { trial_ends_at: ends } },
    });
    expect(moved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 3500));

    const closed = await call(state.ownerToken, 'GET', '/api/projects');
    expect(closed.status).toBe(403);
    expect(closed.json.errors[0].code).toBe('trial_expired');

    await j.page.goto(`${base()}/`);
    await j.page.waitForURL(/\/errors\/end-of-trial$/);
    const dialog = j.page.getByRole('dialog');
    await dialog.getByText(/Your free trial has ended/).waitFor();
    await j.page.keyboard.press('Escape');
    await j.page.mouse.click(5, 5);
    await expect(dialog.isVisible()).resolves.toBe(true);
    expect(await dialog.getByRole('button', { name: /close/i }).count()).toBe(0);
    await j.shot('billing-end-of-trial');
  });

  it('tells a member to ask an admin, with the buttons disabled', async () => {
    member = await j.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await member.route('**/*', (route) => (route.request().url().startsWith(base()) ? route.continue() : route.abort()));
    const page: Page = await member.newPage();
    await loginAs(page, base(), MEMBER.email, MEMBER.password);
    await page.waitForURL(/\/errors\/end-of-trial$/);
    await page.getByText(MSG.billing.contactAdmin).first().waitFor();
    const upgrade = page.getByRole('button', { name: /Upgrade to Pro/ });
    await expect(upgrade.isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/billing-end-of-trial-member.png' });
    // The API agrees: a member cannot open a checkout.
    const token = await login(MEMBER.email, MEMBER.password);
    const me = await call(token, 'GET', '/api/user');
    const res = await call(token, 'POST', '/api/checkout', {
      data: {
        type: 'checkout',
        attributes: { items: [{ price: PRICES.pro_monthly, quantity: 1 }], customer_id: me.json.data.attributes.organization.stripe_customer_id },
      },
    });
    expect(res.status).toBe(403);
    expect(res.json.errors[0].detail).toBe(MSG.billing.contactAdmin);
  });

  it('pays for Pro on the checkout page; the signed webhooks activate the plan; the success page shows it', async () => {
    const page = j.page;
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Upgrade to Pro/ })
      .click();
    await page.waitForURL((u) => u.href.startsWith(stripe.url));
    const [session] = [...stripe.sessions.values()];
    expect(session).toMatchObject({ mode: 'subscription', line_items: [{ price: PRICES.pro_monthly, quantity: 1 }] });
    expect(session.success_url).toContain('/subscription-upgrade-success');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/subscription-upgrade-success/);
    await page.getByText(/Welcome to the Pro plan/).waitFor({ timeout: 45000 });
    await j.shot('billing-upgrade-success');
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);

    const me = await call(state.ownerToken, 'GET', '/api/user');
    expect(me.json.data.attributes.organization).toMatchObject({
      plan: 'pro',
      subscription_status: { trial_expired: false, status: 'active', plan_source: 'stripe', billing_period: 'monthly', payment_failed: false },
    });
    // The Pro plan's limits apply: the fourth project that the trial refused is allowed now.
    expect((await call(state.ownerToken, 'POST', '/api/projects', projectBody('Fourth'))).status).toBe(201);

    // And in the UI: the workspace is open, without the trial banner.
    await page
      .getByRole('link', { name: /Go to your workspace/ })
      .or(page.getByRole('button', { name: /Go to your workspace/ }))
      .first()
      .click();
    await page.waitForURL((u) => !u.pathname.startsWith('/subscription-upgrade-success') && !u.pathname.startsWith('/errors'));
    await page.goto(`${base()}/projects/${(await call(state.ownerToken, 'GET', '/api/projects')).json.data[0].id}`);
    await page.getByRole('button', { name: /New project/ }).waitFor();
    await expect(page.getByRole('button', { name: /New project/ }).isEnabled()).resolves.toBe(true);
    expect(await page.getByText(/left in your free trial/).count()).toBe(0);
    // A paying organization's admin manages the subscription from the top bar; nothing says "Upgrade" or "free" any more.
    await page.getByRole('banner').getByRole('button', { name: 'Manage subscription' }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Upgrade/ }).count()).toBe(0);
    expect((await call(state.ownerToken, 'GET', '/api/user')).json.data.attributes['tier-id']).toBe(5);
  });

  it('opens the customer portal from the organization details and comes back', async () => {
    const page = j.page;
    const projectId = (await call(state.ownerToken, 'GET', '/api/projects')).json.data[0].id;
    await page.goto(`${base()}/organization-details/${projectId}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: /Manage subscription/ })
      .click();
    await page.waitForURL((u) => u.href.startsWith(stripe.url));
    await page.getByText('Customer portal').waitFor();
    await j.shot('billing-portal');
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((u) => u.href.startsWith(base()));
  });
});
