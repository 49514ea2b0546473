import type { TenantProbeSet } from './types.js';

/** The streams feature's routes in the tenant-isolation suite. */
export const streamsProbes: TenantProbeSet = {
  async setup() {},
};
