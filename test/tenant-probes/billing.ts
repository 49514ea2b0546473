import type { TenantProbeSet } from './types.js';

/** The billing routes in the tenant-isolation suite (issue 14). TO BE FILLED by the billing helper. */
export const billingProbes: TenantProbeSet = {
  async setup() {},
};
