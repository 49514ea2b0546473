import type { TenantProbeSet } from './types.js';

/** The videos feature's routes in the tenant-isolation suite. */
export const videosProbes: TenantProbeSet = {
  async setup() {},
};
