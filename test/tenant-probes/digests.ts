import type { TenantProbeSet } from './types.js';

/** The digests routes in the tenant-isolation suite (issue 15). TO BE FILLED by the digests helper. */
export const digestsProbes: TenantProbeSet = {
  async setup() {},
};
