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
