import type { TenantProbeSet } from './types.js';

/**
 * GDELT discovery in the tenant-isolation suite. Its state and switch are the platform operator's:
 * every other organization gets the 404 of an unknown route, before the body is read, and the
 * switch does not move.
 */
export const gdeltProbes: TenantProbeSet = {
  async setup() {},
  operatorOnly: {
    'GET /api/operator/gdelt': { url: () => '/api/operator/gdelt' },
    'PATCH /api/operator/gdelt': { url: () => '/api/operator/gdelt', body: () => ({ data: { type: 'gdelt', attributes: { enabled: true } } }) },
  },
  async snapshot(f) {
    const rows = await f.ctx.deps.pool.query(`select key, value from instance_settings where key like 'gdelt_%' order by key`);
    const queries = await f.ctx.deps.pool.query('select id, state from gdelt_queries order by id');
    return JSON.stringify([rows.rows, queries.rows]);
  },
};
