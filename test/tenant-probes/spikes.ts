import type { TenantProbeSet } from './types.js';

let project = 0;

/**
 * Spike alerts (issue 32) in the tenant-isolation suite: a project's spike settings and its
 * spikes answer 404 to another organization, and its settings do not move.
 */
export const spikesProbes: TenantProbeSet = {
  async setup(f) {
    project = f.projectId;
    await f.ctx.deps.pool.query('update projects set spike_enabled = true, spike_factor = 4 where id = $1', [project]);
    await f.ctx.deps.pool.query(
      `insert into spike_alerts (organization_id, project_id, "window", window_start, matches, baseline, factor)
       values ($1, $2, 'day', date_trunc('day', now()), 40, 3, 4)`,
      [f.owner.org.id, project],
    );
  },
  byId: {
    'GET /api/projects/:id/spike-alerts': { url: () => `/api/projects/${project}/spike-alerts` },
    'PATCH /api/projects/:id/spike-alerts': {
      url: () => `/api/projects/${project}/spike-alerts`,
      body: () => ({ data: { type: 'spike-alerts', attributes: { enabled: false } } }),
    },
    'GET /api/projects/:id/spikes': { url: () => `/api/projects/${project}/spikes` },
  },
  async snapshot(f) {
    const settings = await f.ctx.deps.pool.query('select spike_enabled, spike_window, spike_factor, spike_min_matches from projects where id = $1', [project]);
    const spikes = await f.ctx.deps.pool.query('select id, matches from spike_alerts where organization_id = $1 order by id', [f.owner.org.id]);
    return JSON.stringify([settings.rows, spikes.rows]);
  },
};
