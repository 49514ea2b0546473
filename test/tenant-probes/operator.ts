import type { TenantProbeSet } from './types.js';

/** The operator routes in the tenant-isolation suite (issue 14). TO BE FILLED by the operator helper. */
export const operatorProbes: TenantProbeSet = {
  async setup() {},
};
