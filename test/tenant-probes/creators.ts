import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's project the probes aim at. */
const ids = { project: 0 };

/**
 * The creators feature's route in the tenant-isolation suite: a project's leaderboard reads the
 * project's Twitch and YouTube feeds and saved copies (the streams and videos probes write the
 * owner's), so another organization naming the project gets 404 on either platform.
 */
export const creatorsProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
  },
  byId: {
    'GET /api/projects/:id/creators': { url: () => `/api/projects/${ids.project}/creators?filter[platform]=youtube` },
  },
};

/**
 * The project overview's figures and its Steam panel (issue 31): they read the owner's project
 * (its alerts' matches, its feeds, its Steam app ids — the owner's project follows one), so another
 * organization naming the project gets 404.
 */
export const overviewProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
    await f.ctx.deps.pool.query('update projects set steam_app_ids = $2 where id = $1', [f.projectId, [620]]);
  },
  byId: {
    'GET /api/projects/:id/coverage': { url: () => `/api/projects/${ids.project}/coverage` },
    'GET /api/projects/:id/steam': { url: () => `/api/projects/${ids.project}/steam` },
    'GET /api/projects/:id/overview': { url: () => `/api/projects/${ids.project}/overview` },
  },
};
