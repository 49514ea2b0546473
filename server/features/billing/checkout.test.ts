import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { NO_CAPABILITIES } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { ensureCustomer } from './service.js';

/** POST /api/checkout and /api/customer_portal against the fake Stripe (issue 14, contract.md). */

const PRICES = { starter_monthly: 'price_t_starter_m', starter_annual: 'price_t_starter_y', pro_monthly: 'price_t_pro_m', pro_annual: 'price_t_pro_y' };
const APP = 'https://app.coverwatch.test';
let fake: FakeStripe;
let ctx: TestContext;
let bare: TestContext;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_checkout_suite', webhookSecret: 'whsec_checkout_suite', prices: PRICES });
  ctx = await createTestContext({ ...fake.env, PUBLIC_URL: APP });
  // The same app without Stripe: billing is "not connected".
  bare = await createTestContext({ BILLING_CONTACT_EMAIL: 'sales@coverwatch.test' });
});
afterAll(async () => {
  await Promise.all([ctx?.close(), bare?.close()]);
  await fake?.close();
});

type Org = Awaited<ReturnType<typeof makeOrg>>;
/** A trial organization with its Stripe customer, as after sign-up. */
async function customerOrg(c = ctx, opts: Parameters<typeof makeOrg>[1] = { plan: 'trial' }): Promise<Org & { customerId: string }> {
  const o = await makeOrg(c, opts);
  const customerId = await ensureCustomer(c.deps, o.org.id);
  return { ...o, customerId: customerId! };
}

const checkoutBody = (price: string, customerId: string | null | undefined, quantity: number = 1) => ({
  data: { type: 'checkout', attributes: { items: [{ price, quantity }], ...(customerId === undefined ? {} : { customer_id: customerId }) } },
});
const portalBody = (customerId: string | null | undefined) => ({ data: { type: 'customer_create_portal', attributes: { customer_id: customerId } } });
const checkout = (token: string, body: unknown, c = ctx) => c.call('POST', '/api/checkout', { token, body });
const portal = (token: string, body: unknown, c = ctx) => c.call('POST', '/api/customer_portal', { token, body });
const lastRequest = (path: string) => fake.requests.filter((r) => r.path === path).at(-1)!;
const countRequests = (path: string) => fake.requests.filter((r) => r.path === path).length;
type ErrorBody = { errors: { status: string; code: string; detail: string; source?: { pointer?: string } }[] };
const firstError = (res: { json(): ErrorBody }) => res.json().errors[0];

describe('POST /api/checkout', () => {
  it('opens a subscription Checkout Session for the organization and answers its URL', async () => {
    const o = await customerOrg();
    const res = await checkout(o.token, checkoutBody(PRICES.pro_annual, o.customerId));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    const session = fake.sessions.get(data.id)!;
    expect(data).toEqual({ type: 'checkout', id: session.id, attributes: { url: session.url } });
    const orgId = String(o.org.id);
    expect(lastRequest('/v1/checkout/sessions').body).toEqual({
      mode: 'subscription',
      customer: o.customerId,
      line_items: [{ price: PRICES.pro_annual, quantity: '1' }],
      success_url: `${APP}/subscription-upgrade-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/settings`,
      client_reference_id: orgId,
      metadata: { organization_id: orgId },
      subscription_data: { metadata: { organization_id: orgId } },
      allow_promotion_codes: 'true',
    });
  });

  it('sends a cancelled checkout back to the end-of-trial page once the trial has ended (and allows it then)', async () => {
    const o = await customerOrg();
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 86400_000) })
      .where(eq(organizations.id, o.org.id));
    ctx.deps.authenticator.forgetAll();
    const res = await checkout(o.token, checkoutBody(PRICES.starter_monthly, o.customerId));
    expect(res.statusCode).toBe(201);
    expect(lastRequest('/v1/checkout/sessions').body.cancel_url).toBe(`${APP}/errors/end-of-trial`);
  });

  it("takes the organization's own customer when customer_id is left out", async () => {
    const o = await customerOrg();
    expect((await checkout(o.token, checkoutBody(PRICES.pro_monthly, undefined))).statusCode).toBe(201);
    expect(lastRequest('/v1/checkout/sessions').body.customer).toBe(o.customerId);
  });

  it('tells a non-admin member to contact the admin, and calls no one', async () => {
    const o = await customerOrg();
    const member = await addMember(ctx, o.org.id, ROLE.user);
    const before = countRequests('/v1/checkout/sessions');
    const res = await checkout(member.token, checkoutBody(PRICES.pro_monthly, o.customerId));
    expect(res.statusCode).toBe(403);
    expect(firstError(res)).toMatchObject({ code: 'forbidden', detail: MSG.billing.contactAdmin });
    expect(countRequests('/v1/checkout/sessions')).toBe(before);
  });

  it("refuses the platform operator's organization", async () => {
    const op = await makeOrg(ctx, { plan: 'admin', capabilities: { ...NO_CAPABILITIES, platform_operator: true } });
    const res = await checkout(op.token, checkoutBody(PRICES.pro_monthly, null));
    expect(res.statusCode).toBe(403);
    expect(firstError(res).code).toBe('forbidden');
  });

  it('answers 422 with pointers for a price not on sale and a quantity other than 1', async () => {
    const o = await customerOrg();
    const unknown = await checkout(o.token, checkoutBody('price_somebody_elses', o.customerId));
    expect(unknown.statusCode).toBe(422);
    expect(firstError(unknown)).toMatchObject({
      code: 'validation_failed',
      detail: MSG.billing.notOnSale,
      source: { pointer: '/data/attributes/items/0/price' },
    });
    const many = await checkout(o.token, checkoutBody(PRICES.pro_monthly, o.customerId, 2));
    expect(many.statusCode).toBe(422);
    expect(firstError(many).source?.pointer).toBe('/data/attributes/items/0/quantity');
    const none = await checkout(o.token, { data: { type: 'checkout', attributes: { items: [], customer_id: o.customerId } } });
    expect(none.statusCode).toBe(422);
    expect(firstError(none).source?.pointer).toBe('/data/attributes/items');
  });

  it("answers 404 for another organization's customer id, and 403 no_customer when the organization has none", async () => {
    const owner = await customerOrg();
    const outsider = await customerOrg();
    const foreign = await checkout(outsider.token, checkoutBody(PRICES.pro_monthly, owner.customerId));
    expect(foreign.statusCode).toBe(404);
    expect(firstError(foreign)).toMatchObject({ code: 'not_found', source: { pointer: '/data/attributes/customer_id' } });

    const lacking = await makeOrg(ctx, { plan: 'trial' });
    const res = await checkout(lacking.token, checkoutBody(PRICES.pro_monthly, null));
    expect(res.statusCode).toBe(403);
    expect(firstError(res)).toMatchObject({ code: 'no_customer', detail: MSG.billing.noCustomerId, source: { pointer: '/data/attributes/customer_id' } });
    // Without a customer of its own, any customer id names someone else's.
    expect((await checkout(lacking.token, checkoutBody(PRICES.pro_monthly, owner.customerId))).statusCode).toBe(404);
  });

  it('answers 409 to an organization that already pays through Stripe, and lets a closed one subscribe again', async () => {
    const o = await customerOrg();
    const live = { planSource: 'stripe', subscriptionStatus: 'active', plan: 'pro', stripeSubscriptionId: 'sub_live' } as const;
    for (const status of ['active', 'past_due', 'unpaid'] as const) {
      await ctx.deps.db
        .update(organizations)
        .set({ ...live, subscriptionStatus: status })
        .where(eq(organizations.id, o.org.id));
      const res = await checkout(o.token, checkoutBody(PRICES.starter_monthly, o.customerId));
      expect(res.statusCode).toBe(409);
      expect(firstError(res)).toMatchObject({ code: 'conflict', detail: MSG.billing.alreadySubscribed, source: { pointer: '/data/attributes/items' } });
    }
    await ctx.deps.db
      .update(organizations)
      .set({ ...live, subscriptionStatus: 'expired' })
      .where(eq(organizations.id, o.org.id));
    ctx.deps.authenticator.forgetAll();
    expect((await checkout(o.token, checkoutBody(PRICES.starter_monthly, o.customerId))).statusCode).toBe(201);
  });

  it('answers 502 when Stripe fails', async () => {
    const o = await customerOrg();
    fake.failNext(2); // the SDK retries once
    const res = await checkout(o.token, checkoutBody(PRICES.pro_monthly, o.customerId));
    expect(res.statusCode).toBe(502);
    expect(firstError(res)).toMatchObject({ code: 'bad_gateway', detail: MSG.billing.checkoutFailure });
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.call('POST', '/api/checkout', { body: checkoutBody(PRICES.pro_monthly, null) })).statusCode).toBe(401);
  });
});

describe('POST /api/customer_portal', () => {
  it("opens the organization's customer portal, returning to the settings", async () => {
    const o = await customerOrg();
    const res = await portal(o.token, portalBody(o.customerId));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ type: 'customer_portal', id: expect.stringMatching(/^bps_/), attributes: { url: fake.portalSessions.get(data.id)!.url } });
    expect(lastRequest('/v1/billing_portal/sessions').body).toEqual({ customer: o.customerId, return_url: `${APP}/settings` });
  });

  it('has the same guards as checkout', async () => {
    const owner = await customerOrg();
    const outsider = await customerOrg();
    const member = await addMember(ctx, owner.org.id, ROLE.user);
    const refused = await portal(member.token, portalBody(owner.customerId));
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused).detail).toBe(MSG.billing.contactAdmin);
    expect((await portal(outsider.token, portalBody(owner.customerId))).statusCode).toBe(404);
    const lacking = await makeOrg(ctx, { plan: 'trial' });
    expect(firstError(await portal(lacking.token, portalBody(null))).code).toBe('no_customer');
    expect((await portal(owner.token, { data: { type: 'checkout', attributes: {} } })).statusCode).toBe(422);
    fake.failNext(2);
    const failed = await portal(owner.token, portalBody(owner.customerId));
    expect(failed.statusCode).toBe(502);
    expect(firstError(failed).detail).toBe(MSG.billing.portalFailure);
  });
});

describe('return URLs without PUBLIC_URL', () => {
  it("are built from the request's host, and a host that could bend them is refused", async () => {
    const direct = await createTestContext(fake.env);
    try {
      const o = await customerOrg(direct);
      const call = (host: string) =>
        direct.call('POST', '/api/checkout', { token: o.token, body: checkoutBody(PRICES.pro_monthly, o.customerId), headers: { host } });
      expect((await call('app.example.test:8443')).statusCode).toBe(201);
      expect(lastRequest('/v1/checkout/sessions').body).toMatchObject({
        success_url: 'http://app.example.test:8443/subscription-upgrade-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.example.test:8443/settings',
      });
      for (const host of ['evil.example/phish?', 'user@evil.example', 'a b']) {
        const res = await call(host);
        expect(res.statusCode, host).toBe(400);
        expect(firstError(res).code).toBe('bad_request');
      }
    } finally {
      await direct.close();
    }
  });
});

describe('without Stripe', () => {
  it('answers 503 not_connected naming whom to contact, after the checks that need no Stripe', async () => {
    const o = await makeOrg(bare, { plan: 'trial' });
    for (const res of [await checkout(o.token, checkoutBody('price_any', null), bare), await portal(o.token, portalBody(null), bare)]) {
      expect(res.statusCode).toBe(503);
      expect(firstError(res)).toMatchObject({ code: 'not_connected', detail: MSG.billing.notConnected('sales@coverwatch.test') });
    }
    // Another organization's customer id is still 404, and a member is still sent to the admin.
    const owner = await makeOrg(bare, { plan: 'trial' });
    await bare.deps.db.update(organizations).set({ stripeCustomerId: 'cus_kept_from_before' }).where(eq(organizations.id, owner.org.id));
    expect((await checkout(o.token, checkoutBody('price_any', 'cus_kept_from_before'), bare)).statusCode).toBe(404);
    const member = await addMember(bare, o.org.id, ROLE.user);
    expect(firstError(await checkout(member.token, checkoutBody('price_any', null), bare)).detail).toBe(MSG.billing.contactAdmin);
  });

  it('answers the webhook 503 not_connected', async () => {
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().errors[0].code).toBe('not_connected');
  });
});
