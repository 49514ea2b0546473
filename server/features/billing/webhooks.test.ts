import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_DEFAULTS } from '../../../common/plans.js';
import type { FakeEvent, FakeStripe } from '../../../test/fakes/stripe.js';
import type { TestContext } from '../../../test/helpers/app.js';
import { makeClient, makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { PRICES, useWebhookSuite } from './webhooks-setup.js';

/**
 * POST /api/webhooks/stripe (issue 14): signed, exactly-once, order-independent. The app listens on
 * 127.0.0.1 and the fake Stripe delivers to it over HTTP, as Stripe would (webhooks-setup.ts).
 * Signatures and hostile input: webhooks-signature.test.ts.
 */

const w = useWebhookSuite();
const { trialOrg, subscribe, orgRow, organizationOf, eventRows, retrievals } = w;
let fake: FakeStripe;
let ctx: TestContext;
beforeAll(() => {
  ({ fake, ctx } = w.suite);
});
const isoSeconds = (s: number) => new Date(s * 1000).toISOString();

describe('POST /api/webhooks/stripe: the subscription lifecycle', () => {
  it('checkout.session.completed makes the organization pro, active, with pro permissions and limits', async () => {
    const o = await trialOrg();
    const brand = await makeClient(ctx, o.org.id);
    for (let i = 0; i < PLAN_DEFAULTS.trial.max_projects; i++) await makeProject(ctx, o.org.id, { clientId: brand.id });
    const oneMore = () =>
      ctx.call('POST', '/api/projects', {
        token: o.token,
        body: {
          data: {
            type: 'project',
            attributes: { name: `Project ${Date.now()}` },
            relationships: { client: { data: { type: 'client', id: String(brand.id) } } },
          },
        },
      });
    expect((await oneMore()).statusCode).toBe(403);

    const { subscription, events } = await subscribe(o);
    const organization = await organizationOf(o.token);
    expect(organization).toMatchObject({ plan: 'pro', permissions: PLAN_DEFAULTS.pro, stripe_customer_id: o.customerId });
    expect(organization.subscription_status).toMatchObject({
      trial_expired: false,
      status: 'active',
      plan_source: 'stripe',
      billing_period: 'monthly',
      current_period_end: isoSeconds(subscription.items.data[0].current_period_end),
      payment_failed: false,
    });
    expect((await orgRow(o.org.id)).stripeSubscriptionId).toBe(subscription.id);
    expect((await oneMore()).statusCode).toBe(201);
    // Every event is recorded once, against the organization.
    for (const e of events) expect(await eventRows(e.id)).toMatchObject([{ type: e.type, organizationId: o.org.id, processedAt: expect.any(Date) }]);
  });

  it("the fake's Pay page delivers the webhooks before sending the browser to the success page", async () => {
    const o = await trialOrg();
    const res = await ctx.call('POST', '/api/checkout', {
      token: o.token,
      body: { data: { type: 'checkout', attributes: { items: [{ price: PRICES.pro_monthly, quantity: 1 }], customer_id: o.customerId } } },
    });
    const { id, attributes } = res.json().data;
    const paid = await fetch(attributes.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.coverwatch.test/subscription-upgrade-success?session_id=${id}`);
    expect(await organizationOf(o.token)).toMatchObject({ plan: 'pro', subscription_status: { status: 'active', plan_source: 'stripe' } });
  });

  it('an annual price bills annually', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o, PRICES.starter_annual);
    expect((await organizationOf(o.token)).subscription_status).toMatchObject({
      billing_period: 'annual',
      status: 'active',
      current_period_end: isoSeconds(subscription.items.data[0].current_period_end),
    });
    expect((await orgRow(o.org.id)).plan).toBe('starter');
  });

  it('a failed payment marks it past due (plan kept); the paid invoice clears it', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    await fake.deliverAll(fake.failInvoice(subscription.id));
    expect(await organizationOf(o.token)).toMatchObject({
      plan: 'pro',
      subscription_status: { status: 'past_due', payment_failed: true, trial_expired: false },
    });
    await fake.deliverAll(fake.payInvoice(subscription.id));
    expect((await organizationOf(o.token)).subscription_status).toMatchObject({ status: 'active', payment_failed: false });
  });

  it('a failed-payment event delivered after the invoice was paid leaves no failed mark', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const failedEvents = fake.failInvoice(subscription.id);
    const paidEvents = fake.payInvoice(subscription.id);
    await fake.deliverAll(paidEvents);
    await fake.deliverOutOfOrder(failedEvents);
    expect((await organizationOf(o.token)).subscription_status).toMatchObject({ status: 'active', payment_failed: false });
  });

  it('a deleted subscription closes the workspace like an ended trial', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    await fake.deliver(fake.deleteSubscription(subscription.id));
    expect((await organizationOf(o.token)).subscription_status).toMatchObject({ trial_expired: true, status: 'expired' });
    expect((await ctx.call('GET', '/api/projects', { token: o.token })).json().errors[0].code).toBe('trial_expired');
  });

  it('deleted delivered before an older updated still ends expired (state is read from Stripe, not the event)', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const updated = fake.updateSubscription(subscription.id, { price: PRICES.starter_monthly });
    const deleted = fake.deleteSubscription(subscription.id);
    await fake.deliverOutOfOrder([updated, deleted]);
    expect((await organizationOf(o.token)).subscription_status).toMatchObject({ trial_expired: true, status: 'expired' });
    expect((await eventRows(updated.id))[0].processedAt).not.toBeNull();
  });

  it("an old subscription's end does not close an organization that has subscribed again", async () => {
    const o = await trialOrg();
    const first = await subscribe(o);
    await fake.deliver(fake.deleteSubscription(first.subscription.id));
    const second = await subscribe(o, PRICES.starter_monthly);
    // A late event about the first subscription: Stripe now says canceled.
    await fake.deliver(fake.updateSubscription(first.subscription.id, { cancelAtPeriodEnd: true }));
    const row = await orgRow(o.org.id);
    expect(row).toMatchObject({ plan: 'starter', subscriptionStatus: 'active', stripeSubscriptionId: second.subscription.id });
  });

  it("an abandoned checkout's expired subscription leaves a running trial open", async () => {
    const o = await trialOrg();
    const res = await ctx.call('POST', '/api/checkout', {
      token: o.token,
      body: { data: { type: 'checkout', attributes: { items: [{ price: PRICES.pro_monthly, quantity: 1 }], customer_id: o.customerId } } },
    });
    // Stripe made the subscription but it was never paid: none of the checkout's events arrive, its expiry does.
    const { subscription } = fake.completeCheckout(res.json().data.id);
    await fake.deliver(fake.updateSubscription(subscription.id, { status: 'incomplete_expired' }));
    expect(await orgRow(o.org.id)).toMatchObject({ plan: 'trial', subscriptionStatus: 'trialing', planSource: 'signup', stripeSubscriptionId: null });
  });

  it('links a checkout opened without a customer to the organization in client_reference_id', async () => {
    const o = await makeOrg(ctx, { plan: 'trial' });
    const created = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'subscription',
        'line_items[0][price]': PRICES.pro_annual,
        'line_items[0][quantity]': '1',
        success_url: 'https://x',
        client_reference_id: String(o.org.id),
      }),
    });
    const { subscription, events } = fake.completeCheckout((await created.json()).id);
    await fake.deliverAll(events);
    expect(await orgRow(o.org.id)).toMatchObject({ stripeCustomerId: subscription.customer, plan: 'pro', billingPeriod: 'annual', planSource: 'stripe' });
  });

  it('reads the subscription of a legacy invoice (top-level subscription, no parent)', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const [, failed] = fake.failInvoice(subscription.id);
    const legacy: FakeEvent = { ...failed, id: `${failed.id}legacy`, data: { object: { ...failed.data.object, parent: null } } };
    await fake.deliver(legacy);
    expect((await orgRow(o.org.id)).paymentFailedAt).not.toBeNull();
  });
});

describe('POST /api/webhooks/stripe: exactly once', () => {
  it('a replayed event changes nothing twice and reads nothing twice', async () => {
    const o = await trialOrg();
    const { subscription, events } = await subscribe(o);
    const before = await orgRow(o.org.id);
    const reads = retrievals(subscription.id);
    const attempts = await fake.deliver(events[0], { repeat: 3 });
    expect(attempts.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await orgRow(o.org.id)).updatedAt).toEqual(before.updatedAt);
    expect(retrievals(subscription.id)).toBe(reads);
    expect(await eventRows(events[0].id)).toHaveLength(1);
  });

  it('two deliveries of one event at once apply it once', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const [updated, failed] = fake.failInvoice(subscription.id);
    const reads = retrievals(subscription.id);
    await Promise.all([fake.deliver(failed), fake.deliver(failed), fake.deliver(updated)]);
    expect(retrievals(subscription.id)).toBe(reads + 2);
    expect((await orgRow(o.org.id)).subscriptionStatus).toBe('past_due');
  });

  it('answers 502 while Stripe cannot be read, records nothing, and applies the retry', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const deleted = fake.deleteSubscription(subscription.id);
    fake.failNext(2); // the SDK retries once
    const attempts = await fake.deliver(deleted);
    expect(attempts.map((a) => a.status)).toEqual([502, 200]);
    expect(await eventRows(deleted.id)).toHaveLength(1);
    expect((await orgRow(o.org.id)).subscriptionStatus).toBe('expired');
  });

  it('acknowledges events for customers of no organization and other event types, recording them', async () => {
    const customer = await (
      await fetch(`${fake.url}/v1/customers`, { method: 'POST', headers: { authorization: `Bearer ${fake.env.STRIPE_SECRET_KEY}` } })
    ).json();
    const stranger: FakeEvent = {
      ...fake.events()[0],
      id: 'evt_stranger1',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_stranger', object: 'subscription', customer: customer.id, status: 'active' } },
    };
    const other: FakeEvent = { ...stranger, id: 'evt_othertype1', type: 'customer.updated' };
    expect((await fake.deliverAll([stranger, other])).map((a) => a.status)).toEqual([200, 200]);
    expect(await eventRows('evt_stranger1')).toMatchObject([{ organizationId: null, processedAt: expect.any(Date) }]);
    expect(await eventRows('evt_othertype1')).toHaveLength(1);
  });
});
