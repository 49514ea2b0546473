import type { TenantProbeSet } from './types.js';

/** The slack routes in the tenant-isolation suite (issue 15). TO BE FILLED by the slack helper. */
export const slackProbes: TenantProbeSet = {
  async setup() {},
};
