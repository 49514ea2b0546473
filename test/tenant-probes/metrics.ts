import type { TenantProbeSet } from './types.js';

/**
 * Metrics in the tenant-isolation suite. The crawler status is the platform operator's (every
 * other organization gets the 404 of an unknown route; the operator's admin gets 200). GET
 * /metrics lives at the root, outside the /api walk: metrics.test.ts checks that it refuses
 * everybody but METRICS_TOKEN and the operator.
 */
export const metricsProbes: TenantProbeSet = {
  async setup() {},
  operatorOnly: {
    'GET /api/operator/crawler_status': { url: () => '/api/operator/crawler_status' },
  },
};
