import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStripeForm, startFakeStripe, type FakeStripe } from './stripe.js';

const KEY = 'sk_test_fake_selftest';
const SECRET = 'whsec_fake_selftest';
const PRICES = { pro_monthly: 'price_pro_m', pro_annual: 'price_pro_y' };

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: KEY, webhookSecret: SECRET, prices: PRICES, retryDelayMs: 1 });
  const u = new URL(fake.url);
  // The official SDK against the fake: the fake must speak what it sends and understand its answers.
  stripe = new Stripe(KEY, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake?.close());

/** A webhook receiver answering the statuses in `script`, then 200; it keeps what it received. */
async function receiver(script: number[] = []) {
  const received: { signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['stripe-signature']), body });
      res.writeHead(script.shift() ?? 200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('fake Stripe', () => {
  it('decodes bracketed form bodies into objects and arrays', () => {
    expect(decodeStripeForm('line_items[0][price]=p1&line_items[0][quantity]=1&metadata[organization_id]=7&mode=subscription')).toEqual({
      line_items: [{ price: 'p1', quantity: '1' }],
      metadata: { organization_id: '7' },
      mode: 'subscription',
    });
  });

  it('refuses a wrong key with Stripe’s 401 body, and answers resource_missing for unknown ids', async () => {
    const wrong = await fetch(`${fake.url}/v1/customers/cus_x`, { headers: { authorization: 'Bearer sk_test_wrong' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'api_key_invalid' });
    await expect(stripe.subscriptions.retrieve('sub_unknown')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('returns the first customer again for a repeated Idempotency-Key', async () => {
    const a = await stripe.customers.create({ name: 'Acme', metadata: { organization_id: '1' } }, { idempotencyKey: 'org-1-customer' });
    const b = await stripe.customers.create({ name: 'Acme', metadata: { organization_id: '1' } }, { idempotencyKey: 'org-1-customer' });
    expect(b.id).toBe(a.id);
    expect((await stripe.customers.retrieve(a.id)) as Stripe.Customer).toMatchObject({ name: 'Acme', metadata: { organization_id: '1' } });
  });

  it('turns a paid checkout into an active basil-shaped subscription and its events', async () => {
    const customer = await stripe.customers.create({ name: 'Beta' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICES.pro_annual, quantity: 1 }],
      success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/settings',
    });
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], success_url: 'http://x' }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const { subscription, events } = fake.completeCheckout(session.id);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    const sub = await stripe.subscriptions.retrieve(subscription.id);
    expect(sub).toMatchObject({ status: 'active', customer: customer.id });
    expect(sub.items.data[0].price.id).toBe(PRICES.pro_annual);
    expect(sub.items.data[0].current_period_end - sub.items.data[0].current_period_start).toBe(365 * 86400);
    const invoice = events[2].data.object as { subscription: string; parent: { subscription_details: { subscription: string } } };
    expect(invoice.parent.subscription_details.subscription).toBe(sub.id);
    expect(invoice.subscription).toBe(sub.id);

    // Events are snapshots: a later change does not rewrite them.
    fake.deleteSubscription(sub.id);
    expect((events[1].data.object as { status: string }).status).toBe('active');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('serves the Pay page, which completes the session, delivers its webhooks and redirects to success_url', async () => {
    const hook = await receiver();
    fake.setWebhookUrl(hook.url);
    const customer = await stripe.customers.create({ name: 'Gamma' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICES.pro_monthly, quantity: 1 }],
      success_url: 'http://app.test/subscription-upgrade-success?session_id={CHECKOUT_SESSION_ID}',
    });
    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/subscription-upgrade-success?session_id=${session.id}`);
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    // Signed as Stripe signs: the SDK's own verification accepts it.
    const first = hook.received[0];
    expect(stripe.webhooks.constructEvent(first.body, first.signature, SECRET).type).toBe('checkout.session.completed');

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/settings' });
    const portalHtml = await (await fetch(portal.url)).text();
    expect(portalHtml).toContain('Customer portal');
    expect(portalHtml).toContain(customer.id);
    expect(portalHtml).toContain('href="http://app.test/settings"');
    expect(portalHtml).toContain('<button type="submit">Cancel subscription</button>');
    const cancelled = await fetch(`${portal.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe('http://app.test/settings');
    expect(JSON.parse(hook.received.at(-1)!.body)).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { customer: customer.id, status: 'canceled' } },
    });
    expect(await (await fetch(portal.url)).text()).toContain('No active subscription.');
    fake.setWebhookUrl(undefined);
    await hook.close();
  });

  it('retries a delivery answered 5xx with back-off, repeats on demand and delivers out of order', async () => {
    const hook = await receiver([500, 503]);
    const customer = await stripe.customers.create({ name: 'Delta' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICES.pro_monthly, quantity: 1 }],
      success_url: 'http://x',
    });
    const { events } = fake.completeCheckout(session.id);
    const attempts = await fake.deliver(events[0], { url: hook.url });
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    await fake.deliver(events[0], { url: hook.url, repeat: 2 });
    expect(hook.received.slice(-2).map((r) => JSON.parse(r.body).id)).toEqual([events[0].id, events[0].id]);
    await fake.deliverOutOfOrder(events, { url: hook.url });
    expect(hook.received.slice(-3).map((r) => JSON.parse(r.body).type)).toEqual([
      'invoice.paid',
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    await hook.close();
  });

  it('gives up after maxAttempts and answers scripted API failures', async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    const e = fake.events()[0];
    expect((await fake.deliver(e, { url: hook.url })).map((a) => a.status)).toEqual([500, 500, 500, 500]);
    await hook.close();
    fake.failNext(1);
    await expect(stripe.customers.create({ name: 'Down' })).rejects.toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    expect((await stripe.customers.create({ name: 'Up' })).id).toMatch(/^cus_/);
  });

  it('adopts customers it forgot when told to (dev), and only then', async () => {
    const dev = await startFakeStripe({ secretKey: KEY, webhookSecret: SECRET, prices: PRICES, adoptUnknownCustomers: true });
    const body = new URLSearchParams({ customer: 'cus_fromlastrun', return_url: 'http://app.test/settings' });
    const headers = { authorization: `Bearer ${KEY}` };
    expect((await fetch(`${dev.url}/v1/billing_portal/sessions`, { method: 'POST', headers, body })).status).toBe(200);
    expect((await fetch(`${fake.url}/v1/billing_portal/sessions`, { method: 'POST', headers, body })).status).toBe(404);
    await dev.close();
  });
});
