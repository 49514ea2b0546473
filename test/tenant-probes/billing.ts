import { setStripeCustomerId } from '../../server/features/organizations/service.js';
import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's Stripe customer (the suite runs without Stripe: set as a connected install would have). */
const OWNER_CUSTOMER = 'cus_tenantprobeowner';

/**
 * The billing routes in the tenant-isolation suite (issue 14). Checkout and the portal take a
 * customer id: the outsider (an admin of its own organization) naming the owner's gets 404 — that
 * check comes before "billing not connected", so it holds on this Stripe-less suite too.
 */
export const billingProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    if (!(await setStripeCustomerId(f.ctx.deps.db, f.owner.org.id, OWNER_CUSTOMER))) throw new Error('billing probe setup: the owner already had a customer');
  },
  byId: {
    'POST /api/checkout': {
      url: () => '/api/checkout',
      body: () => ({ data: { type: 'checkout', attributes: { items: [{ price: 'price_any', quantity: 1 }], customer_id: OWNER_CUSTOMER } } }),
    },
    'POST /api/customer_portal': {
      url: () => '/api/customer_portal',
      body: () => ({ data: { type: 'customer_create_portal', attributes: { customer_id: OWNER_CUSTOMER } } }),
    },
  },
  async snapshot(f: TenantFixture) {
    const { rows } = await f.ctx.deps.pool.query(
      `select plan, permissions, stripe_customer_id, subscription_status, plan_source, stripe_subscription_id, billing_period,
              current_period_end, payment_failed_at, trial_ends_at
         from organizations where id = $1`,
      [f.owner.org.id],
    );
    const events = await f.ctx.deps.pool.query('select id, organization_id from stripe_events order by id');
    return JSON.stringify([rows, events.rows]);
  },
};
