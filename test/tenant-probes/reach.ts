import type { TenantProbeSet } from './types.js';

/**
 * Reach in the tenant-isolation suite. The traffic ranking is the platform operator's: every
 * other organization gets the 404 of an unknown route, before a body (or an uploaded file) is read.
 */
export const reachProbes: TenantProbeSet = {
  async setup() {},
  operatorOnly: {
    'GET /api/operator/ranking': { url: () => '/api/operator/ranking' },
    'PATCH /api/operator/ranking': { url: () => '/api/operator/ranking', body: () => ({ data: { type: 'ranking', attributes: { auto_update: true } } }) },
    'POST /api/operator/ranking': { url: () => '/api/operator/ranking', body: () => ({ data: { type: 'ranking', attributes: {} } }) },
  },
  async snapshot(f) {
    const rows = await f.ctx.deps.pool.query(`select key, value from instance_settings where key like 'ranking_%' order by key`);
    const lists = await f.ctx.deps.pool.query('select id, current from ranking_lists order by id');
    return JSON.stringify([rows.rows, lists.rows]);
  },
};
