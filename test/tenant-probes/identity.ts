import type { TenantProbeSet } from './types.js';

/** The identity routes in the tenant-isolation suite (issue 15). TO BE FILLED by the identity helper. */
export const identityProbes: TenantProbeSet = {
  async setup() {},
};
