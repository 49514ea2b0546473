import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { organizations } from '../../db/schema/accounts.js';
import { stripeEvents } from '../../db/schema/billing.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { ensureCustomer } from './service.js';

/**
 * The setup of the POST /api/webhooks/stripe suites (webhooks.test.ts, webhooks-signature.test.ts):
 * the app listens on 127.0.0.1 and the fake Stripe delivers to it over HTTP, as Stripe would.
 */

export const PRICES = { starter_monthly: 'price_w_starter_m', starter_annual: 'price_w_starter_y', pro_monthly: 'price_w_pro_m', pro_annual: 'price_w_pro_y' };
const SECRET = 'whsec_webhook_suite';

export type Org = Awaited<ReturnType<typeof makeOrg>> & { customerId: string };

/** The fake Stripe and the app of one test file, set once its beforeAll has run. */
export interface WebhookSuite {
  fake: FakeStripe;
  ctx: TestContext;
}

/** Starts the fake Stripe and the app for the calling test file (stopped after it), with its helpers. */
export function useWebhookSuite() {
  const s = {} as WebhookSuite;
  beforeAll(async () => {
    s.fake = await startFakeStripe({ secretKey: 'sk_test_webhook_suite', webhookSecret: SECRET, prices: PRICES, retryDelayMs: 5 });
    s.ctx = await createTestContext({ ...s.fake.env, PUBLIC_URL: 'https://app.coverwatch.test' });
    await s.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    s.fake.setWebhookUrl(`http://127.0.0.1:${(s.ctx.app.server.address() as AddressInfo).port}/api/webhooks/stripe`);
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.fake?.close();
  });

  async function trialOrg(): Promise<Org> {
    const o = await makeOrg(s.ctx, { plan: 'trial' });
    return { ...o, customerId: (await ensureCustomer(s.ctx.deps, o.org.id))! };
  }

  /** Checkout through the API, paid on the fake, its events delivered in order. */
  async function subscribe(o: Org, price = PRICES.pro_monthly) {
    const res = await s.ctx.call('POST', '/api/checkout', {
      token: o.token,
      body: { data: { type: 'checkout', attributes: { items: [{ price, quantity: 1 }], customer_id: o.customerId } } },
    });
    expect(res.statusCode).toBe(201);
    const { subscription, events } = s.fake.completeCheckout(res.json().data.id);
    const attempts = await s.fake.deliverAll(events);
    expect(attempts.map((a) => a.status)).toEqual([200, 200, 200]);
    return { subscription, events };
  }

  return {
    suite: s,
    trialOrg,
    subscribe,
    orgRow: async (id: number) => (await s.ctx.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0],
    organizationOf: async (token: string) => (await s.ctx.call('GET', '/api/user', { token })).json().data.attributes.organization,
    eventRows: async (id: string) => s.ctx.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, id)),
    retrievals: (subscriptionId: string) => s.fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length,
    /** A raw delivery through inject, for what the fake would never send. */
    post: (payload: string, headers: Record<string, string>) =>
      s.ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', ...headers } }),
  };
}
