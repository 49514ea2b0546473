import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../../db/schema/billing.js';
import type { FakeStripe } from '../../../test/fakes/stripe.js';
import type { TestContext } from '../../../test/helpers/app.js';
import { useWebhookSuite } from './webhooks-setup.js';
import { HANDLED_EVENTS } from './webhooks.js';

/**
 * POST /api/webhooks/stripe (issue 14): signed, and never a 5xx. The lifecycle and exactly-once
 * delivery are in webhooks.test.ts; the app and the fake Stripe are set up by webhooks-setup.ts.
 */

const w = useWebhookSuite();
const { trialOrg, subscribe, orgRow, eventRows, post } = w;
let fake: FakeStripe;
let ctx: TestContext;
beforeAll(() => {
  ({ fake, ctx } = w.suite);
});

describe('POST /api/webhooks/stripe: signature', () => {
  const unchanged = async (orgId: number, eventId: string, run: () => Promise<{ statusCode: number; json(): { errors: { code: string }[] } }>) => {
    const before = await orgRow(orgId);
    const res = await run();
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('bad_request');
    expect(await orgRow(orgId)).toEqual(before);
    expect(await eventRows(eventId)).toHaveLength(0);
  };

  it('refuses a forged, stale, missing or malformed signature and changes nothing', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const e = fake.deleteSubscription(subscription.id);
    const body = JSON.stringify(e);
    await unchanged(o.org.id, e.id, () => post(body, { 'stripe-signature': fake.signature(body, { secret: 'whsec_forged_secret' }) }));
    await unchanged(o.org.id, e.id, () => post(body, { 'stripe-signature': fake.signature(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }) }));
    // Dated in the future, beyond the same tolerance (a correctly signed replay prepared in advance).
    for (const ahead of [301, 3600]) {
      await unchanged(o.org.id, e.id, () => post(body, { 'stripe-signature': fake.signature(body, { timestamp: Math.floor(Date.now() / 1000) + ahead }) }));
    }
    await unchanged(o.org.id, e.id, () => post(body, {}));
    await unchanged(o.org.id, e.id, () => post(body, { 'stripe-signature': 'garbage' }));
    // Signed, but one byte differs from what was signed.
    await unchanged(o.org.id, e.id, () => post(body.replace('"canceled"', '"active"  '), { 'stripe-signature': fake.signature(body) }));
    // Signed, but not an event.
    await unchanged(o.org.id, e.id, () => post('not json', { 'stripe-signature': fake.signature('not json') }));
    await unchanged(o.org.id, e.id, () => post('{"id":"evt_x"}', { 'stripe-signature': fake.signature('{"id":"evt_x"}') }));
    // The fake's own delivery with a wrong secret is refused on every retry.
    expect((await fake.deliver(e, { secret: 'whsec_forged_secret' })).every((a) => a.status === 400)).toBe(true);
    // The genuine one goes through.
    expect((await post(body, { 'stripe-signature': fake.signature(body) })).statusCode).toBe(200);
    expect((await orgRow(o.org.id)).subscriptionStatus).toBe('expired');
  });

  it('refuses bodies that are not the JSON bytes Stripe sends, and bodies over 1 MB, without a 5xx', async () => {
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'text/plain', 'stripe-signature': fake.signature('{}') },
    });
    expect(plain.statusCode).toBe(400);
    const huge = JSON.stringify({ id: 'evt_huge', pad: 'x'.repeat(1024 * 1024) });
    expect((await post(huge, { 'stripe-signature': fake.signature(huge) })).statusCode).toBe(413);
    const jsonApi = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/vnd.api+json', 'stripe-signature': fake.signature('{}') },
    });
    expect(jsonApi.statusCode).toBe(400);
    expect(
      (
        await ctx.deps.db
          .select({ n: count() })
          .from(stripeEvents)
          .where(and(eq(stripeEvents.id, 'evt_huge')))
      )[0].n,
    ).toBe(0);
  });
});

describe('POST /api/webhooks/stripe: hostile input', () => {
  const noServerError = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) expect(JSON.parse(res.body).errors[0].status).toBe(String(res.statusCode));
  };

  it('never answers 5xx to unsigned bytes or headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 2000 }),
        fc.option(fc.string({ maxLength: 300 })),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
        async (payload, sig, type) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/webhooks/stripe',
            payload,
            headers: { 'content-type': type, ...(sig === null ? {} : { 'stripe-signature': sig }) },
          });
          noServerError(res);
          expect(res.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 60, seed: 20261124 },
    );
  });

  it('never answers 5xx to correctly signed events of any shape (Stripe is trusted, not its payload types)', async () => {
    const o = await trialOrg();
    const { subscription } = await subscribe(o);
    const value = fc.oneof(
      fc.constant(o.customerId),
      fc.constant(subscription.id),
      fc.constant(String(o.org.id)),
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const event = fc.record(
      {
        id: fc.oneof(
          fc.string({ maxLength: 30 }).map((x) => `evt_${x}`),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        object: fc.constant('event'),
        type: fc.oneof(fc.constantFrom(...HANDLED_EVENTS), fc.string({ maxLength: 40 })),
        data: fc.oneof(
          fc.record({
            object: fc.record(
              {
                id: value,
                customer: value,
                subscription: value,
                client_reference_id: value,
                metadata: fc.oneof(value, fc.record({ organization_id: value })),
                parent: fc.oneof(value, fc.record({ subscription_details: fc.record({ subscription: value }) })),
              },
              { requiredKeys: [] },
            ),
          }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(event, async (e) => {
        const body = JSON.stringify(e);
        noServerError(await post(body, { 'stripe-signature': fake.signature(body) }));
      }),
      { numRuns: 80, seed: 20261124 },
    );
  });

  it('never answers 5xx to hostile checkout and portal bodies', async () => {
    const o = await trialOrg();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 2 }), async (items, customer) => {
        const checkout = await ctx.call('POST', '/api/checkout', {
          token: o.token,
          body: { data: { type: 'checkout', attributes: { items, customer_id: customer } } },
        });
        noServerError(checkout);
        const portal = await ctx.call('POST', '/api/customer_portal', {
          token: o.token,
          body: { data: { type: 'customer_create_portal', attributes: { customer_id: customer } } },
        });
        noServerError(portal);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
