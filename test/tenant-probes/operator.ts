import type { TenantFixture, TenantProbeSet } from './types.js';

/** The organization the probes try to change (the owner's). */
const ids = { org: 0 };

/**
 * The operator console in the tenant-isolation suite: every other organization gets the 404 of an
 * unknown route, and the suite checks that the platform operator's admin gets 200 on the list.
 * A write aimed at the owner's organization must leave its plan and billing state untouched.
 */
export const operatorProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.org = f.owner.org.id;
  },
  operatorOnly: {
    'GET /api/operator/organizations': { url: () => '/api/operator/organizations?filter[search]=a' },
    'PATCH /api/operator/organizations/:id': {
      url: () => `/api/operator/organizations/${ids.org}`,
      body: () => ({ data: { type: 'operator_organization', id: String(ids.org), attributes: { plan: 'agency' } } }),
    },
  },
  async snapshot(f: TenantFixture) {
    const { rows } = await f.ctx.deps.pool.query(
      `select plan, tier_id, permissions, subscription_status, plan_source, trial_ends_at from organizations where id = $1`,
      [f.owner.org.id],
    );
    return JSON.stringify(rows);
  },
};
